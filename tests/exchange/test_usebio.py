"""USEBIO in the site: export then import gives the same results and standings; differences reported."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.exchange.played import mitchell_play
from tournaments.bridge.formats.usebio import read_usebio
from tournaments.core.models import Club, Player
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes, session_usebio_event
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Result, Session, SessionState, Standing


@pytest.fixture
def played_session(mitchell_session: Session) -> Session:
    Player.objects.filter(name="Ann North").update(federation_number="EBU-1001")
    return mitchell_play(mitchell_session)


@pytest.fixture
def other_club(db) -> Club:
    return Club.objects.create(name="Hillside Bridge Club", slug="hillside")


def _results(session: Session) -> list[tuple]:
    return sorted(
        Result.objects.filter(board__session=session).values_list(
            "board__number",
            "ns_pair__number",
            "ew_pair__number",
            "contract",
            "declarer",
            "tricks",
            "lead",
            "ns_score",
            "ns_matchpoints",
            "ew_matchpoints",
        )
    )


def _standings(session: Session) -> list[tuple]:
    return sorted(
        Standing.objects.filter(session=session).values_list(
            "pair__direction", "pair__number", "rank", "tied", "matchpoints", "percentage", "boards_played"
        )
    )


def test_export_then_import_gives_the_same_results_and_standings(played_session, other_club):
    imported = usebio_import(club=other_club, data=session_usebio_bytes(played_session))
    session = imported.session
    assert imported.differences == []
    assert (session.name, session.date, session.movement, session.scoring) == (
        "Friday evening",
        datetime.date(2026, 11, 20),
        "mitchell",
        "mp",
    )
    assert _results(session) == _results(played_session)
    assert _standings(session) == _standings(played_session)
    assert Session.objects.get(pk=session.pk).state == SessionState.PLAY  # played, not yet published
    # Another club's numbers find none of its players (issue 46): Ann is the club's own new player.
    ann = session.pairs.get(direction="NS", number=1).player1
    assert (ann.name, ann.federation_number) == ("Ann North", "")
    assert ann != played_session.pairs.get(direction="NS", number=1).player1


def test_the_export_states_players_travellers_and_standings(played_session):
    event = read_usebio(session_usebio_bytes(played_session))
    assert event.club == "Riverside Bridge Club" and event.is_mitchell
    assert [len(board.lines) for board in event.boards] == [3, 3, 3]
    first = next(pair for pair in event.pairs if pair.label == "1 NS")
    assert first.players[0].federation_number == "EBU-1001"
    standing = Standing.objects.get(pair__session=played_session, pair__direction="NS", pair__number=1)
    assert first.percentage == pytest.approx(standing.percentage, abs=0.005)
    assert first.place == standing.rank


def test_the_usebio_export_reads_in_three_queries(played_session, django_assert_num_queries):
    played_session = Session.objects.select_related("club").get(pk=played_session.pk)
    with django_assert_num_queries(3):
        session_usebio_event(played_session)


def test_differences_from_the_files_figures_are_reported(played_session, other_club):
    data = session_usebio_bytes(played_session).decode()
    line = data.index("<SCORE>")
    data = data[:line] + data[line:].replace("<SCORE>", "<SCORE>1", 1)  # e.g. 400 -> 1400 on one line
    event = read_usebio(data.encode())
    stated = next(pair for pair in event.pairs if pair.label == "2 EW")
    data = data.replace(
        f"<PERCENTAGE>{stated.percentage:.2f}</PERCENTAGE>", "<PERCENTAGE>99.99</PERCENTAGE>", 1
    )
    imported = usebio_import(club=other_club, data=data.encode(), name="Copy")
    assert any(
        difference.startswith("Board 1, line 1 (1 NS v 1 EW): the file scores NS 1")
        for difference in imported.differences
    )
    assert any("99.99%" in difference for difference in imported.differences)
    assert imported.session.name == "Copy"


@pytest.mark.parametrize(
    "mutate, message",
    [
        (
            # Not a contract, and no score stated to keep in its place.
            lambda data: re.sub(
                rb"<CONTRACT>3NT</CONTRACT>(.*?)<SCORE>[^<]*</SCORE>",
                rb"<CONTRACT>8NT</CONTRACT>\1",
                data,
                count=1,
                flags=re.S,
            ),
            "BOARD 1, line 1: <CONTRACT> '8NT'",
        ),
        (  # a pair twice on one board: refused by the result services, inside the import
            lambda data: data.replace(b"<NS_PAIR_NUMBER>2NS<", b"<NS_PAIR_NUMBER>1NS<", 1),
            r"Board 1, line 2 \(1 NS v 2 EW\): Pair 1 NS already has a result on board 1",
        ),
        (
            lambda data: data.replace(b"<NS_PAIR_NUMBER>3NS<", b"<NS_PAIR_NUMBER>9NS<", 1),
            "NS pair '9NS' is not a",
        ),
        (lambda data: data.replace(b"<DATE>", b"<DATE>x", 1), "dd/mm/yyyy"),
        (lambda data: data[:200], "not well-formed"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_is_stored(played_session, other_club, mutate, message):
    with pytest.raises(ValidationError, match=message):
        usebio_import(club=other_club, data=mutate(session_usebio_bytes(played_session)))
    assert not Session.objects.filter(club=other_club).exists()


def test_an_import_over_an_existing_session_name_is_refused(played_session):
    with pytest.raises(ValidationError):
        usebio_import(club=played_session.club, data=session_usebio_bytes(played_session))
    assert Session.objects.filter(club=played_session.club).count() == 1


def test_export_usebio_then_import_usebio_commands(played_session, other_club, tmp_path, capsys):
    path = tmp_path / "results.xml"
    call_command("export_usebio", str(played_session.pk), "--output", str(path))
    call_command("import_usebio", str(path), "--club", "hillside")
    out = capsys.readouterr().out
    assert "scores and standings agree" in out
    assert _results(Session.objects.get(club=other_club)) == _results(played_session)


@pytest.mark.parametrize(
    "args, message",
    [
        (["export_usebio", "999"], "No session with id 999"),
        (["import_usebio", "FILE", "--club", "nowhere"], "No club 'nowhere'"),
        (["import_usebio", "FILE", "--club", "riverside"], "not well-formed"),
    ],
)
def test_the_usebio_commands_refuse_with_a_clear_message(club, tmp_path, args, message):
    path = tmp_path / "bad.xml"
    path.write_text("<USEBIO>")
    with pytest.raises(CommandError, match=message):
        call_command(*[str(path) if arg == "FILE" else arg for arg in args])


def test_the_director_downloads_the_usebio_file(director_client, played_session, client):
    url = reverse("director:exchange:usebio_download", args=[played_session.pk])
    assert url in director_client.get(reverse("director:session", args=[played_session.pk])).content.decode()
    response = director_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith('friday-evening.xml"')
    assert len(read_usebio(response.content).boards) == 3


def test_other_users_cannot_download_the_usebio_file(client, django_user_model, played_session):
    url = reverse("director:exchange:usebio_download", args=[played_session.pk])
    assert client.get(url).status_code == 302
    client.force_login(django_user_model.objects.create_user(username="player", password="x-pw-12345"))
    assert client.get(url).status_code == 403


def test_a_board_not_played_at_a_table_gets_no_result_and_points_given_to_it_are_listed(other_club):
    from tests.bridge.formats.test_usebio import NESTED

    imported = usebio_import(club=other_club, data=NESTED.encode("latin-1"))
    session = imported.session
    assert list(Result.objects.filter(board__session=session).values_list("board__number", "ns_score")) == [
        (2, 50)
    ]
    assert session.boards.get(number=1).north == "AKQJ.T98.765.432"  # hands inside the results' BOARD
    given = NESTED.replace(
        "<SCORE>0</SCORE></TRAVELLER_LINE>",
        "<SCORE>0</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS>"
        "<EW_MATCH_POINTS>1</EW_MATCH_POINTS></TRAVELLER_LINE>",
        1,
    )
    differences = usebio_import(club=other_club, data=given.encode("latin-1"), name="Again").differences
    assert (
        "Board 1, line 1 (1 NS v 1 EW): not played (no contract, no adjusted score), yet the file gives "
        "NS 1 and EW 1; ClubScore has no result there." in differences
    )


def test_an_arrow_switched_line_and_an_unreadable_lead_import(played_session, other_club):
    data = session_usebio_bytes(played_session).decode()
    first = data.index("<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>")
    swapped = data[first:].replace("1NS</NS_PAIR_NUMBER>", "1EW</NS_PAIR_NUMBER>", 1)
    swapped = swapped.replace("<EW_PAIR_NUMBER>1EW<", "<EW_PAIR_NUMBER>1NS<", 1).replace(
        "<LEAD>SQ<", "<LEAD>Q?<", 1
    )
    imported = usebio_import(club=other_club, data=(data[:first] + swapped).encode())
    session = imported.session
    assert session.arrow_switch_rounds and session.ranks_one_field
    result = Result.objects.get(board__session=session, board__number=1, ns_pair__direction="EW")
    assert (result.ns_pair.label, result.ew_pair.label, result.lead) == ("1 EW", "1 NS", "")
    assert "Board 1, line 1 (1 EW v 1 NS): the lead 'Q?' is not a card; the result is stored without it." in (
        imported.differences
    )
    again = session_usebio_bytes(session)
    assert b"<WINNER_TYPE>1</WINNER_TYPE>" in again  # one winner: the fields met
    assert usebio_import(club=other_club, data=again, name="Again").differences == []


def test_a_file_of_more_results_than_the_limit_is_refused_before_anything_is_stored(other_club, monkeypatch):
    from tests.bridge.formats.test_usebio import NESTED
    from tournaments.exchange.services import usebio

    monkeypatch.setattr(usebio, "MAX_USEBIO_LINES", 1)
    with pytest.raises(ValidationError, match="The file holds 2 results; at most 1 are imported at once."):
        usebio_import(club=other_club, data=NESTED.encode("latin-1"))
    assert not Session.objects.filter(club=other_club).exists()


def test_a_nameless_pair_is_left_out_unless_it_played(played_session, other_club):
    data = session_usebio_bytes(played_session).decode()
    phantom = (
        "<PAIR><PAIR_NUMBER>4NS</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLAYER><PLAYER_NAME/></PLAYER></PAIR>"
    )
    with_phantom = data.replace("</PARTICIPANTS>", phantom + "</PARTICIPANTS>", 1)
    session = usebio_import(club=other_club, data=with_phantom.encode()).session
    assert session.pairs.count() == played_session.pairs.count()  # the phantom is not seated
    nameless = with_phantom.replace("<PLAYER_NAME>Ann North</PLAYER_NAME>", "<PLAYER_NAME></PLAYER_NAME>")
    nameless = nameless.replace("<PLAYER_NAME>Bob North</PLAYER_NAME>", "<PLAYER_NAME></PLAYER_NAME>")
    with pytest.raises(
        ValidationError, match="Pair 1 NS has results, but the file names none of its players"
    ):
        usebio_import(club=other_club, data=nameless.encode(), name="Again")
