"""The director's forms and services take ASCII digits, real cards and pair numbers a session can have."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction

from tournaments.bridge.formats.legacy import LegacyPair, ScoreFile
from tournaments.core.models import Player
from tournaments.exchange.services.legacy import MAX_IMPORTED_PAIRS, score_file_import
from tournaments.night.forms.results import ResultForm
from tournaments.night.forms.sessions import BoardCountForm, DealForm, PairForm
from tournaments.night.models import MAX_PAIR_NUMBER, Pair, Result, Session
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import pair_add


@pytest.mark.parametrize("number", ["٣", "３", "1000", "0", "9" * 5000])
def test_a_pair_number_is_ascii_and_at_most_999(mitchell_session, number):
    form = PairForm({"player1": "Ann", "direction": "NS", "number": number}, session=mitchell_session)

    assert not form.is_valid()
    assert form.errors["number"]


@pytest.mark.parametrize(("form_class", "field"), [(DealForm, "count"), (BoardCountForm, "count")])
@pytest.mark.parametrize("count", ["٣", "３", "²"])
def test_board_counts_are_ascii(form_class, field, count):
    form = form_class({field: count})

    assert not form.is_valid()
    assert "digits" in " ".join(form.errors[field])


@pytest.mark.parametrize("count", ["3", " 3 ", "+3"])
def test_board_counts_in_ascii_digits_are_read(count):
    form = BoardCountForm({"count": count})

    assert form.is_valid(), form.errors
    assert form.cleaned_data["count"] == 3


def test_the_service_refuses_a_pair_number_beyond_any_session(mitchell_session):
    with pytest.raises(ValidationError, match=str(MAX_PAIR_NUMBER)):
        pair_add(
            session=mitchell_session, player_names=("Ann", "Bob"), direction="NS", number=MAX_PAIR_NUMBER + 1
        )

    assert not mitchell_session.pairs.filter(number__gt=3).exists()


def test_the_database_refuses_a_pair_number_beyond_an_import(mitchell_session):
    player = Player.objects.create(name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Pair.objects.create(
            session=mitchell_session, number=MAX_IMPORTED_PAIRS + 1, direction="NS", player1=player
        )


def test_an_import_of_more_pairs_than_the_database_takes_is_refused(club):
    pairs = tuple(LegacyPair(number, f"Player {number}") for number in range(1, MAX_IMPORTED_PAIRS + 2))
    score_file = ScoreFile(pairs=pairs, boards=())

    with pytest.raises(ValidationError, match=f"{MAX_IMPORTED_PAIRS:,}"):
        score_file_import(club=club, date=datetime.date(2026, 3, 10), name="Big", score_file=score_file)

    assert not Session.objects.exists()


def _result_data(session: Session, **fields: str) -> dict[str, object]:
    return {
        "ns_pair": session.pairs.get(direction="NS", number=1).pk,
        "ew_pair": session.pairs.get(direction="EW", number=1).pk,
        "contract": "4S",
        "declarer": "N",
        "result": "=",
        "lead": "",
        **fields,
    }


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"lead": "ZZ"}, "lead"),
        ({"lead": "S1"}, "lead"),
        ({"result": "٩"}, "result"),
        ({"result": "+١"}, "result"),
        ({"contract": "٤S"}, "contract"),
    ],
)
def test_the_result_form_refuses_what_is_not_a_card_or_an_ascii_number(mitchell_session, fields, field):
    pairs = list(mitchell_session.pairs.all())
    form = ResultForm(_result_data(mitchell_session, **fields), session=mitchell_session, pairs=pairs)

    valid = form.is_valid()
    if valid:
        data = form.cleaned_data
        entry = ResultEntry(
            data["ns_pair"], data["ew_pair"], data["contract"], data["declarer"], data["result"], data["lead"]
        )
        with pytest.raises(ValidationError) as refused:
            result_record(board=mitchell_session.boards.get(number=1), entry=entry)
        assert field in refused.value.message_dict
    else:
        assert field in form.errors
    assert not Result.objects.exists()


@pytest.mark.parametrize(("lead", "stored"), [("ht", "H10"), ("SA", "SA"), ("10d", "D10"), ("", "")])
def test_a_lead_is_stored_normalised(mitchell_session, lead, stored):
    pairs = mitchell_session.pairs
    entry = ResultEntry(
        pairs.get(direction="NS", number=1), pairs.get(direction="EW", number=1), "4S", "N", "=", lead
    )

    result = result_record(board=mitchell_session.boards.get(number=1), entry=entry)

    assert result.lead == stored


@pytest.mark.parametrize(
    "args",
    [
        ["export_scores", "٣"],
        ["simulate", "--count", "٣"],
        ["simulate", "--seed", "１"],
        ["export_scores", "9" * 5000],
    ],
    ids=["export session", "simulate count", "simulate seed", "huge"],
)
def test_command_numbers_are_ascii_digits(db, args):
    with pytest.raises(CommandError, match="digits 0-9"):
        call_command(*args, stdout=io.StringIO(), stderr=io.StringIO())
