"""An individual's USEBIO file (decision 83): written by ClubScore, read as ImportUsebio reads one,
and imported into another club as the same individual, every player's figures the same."""

from __future__ import annotations

import re
from decimal import Decimal
from xml.etree.ElementTree import fromstring

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from tests.night.individuals import PLAYERS, played_individual
from tournaments.bridge.formats.usebio.individual import read_individual_usebio
from tournaments.core.models import Club
from tournaments.exchange.models import PendingImport
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio_individual import usebio_individual_import
from tournaments.exchange.services.usebio_preview import usebio_individual_preview
from tournaments.federation.models import MasterPointAward
from tournaments.night.models import Movement, Result, Session
from tournaments.night.selectors.individual import individual_places
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db

UPLOAD = reverse("director:exchange:usebio_upload")
CONFIRM = reverse("director:exchange:usebio_confirm")


def _other_club() -> Club:
    return Club.objects.create(name="Other club", slug="other-club")


def _standings(session: Session) -> dict[int, tuple[str, float | None, int, bool]]:
    """Each player's name, percentage, place and tie, by his number: what the standings page shows."""
    return {
        place.number: (place.player.name, place.percentage, place.place, place.tied)
        for place in individual_places(session)
    }


@pytest.fixture
def written(club) -> tuple[Session, bytes]:
    session = played_individual(club)
    first = session.individual_players.get(number=1).player
    first.federation_number = "12345"
    first.save()
    return session, session_usebio_bytes(session)


def test_an_individual_written_then_imported_into_another_club_has_every_players_figures(written):
    session, data = written
    other = _other_club()
    imported = usebio_individual_import(club=other, data=data)
    copy = imported.session
    assert imported.differences == []
    assert (copy.club, copy.movement, copy.movement_tables) == (other, Movement.INDIVIDUAL, 3)
    assert (copy.boards_per_round, copy.movement_rounds) == (
        session.boards_per_round,
        session.movement_rounds,
    )
    ours, theirs = _standings(session), _standings(copy)
    assert theirs.keys() == ours.keys() == set(range(1, 13))
    for number, (name, percentage, place, tied) in ours.items():
        assert theirs[number][0] == name
        assert theirs[number][1] == pytest.approx(percentage)
        assert theirs[number][2:] == (place, tied)
    # Another club's player is never taken, not even by his federation number (decision 65).
    assert copy.individual_players.get(number=1).player != session.individual_players.get(number=1).player


def test_imported_into_its_own_club_a_player_is_found_by_his_federation_number(club, written):
    session, data = written
    original = session.individual_players.get(number=1).player
    original.name = "Solo A, renamed since"
    original.save()
    copy = usebio_individual_import(club=club, data=data, name="Again").session
    assert copy.individual_players.get(number=1).player == original
    assert Result.objects.filter(board__session=copy).count() == 36


def test_the_written_participants_read_as_importusebio_reads_an_individual(written):
    """ImportUsebio (the EBU's master-point app) takes EVENT_TYPE INDIVIDUAL's participants as
    PLAYERs: PLAYER_NUMBER, PLAYER_NAME, NATIONAL_ID_NUMBER, PLACE with its '=' dropped, and as
    the score whichever of TOTAL_SCORE and PERCENTAGE comes last. It reads no travellers."""
    session, data = written
    event = fromstring(data.split(b"\n", 2)[2]).find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "INDIVIDUAL"
    read = {}
    for player in event.findall("PARTICIPANTS/PLAYER"):
        fields = {child.tag: (child.text or "") for child in player}
        score = [fields[tag] for tag in fields if tag in ("TOTAL_SCORE", "PERCENTAGE")][-1]
        read[int(fields["PLAYER_NUMBER"])] = (
            fields["PLAYER_NAME"],
            float(score),
            int(fields["PLACE"].replace("=", "")),
            fields.get("NATIONAL_ID_NUMBER", ""),
        )
    for number, (name, percentage, place, _tied) in _standings(session).items():
        assert read[number][:1] == (name,) and read[number][2] == place
        assert read[number][1] == pytest.approx(percentage, abs=0.005)
    assert read[1][3] == "12345" and read[2][3] == ""
    assert set(read) == set(range(1, 13)) and PLAYERS[0] == read[1][0]


