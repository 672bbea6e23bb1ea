"""A cross-IMP pair who played fewer boards: the raw sum, or (the EBU's way) scaled to the field's boards.

A hand-built 3-table Mitchell of 2 boards, worked out by hand from the IMP scale:

- board 1 (none vulnerable): NS 1 +420 v EW 1, NS 2 +170 v EW 2, NS 3 -50 v EW 3. 420 beats
  170 by 250 (6 IMPs) and -50 by 470 (10): NS 1 +8, the mean; NS 2 -6 and +6 (220): 0;
  NS 3 -10 and -6: -8. Each EW pair gets its opponents' figure turned over.
- board 2 (NS vulnerable): NS 1 v EW 2 and NS 2 v EW 3 both +620: 0 each. NS 3 and EW 1
  did not play it.

So NS 3 and EW 1 played 1 board of the field's 2, for -8 IMPs: -16 scaled (-8 x 2 / 1).
The file states the EBU's scaled totals, as EBU software prints them.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.bridge.imps import scaled_imp_total
from tournaments.exchange.models import PendingImport
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Session

pytestmark = pytest.mark.django_db

PAIRS = {  # (number, direction): (stated total, stated place)
    (1, "NS"): (8, 1),
    (2, "NS"): (0, 2),
    (3, "NS"): (-16, 3),
    (1, "EW"): (-16, 3),
    (2, "EW"): (0, 2),
    (3, "EW"): (8, 1),
}
LINES = {  # board: [(ns, ew, contract, tricks, score, NS cross-IMPs)]
    1: [(1, 1, "4S", 10, 420, 8), (2, 2, "2S", 10, 170, 0), (3, 3, "4S", 9, -50, -8)],
    2: [(1, 2, "4S", 10, 620, 0), (2, 3, "4S", 10, 620, 0), (3, 1, "", None, None, None)],
}


def _pair(number: int, direction: str) -> str:
    total, place = PAIRS[(number, direction)]
    return (
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
        f"<TOTAL_SCORE>{total}</TOTAL_SCORE><PLACE>{place}</PLACE>"
        f"<PLAYER><PLAYER_NAME>{direction} {number} first</PLAYER_NAME></PLAYER>"
        f"<PLAYER><PLAYER_NAME>{direction} {number} second</PLAYER_NAME></PLAYER></PAIR>"
    )


def _line(ns: int, ew: int, contract: str, tricks: int | None, score: int | None, points: int | None) -> str:
    played = (
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        f"<NS_CROSS_IMP_POINTS>{points}</NS_CROSS_IMP_POINTS><EW_CROSS_IMP_POINTS>{-points}</EW_CROSS_IMP_POINTS>"
        if contract and points is not None
        else ""
    )
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
        f"{played}</TRAVELLER_LINE>"
    )


def _file() -> bytes:
    pairs = "".join(_pair(number, direction) for number, direction in PAIRS)
    boards = "".join(
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(_line(*line) for line in lines)}</BOARD>"
        for number, lines in LINES.items()
    )
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>EBU club</CLUB_NAME></CLUB>'
        '<EVENT EVENT_TYPE="CROSS_IMP"><EVENT_DESCRIPTION>Short pairs</EVENT_DESCRIPTION>'
        "<PROGRAM_NAME>EBU software</PROGRAM_NAME><WINNER_TYPE>2</WINNER_TYPE><DATE>02/12/2026</DATE>"
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>{boards}</EVENT></USEBIO>"
    ).encode()


def _pair_notes(differences: list[str]) -> list[str]:
    return sorted(note for note in differences if note.startswith("Pair "))


def test_the_scale_is_the_total_times_the_fields_boards_over_the_pairs():
    assert scaled_imp_total(-8, 1, 2) == -16
    assert scaled_imp_total(30, 20, 24) == 36
    assert scaled_imp_total(8, 2, 2) == 8  # a pair that played every board keeps its sum
    assert scaled_imp_total(0.0, 0, 2) == 0.0  # and one that played none has nothing to scale


def test_scaled_the_short_pairs_stand_at_the_ebus_figures_and_the_standings_say_so(club, client):
    imported = usebio_import(club=club, data=_file(), scale_imps=True)
    session = imported.session
    assert session.imps_scaled
    assert _pair_notes(imported.differences) == []  # every stated total and place is ClubScore's
    raw = {(s.pair.number, s.pair.direction): (s.imps, s.boards_played) for s in session.standings.all()}
    assert raw[(3, "NS")] == (-8, 1) and raw[(1, "EW")] == (-8, 1)  # stored as played; scaled when shown
    page = client.get(session.get_absolute_url()).content.decode()
    assert "-16.00" in page and "-8.00" in page  # NS 3's scaled total, and its IMPs a board
    assert "fewer than the field's 2 boards are scaled to them" in page


def test_unscaled_the_short_pairs_keep_their_raw_sum_and_the_files_scaled_totals_are_listed(club):
    imported = usebio_import(club=club, data=_file())
    assert not imported.session.imps_scaled
    assert _pair_notes(imported.differences) == [
        "Pair 1 EW: the file gives -16.00 IMPs, ClubScore -8.00 IMPs.",
        "Pair 3 NS: the file gives -16.00 IMPs, ClubScore -8.00 IMPs.",
    ]


def test_the_upload_offers_the_scaling_and_confirm_keeps_the_choice(director_client, club):
    upload = SimpleUploadedFile("short.xml", _file())
    url = reverse("director:exchange:usebio_upload")
    response = director_client.post(url, {"club": club.pk, "file": upload, "scale_imps": "on"})
    page = response.content.decode()
    assert response.status_code == 200 and "-16.00" in page
    assert 'name="scale_imps" value="on"' in page
    sha256 = PendingImport.objects.get().sha256
    confirm = reverse("director:exchange:usebio_confirm")
    assert director_client.post(confirm, {"sha256": sha256, "scale_imps": "on"}).status_code == 200
    assert Session.objects.get(club=club).imps_scaled
