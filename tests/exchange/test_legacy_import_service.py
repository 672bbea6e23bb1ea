"""Importing a legacy score file: what it stores, that its standings are the simpscore report,
that a bad file stores nothing, and that the same file twice is refused unless replaced."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.exchange.legacy_files import EASY_TEST, EASY_TEST_REPORT, generated_score_file, standing_report
from tournaments.bridge.formats.legacy import LegacyFormatError, parse_score_file, simpscore_report
from tournaments.core.models import Player
from tournaments.exchange.services.legacy import score_file_import, score_file_preview, split_pair_names
from tournaments.night.models import Board, Movement, Pair, Result, Session, SessionState, Standing
from tournaments.season.models import ClubMember

DAY = datetime.date(2026, 3, 10)
STORED = (Session, Player, Pair, Board, Result, Standing)


def import_text(club, text, name="Imported", **kwargs) -> Session:
    return score_file_import(club=club, date=DAY, name=name, text=text, **kwargs)


def stored_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in STORED}


def session_standings(session: Session) -> list[Standing]:
    return list(Standing.objects.filter(session=session).select_related("pair__player1", "pair__player2"))


@pytest.mark.parametrize(
    ("names", "players"),
    [
        ("Bill Gates - Warren Buffett", ["Bill Gates", "Warren Buffett"]),
        ("Cher - Madonna - Prince", ["Cher", "Madonna - Prince"]),
        ("Cher", ["Cher"]),
        ("Jean-Paul Sartre", ["Jean-Paul Sartre"]),
    ],
)
def test_pair_names_split_on_the_first_spaced_dash(names, players):
    assert split_pair_names(names) == players


def test_example_file_stores_its_pairs_players_boards_and_bare_ns_scores(club):
    session = import_text(club, EASY_TEST)

    assert session.movement == Movement.HOWELL
    assert session.source_sha256
    pairs = list(session.pairs.order_by("number"))
    assert [(pair.number, pair.direction, pair.names) for pair in pairs] == [
        (1, "", "Bill Gates - Warren Buffett"),
        (2, "", "Gene Simmons - Richard Simmons"),
        (3, "", "Cher - Madonna"),
        (4, "", "Tiger Woods - Phil Mickelson"),
    ]
    assert Player.objects.count() == 8
    assert list(session.boards.values_list("number", flat=True)) == [1, 2, 3]
    results = Result.objects.filter(board__session=session)
    assert set(results.values_list("contract", "declarer", "tricks", "ew_pair")) == {("", "", None, None)}
    by_board = {
        number: sorted(results.filter(board__number=number).values_list("ns_pair__number", "ns_score"))
        for number in (1, 2, 3)
    }
    assert by_board == {
        1: [(1, -430), (2, -400), (3, -520), (4, -1100)],
        2: [(1, -180), (2, -130), (3, -130), (4, 0)],
        3: [(1, -100), (2, 650), (3, 650)],
    }


def test_an_imported_session_is_finished_so_published(club):
    assert import_text(club, EASY_TEST).state == SessionState.FINISHED


def test_example_file_standings_are_its_simpscore_report(club):
    session = import_text(club, EASY_TEST)

    assert standing_report(session_standings(session)) == EASY_TEST_REPORT


@pytest.mark.parametrize(("pairs", "boards", "seed"), [(7, 5, 1), (12, 9, 2), (30, 4, 3)])
def test_generated_file_standings_are_its_simpscore_report(club, pairs, boards, seed):
    text = generated_score_file(pairs, boards, seed)
    session = import_text(club, text)

    assert standing_report(session_standings(session)) == simpscore_report(parse_score_file(text))


def test_standings_rank_by_percentage(club):
    session = import_text(club, EASY_TEST)

    ranked = [(s.rank, s.pair.number) for s in Standing.objects.filter(session=session).order_by("rank")]
    assert ranked == [(1, 2), (2, 3), (3, 4), (4, 1)]


def test_preview_gives_the_report_figures_best_first():
    rows = score_file_preview(parse_score_file(EASY_TEST))

    assert [(row.rank, row.number, f"{row.percentage:.2f}", row.matchpoints) for row in rows] == [
        (1, 2, "75.00", 6.0),
        (2, 3, "52.78", 4.0),
        (3, 4, "50.00", 3.0),
        (4, 1, "22.22", 2.0),
    ]


def test_preview_shares_a_place_between_equal_percentages():
    rows = score_file_preview(parse_score_file("1 A\n2 B\n3 C\nSCORES\n10 10 -10\n"))

    assert [(row.rank, row.tied, row.number) for row in rows] == [(1, True, 1), (1, True, 2), (3, False, 3)]


def test_players_the_club_knows_are_reused_by_exact_name(club):
    known = Player.objects.create(name="Cher")
    ClubMember.objects.create(club=club, player=known)  # the club's own (issue 28: only those)
    ClubMember.objects.create(club=club, player=Player.objects.create(name="bill gates"))

    session = import_text(club, EASY_TEST)

    assert Pair.objects.get(session=session, number=3).player1 == known
    assert Pair.objects.get(session=session, number=1).player1.name == "Bill Gates"
    assert Player.objects.filter(name="Cher").count() == 1


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param("", 1, id="empty"),
        pytest.param("1 A\n2 B\n", 2, id="no-scores-line"),
        pytest.param("A - B\nSCORES\n10\n", 1, id="missing-pair-number"),
        pytest.param("1 A\n3 B\nSCORES\n10 20\n", 2, id="numbers-not-1-to-n"),
        pytest.param("1 A\n1 B\nSCORES\n10 20\n", 2, id="repeated-number"),
        pytest.param("1 A\n2\nSCORES\n10 20\n", 2, id="pair-without-names"),
        pytest.param("1 A\n2 B\nSCORES\n10 20\n10\n", 5, id="too-few-scores"),
        pytest.param("1 A\n2 B\nSCORES\n10 20 30\n", 4, id="too-many-scores"),
        pytest.param("1 A\n2 B\nSCORES\n10 20\n10 x\n", 5, id="score-not-a-number"),
    ],
)
def test_a_bad_file_stores_nothing(club, text, line):
    before = stored_counts()

    with pytest.raises(LegacyFormatError) as raised:
        import_text(club, text)

    assert raised.value.line == line
    assert stored_counts() == before


def test_a_failure_after_rows_are_written_stores_nothing(club, monkeypatch):
    """The whole import is one transaction: a failure at the last step undoes the pairs and results."""
    import tournaments.exchange.services.legacy as imports

    def broken_standings(session):
        raise RuntimeError("standings failed")

    monkeypatch.setattr(imports, "session_recalculate_standings", broken_standings)
    before = stored_counts()

    with pytest.raises(RuntimeError):
        import_text(club, EASY_TEST)

    assert stored_counts() == before


def test_the_same_file_twice_is_refused_naming_the_session(club):
    first = import_text(club, EASY_TEST, name="Tuesday")
    before = stored_counts()

    with pytest.raises(ValidationError) as raised:
        import_text(club, EASY_TEST, name="Wednesday")

    assert f"session {first.pk}" in raised.value.messages[0]
    assert "Tuesday" in raised.value.messages[0]
    assert stored_counts() == before


def test_the_same_file_respaced_is_still_the_same_file(club):
    import_text(club, EASY_TEST, name="Tuesday")
    respaced = EASY_TEST.replace("\n", "\r\n").replace(" ", "  ")

    with pytest.raises(ValidationError):
        import_text(club, respaced, name="Wednesday")


def test_replace_deletes_the_session_imported_before_and_imports_anew(club):
    first = import_text(club, EASY_TEST, name="Tuesday")

    second = import_text(club, EASY_TEST, name="Tuesday", replace=True)

    assert not Session.objects.filter(pk=first.pk).exists()
    assert list(Session.objects.values_list("pk", flat=True)) == [second.pk]
    assert Result.objects.count() == 11
    assert standing_report(session_standings(second)) == EASY_TEST_REPORT


def test_replace_keeps_the_players_of_the_session_it_replaces(club):
    """They were the club's own until the old session went: a name still finds them (issue 28),
    so a player's row, page and initials survive a corrected file imported again."""
    first = import_text(club, EASY_TEST, name="Tuesday")
    players = sorted(Player.objects.values_list("pk", "name"))
    Player.objects.filter(name="Cher").update(shown_by_initials=True)

    second = import_text(club, EASY_TEST, name="Tuesday", replace=True)

    assert sorted(Player.objects.values_list("pk", "name")) == players
    assert Pair.objects.get(session=second, number=3).player1.shown_by_initials
    assert first.pk != second.pk


def test_the_same_file_for_another_club_is_not_a_duplicate(club):
    from tournaments.core.models import Club

    other = Club.objects.create(name="Hilltop", slug="hilltop")
    import_text(club, EASY_TEST)

    session = import_text(other, EASY_TEST)

    assert session.club == other


def test_a_session_name_already_used_that_day_stores_nothing(club):
    import_text(club, "1 A\nSCORES\n10\n", name="Tuesday")
    before = stored_counts()

    with pytest.raises(ValidationError):
        import_text(club, EASY_TEST, name="Tuesday")

    assert stored_counts() == before


def test_progress_counts_every_result(club):
    counted = []

    import_text(club, EASY_TEST, progress=counted.append)

    assert sum(counted) == 11