def _refused(data: bytes) -> str:
    other = _other_club()
    with pytest.raises(ValidationError) as refused:
        usebio_individual_import(club=other, data=data)
    assert not Session.objects.filter(club=other).exists()  # nothing half-written
    return " ".join(refused.value.messages)


def test_a_line_whose_four_players_do_not_sit_as_the_movement_seats_them_is_refused_by_board_and_line(
    written,
):
    _session, data = written
    event = read_individual_usebio(data)
    line = event.boards[0].lines[1]
    north, east, south, west = line.seats
    seats = re.compile(
        rb"<NORTH_PLAYER_NUMBER>%d</NORTH_PLAYER_NUMBER>(\s*)<EAST_PLAYER_NUMBER>%d</EAST_PLAYER_NUMBER>"
        % (north, east)
    )
    swapped, count = seats.subn(
        rb"<NORTH_PLAYER_NUMBER>%d</NORTH_PLAYER_NUMBER>\1<EAST_PLAYER_NUMBER>%d</EAST_PLAYER_NUMBER>"
        % (east, north),
        data,
        count=1,
    )
    assert count == 1
    message = _refused(swapped)
    assert message.startswith(
        f"Board {event.boards[0].number}, line 2: players {east} (North), {north} (East), {south} (South)"
        f" and {west} (West) do not sit so on this board in ClubScore's individual movement for 12 players"
    )


def test_a_file_of_players_only_is_refused_saying_it_has_no_travellers(written):
    _session, data = written
    players_only = re.sub(rb"\s*<BOARD>.*?</BOARD>", b"", data, flags=re.DOTALL)
    assert b"<TRAVELLER_LINE>" not in players_only and b"<PLAYER_NUMBER>" in players_only
    assert "no traveller lines" in _refused(players_only)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            b"<PLAYER_NUMBER>2</PLAYER_NUMBER>",
            b"<PLAYER_NUMBER>2x</PLAYER_NUMBER>",
            "<PLAYER_NUMBER> must be a whole number",
        ),
        (b"<NORTH_PLAYER_NUMBER>", b"<NORTH_PLAYER_NUMBER>99", "is above 999"),
        (b"<PLAYER_NAME>Solo B", b"<PLAYER_NAME>Solo\x00 B", "Not a USEBIO file ClubScore can read"),
        (b"<PLAYER_NUMBER>2</PLAYER_NUMBER>", b"<PLAYER_NUMBER>13</PLAYER_NUMBER>", "is not a participant"),
    ],
)
def test_a_malformed_file_is_refused_naming_what_is_wrong(written, old, new, message):
    _session, data = written
    assert old in data
    assert message in _refused(data.replace(old, new, 1))


def test_a_file_of_players_no_movement_seats_is_refused():
    data = (
        b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL"><DATE>29/11/2026</DATE><PARTICIPANTS>'
        + b"".join(
            b"<PLAYER><PLAYER_NUMBER>%d</PLAYER_NUMBER><PLAYER_NAME>P%d</PLAYER_NAME></PLAYER>" % (n, n)
            for n in range(1, 9)
        )
        + b"</PARTICIPANTS></EVENT></USEBIO>"
    )
    assert "has 8 players" in _refused(data)


def test_the_preview_imports_the_individual_and_keeps_nothing(written):
    session, data = written
    other = _other_club()
    preview = usebio_individual_preview(club=other, event=read_individual_usebio(data))
    assert not Session.objects.filter(club=other).exists()
    assert (preview.board_count, preview.line_count, preview.differences) == (12, 36, [])
    rows = {int(row.label): row for row in preview.rows}
    for number, (name, percentage, place, tied) in _standings(session).items():
        row = rows[number]
        assert (row.names, row.place, row.file_place) == (name, f"{place}{'=' if tied else ''}", place)
        assert row.figure == pytest.approx(percentage) and row.file_figure == pytest.approx(
            percentage, abs=0.005
        )


