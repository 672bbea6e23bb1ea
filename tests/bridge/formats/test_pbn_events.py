"""A PBN file of several events (as the PBN Verifier's test file): listed, and read one event at a time."""

from __future__ import annotations

import pytest

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.pbn import PbnEvent, PbnEventChoice, pbn_events, read_pbn_file

DEAL_1 = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"
DEAL_2 = "E:AK5.KQ2.AJ86.T92 QJ.JT98.KT5.AKQ3 T98432.A.Q73.J85 76.76543.942.764"
DEAL_3 = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"

# Three events, each numbering its boards from 1 with its own deals; the second gives its
# name once and inherits it with "#" (PBN 2.1, 4.8), as hand-written test files do.
SEVERAL_EVENTS = (
    "% PBN 2.1\n"
    '[Event "Spring pairs"]\n[Board "1"]\n[Dealer "N"]\n[Deal "' + DEAL_1 + '"]\n\n'
    '[Event "Spring pairs"]\n[Board "2"]\n[Dealer "E"]\n[Deal "' + DEAL_2 + '"]\n\n'
    '[Event "Summer teams"]\n[Board "1"]\n[Deal "' + DEAL_3 + '"]\n\n'
    '[Event "#"]\n[Board "2"]\n[Deal "' + DEAL_1 + '"]\n\n'
    '[Event "#"]\n[Board "3"]\n[Deal "' + DEAL_2 + '"]\n\n'
    '[Event "Autumn cup"]\n[Board "1"]\n[Deal "' + DEAL_2 + '"]\n'
)


def test_the_events_are_listed_in_file_order_with_their_boards():
    assert pbn_events(SEVERAL_EVENTS) == [
        PbnEvent("Spring pairs", 2),
        PbnEvent("Summer teams", 3),
        PbnEvent("Autumn cup", 1),
    ]


def test_without_an_event_the_file_is_refused_naming_its_events():
    with pytest.raises(PbnEventChoice) as caught:
        read_pbn_file(SEVERAL_EVENTS)
    assert str(caught.value) == (
        "the file holds 3 events, so say which one to take: it holds 'Spring pairs' (2 boards), "
        "'Summer teams' (3 boards), 'Autumn cup' (1 board)"
    )
    assert [event.name for event in caught.value.events] == ["Spring pairs", "Summer teams", "Autumn cup"]


def test_the_event_chosen_gives_its_own_boards_and_deals():
    read = read_pbn_file(SEVERAL_EVENTS, "Summer teams")
    assert [(board.number, board.deal) for board in read.boards] == [
        (1, Deal.from_pbn(DEAL_3)),
        (2, Deal.from_pbn(DEAL_1)),
        (3, Deal.from_pbn(DEAL_2)),
    ]


def test_an_event_the_file_does_not_hold_is_refused_naming_those_it_does():
    with pytest.raises(PbnEventChoice, match="no event named 'Winter'.*'Autumn cup' \\(1 board\\)"):
        read_pbn_file(SEVERAL_EVENTS, "Winter")


def test_a_file_of_one_event_and_a_header_game_is_read_as_before():
    text = '[Event "Club night"]\n[Site "Hall"]\n\n[Board "1"]\n[Deal "' + DEAL_1 + '"]\n'
    assert pbn_events(text) == [PbnEvent("", 1)]
    assert [board.number for board in read_pbn_file(text).boards] == [1]
