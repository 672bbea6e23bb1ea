"""``manage.py import_bws``: once, with a section, and following a file that grows during the night.

The follow loop is driven turn by turn: its ``pause`` is the test's, which writes the
file's next state (as BCS would between two reads) and says when to stop, so each read
meets a known file and no test waits on a clock.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.exchange.bws_files import first_results, real_night
from tournaments.exchange.models import BridgemateFeed
from tournaments.exchange.services.bws_follow import bws_follow
from tournaments.night.models import Result, Session


@pytest.fixture
def night_file(tmp_path) -> Path:
    path = tmp_path / "night.bws"
    path.write_bytes(real_night())
    return path


def test_the_command_imports_the_file_and_again_adds_nothing(club, night_file):
    out = io.StringIO()
    call_command("import_bws", str(night_file), "--club", club.slug, stdout=out, stderr=io.StringIO())
    assert "297 new, 0 corrected, 0 removed, 0 unchanged" in out.getvalue()
    out = io.StringIO()
    call_command("import_bws", str(night_file), "--club", club.name, stdout=out, stderr=io.StringIO())
    assert "0 new, 0 corrected, 0 removed, 297 unchanged" in out.getvalue()
    assert Result.objects.count() == 297 and Session.objects.count() == 1


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--club", "nowhere"], "No club 'nowhere'"),
        (["--club", "riverside", "--section", "C"], "the file has no section 'C': its sections are A"),
        (["--club", "riverside", "--follow", "--every", "0.1"], "--every takes 1 to 3600 seconds"),
    ],
)
def test_the_command_refuses_by_name(club, night_file, arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("import_bws", str(night_file), *arguments, stdout=io.StringIO())
    assert not Session.objects.exists()


def test_a_file_that_is_not_a_bridgemate_file_exits_naming_it(club, tmp_path):
    path = tmp_path / "notes.bws"
    path.write_bytes(b"\x00 not a database")
    with pytest.raises(CommandError, match="not a Microsoft Access database.*Nothing was stored"):
        call_command("import_bws", str(path), "--club", club.slug, stdout=io.StringIO())


class Night:
    """The file's states, one a turn, written by the follow loop's pause; the reports it made."""

    def __init__(self, path: Path, states: list[bytes]) -> None:
        self.path, self.states, self.reports = path, list(states), []
        self.results_seen: list[int] = []
        path.write_bytes(self.states.pop(0))

    def pause(self, seconds: float) -> bool:
        self.results_seen.append(Result.objects.count())
        if not self.states:
            return True
        self.path.write_bytes(self.states.pop(0))
        return False


def test_following_a_file_that_grows_publishes_what_the_tables_send_and_never_half_a_copy(club, tmp_path):
    whole = real_night()
    night = Night(
        tmp_path / "night.bws",
        [
            first_results(whole, 40),
            first_results(whole, 40),  # nothing new: not even parsed again
            first_results(whole, 120)[: len(whole) // 2],  # caught while BCS writes: cut short
            first_results(whole, 120),
            whole,
        ],
    )
    bws_follow(path=str(night.path), club=club, every=5, pause=night.pause, report=night.reports.append)
    assert night.results_seen == [40, 40, 40, 120, 297]
    assert Result.objects.count() == 297
    assert any("cannot be read yet" in line and "not read whole" in line for line in night.reports)
    summaries = [line for line in night.reports if "new," in line]
    assert [line.split(": ", 1)[1].split(",")[0] for line in summaries] == ["40 new", "80 new", "177 new"]
    assert BridgemateFeed.objects.count() == 1


def test_following_reports_a_refused_result_once_and_takes_the_file_when_it_changes(
    club, tmp_path, monkeypatch
):
    from tournaments.exchange.services import bws as service

    read = service.access_tables
    bad_then_good = iter([True, False])

    def sometimes_bad(data):
        found = read(data)
        if next(bad_then_good, False):
            found["ReceivedData"]["Contract"][0] = "8 NT"
        return found

    monkeypatch.setattr(service, "access_tables", sometimes_bad)
    whole = real_night()
    night = Night(tmp_path / "night.bws", [first_results(whole, 30), first_results(whole, 30), whole])
    bws_follow(path=str(night.path), club=club, pause=night.pause, report=night.reports.append)
    assert night.results_seen == [0, 0, 297]
    assert sum("bad contract '8NT'" in line for line in night.reports) == 1


def test_ctrl_c_stops_the_command_cleanly(club, night_file, monkeypatch):
    def interrupted(seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr("tournaments.management.commands.import_bws.time.sleep", interrupted)
    out = io.StringIO()
    call_command("import_bws", str(night_file), "--club", club.slug, "--follow", "--every", "2", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"Following {night_file} every 2 s")
    assert "297 new" in out.getvalue()
    assert lines[-1] == f"Stopped following {night_file}."
    assert Result.objects.count() == 297