def test_the_import_page_previews_then_imports_an_individual(director_client, club, written):
    _session, data = written
    response = director_client.post(
        UPLOAD, {"club": club.pk, "name": "Copied individual", "file": SimpleUploadedFile("solo.xml", data)}
    )
    page = response.content.decode()
    assert response.status_code == 200 and "12 players" in page and "Confirm the import" in page
    assert not Session.objects.filter(name="Copied individual").exists()
    pending = PendingImport.objects.get(kind=PendingImport.Kind.USEBIO)
    response = director_client.post(CONFIRM, {"sha256": pending.sha256})
    assert response.status_code == 200
    copy = Session.objects.get(name="Copied individual")
    assert copy.is_individual and copy.individual_players.count() == 12


def test_a_file_without_travellers_is_refused_on_the_upload_page(director_client, club, written):
    _session, data = written
    players_only = re.sub(rb"\s*<BOARD>.*?</BOARD>", b"", data, flags=re.DOTALL)
    response = director_client.post(
        UPLOAD, {"club": club.pk, "file": SimpleUploadedFile("solo.xml", players_only)}
    )
    assert response.status_code == 400 and "no traveller lines" in response.content.decode()


def test_the_refusal_is_in_the_directors_language(written):
    _session, data = written
    players_only = re.sub(rb"\s*<BOARD>.*?</BOARD>", b"", data, flags=re.DOTALL)
    with translation.override("fr"):
        assert "aucune ligne de feuille ambulante" in _refused(players_only)


def test_a_finished_individuals_file_gives_each_player_his_master_points_as_a_pairs_file_does(club):
    """ABF green points in hundredths (``MASTER_POINTS_AWARDED``, ``MASTER_POINT_TYPE``), from the
    ledger: each player his own award (the tied winners their share), those out of the awards 0."""
    Club.objects.filter(pk=club.pk).update(federation="abf")
    club.refresh_from_db()
    session = session_finish(session=played_individual(club))
    event = fromstring(session_usebio_bytes(session).split(b"\n", 2)[2]).find("EVENT")
    assert event is not None and event.findtext("MPS_AWARDED_FLAG") == "Y"
    ledger = {
        award.player_id: award.points
        for award in MasterPointAward.objects.filter(session=session, pair__isnull=True)
    }
    numbers = dict(session.individual_players.values_list("number", "player_id"))
    for player in event.findall("PARTICIPANTS/PLAYER"):
        number = int(player.findtext("PLAYER_NUMBER") or 0)
        units = Decimal(player.findtext("MASTER_POINTS_AWARDED") or "x")
        assert units == ledger.get(numbers[number], Decimal(0)) * 100
        assert player.findtext("MASTER_POINT_TYPE") == "GREEN"
    assert any(Decimal(p.findtext("MASTER_POINTS_AWARDED") or 0) > 0 for p in event.iter("PLAYER"))


def test_a_players_figure_the_file_states_otherwise_is_listed_and_clubscores_kept(written):
    session, data = written
    first = read_individual_usebio(data).players[0]
    stated = f"<PERCENTAGE>{first.percentage:.2f}</PERCENTAGE>".encode()
    changed = data.replace(stated, b"<PERCENTAGE>99.99</PERCENTAGE>", 1)
    imported = usebio_individual_import(club=_other_club(), data=changed)
    place = next(p for p in individual_places(session) if p.number == first.number)
    assert [d for d in imported.differences if d.startswith("Player")] == [
        f"Player {first.number} ({first.name}): 99.99%, place {first.place} in the file;"
        f" {place.percentage:.2f}%, place {place.place_text} here."
    ]
    assert _standings(imported.session)[first.number][1] == pytest.approx(place.percentage)


def test_the_commands_export_and_import_an_individual(written, tmp_path, capsys):
    session, _data = written
    other = _other_club()
    path = tmp_path / "individual.xml"
    call_command("export_usebio", str(session.pk), "--output", str(path))
    call_command("import_usebio", str(path), "--club", other.slug)
    out = capsys.readouterr().out
    assert ": 12 players." in out and "scores and standings agree" in out
    copy, ours = _standings(Session.objects.get(club=other)), _standings(session)
    assert {n: (name, round(pct or 0, 6), place) for n, (name, pct, place, _t) in copy.items()} == {
        n: (name, round(pct or 0, 6), place) for n, (name, pct, place, _t) in ours.items()
    }
