"""BBO's LIN: the session's boards as a file and a board as a hand-viewer link, read back by endplay."""

import random
from urllib.parse import parse_qs, urlsplit

import pytest
from endplay.parsers import lin as endplay_lin

from tournaments.bridge import deal_from_permutation
from tournaments.bridge.cards import Deal, Hand
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.lin import HANDVIEWER, handviewer_url, lin_deal, lin_hand, write_lin
from tournaments.bridge.seats import board_dealer, board_vulnerability

_ENDPLAY_VUL = {"None": "none", "NS": "ns", "EW": "ew", "Both": "both"}


def random_boards(count: int, seed: int = 3) -> list[tuple[int, Deal]]:
    rng = random.Random(seed)
    return [
        (number, deal_from_permutation(random_permutation(rng), dealer=board_dealer(number)))
        for number in range(1, count + 1)
    ]


def test_endplay_reads_every_board_of_the_lin_file_back_equal():
    boards = random_boards(32)
    read = endplay_lin.loads(write_lin(boards))
    assert len(read) == 32
    for (number, deal), theirs in zip(boards, read, strict=True):
        assert theirs.board_num == number
        assert theirs.deal.to_pbn() == deal.pbn("N")
        assert theirs.dealer.name[0].upper() == board_dealer(number)
        assert theirs.vul.name == _ENDPLAY_VUL[board_vulnerability(number)]


def test_the_deal_is_written_as_another_producer_writes_it():
    # emkael/deal-convert (BSD-2-Clause), test/test.pbn board 1 and the md of test/test.lin.
    deal = Deal.from_pbn("N:65.A53.JT7.AK762 AK87.QT4.AK98.95 JT9.982.Q532.Q83 Q432.KJ76.64.JT4")
    assert lin_deal(1, deal) == "3SJT9H982DQ532CQ83,SQ432HKJ76D64CJT4,S65HA53DJT7CAK762,SAK87HQT4DAK98C95"


@pytest.mark.parametrize(
    "pbn, lin",
    [("AKQJ.T98.AK2.432", "SAKQJHT98DAK2C432"), (".AKQJT98765432..", "SHAKQJT98765432DC")],
)
def test_a_hand_is_suits_high_first_with_t_for_ten_and_voids_as_bare_letters(pbn, lin):
    assert lin_hand(Hand.from_pbn(pbn)) == lin


def test_the_hand_viewer_link_carries_the_board_endplay_reads():
    number, deal = random_boards(7)[-1]
    url = handviewer_url(number, deal)
    assert url.startswith(HANDVIEWER + "?lin=pn|")
    [lin] = parse_qs(urlsplit(url).query)["lin"]
    [board] = endplay_lin.loads(lin)
    assert (board.board_num, board.deal.to_pbn()) == (7, deal.pbn("N"))
    assert " " not in url
