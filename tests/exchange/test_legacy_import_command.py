"""``manage.py import_scores``: a summary and exit 0, or a reason on stderr, exit 1 and nothing stored."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from tests.exchange.legacy_files import EASY_TEST, EASY_TEST_REPORT, standing_report
from tournaments.core.models import Player
from tournaments.night.models import Result, Session, SessionDeletion, Standing


def run_import(path, *options):
    """Run the command, returning (exit code, stdout, stderr); a CommandError exits 1 as manage.py does."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_scores", str(path), *options, stdout=out, stderr=err)
    except SystemExit as exit_:
        return exit_.code, out.getvalue(), err.getvalue()
    except CommandError as error:
        return error.returncode, out.getvalue(), str(error)
    return 0, out.getvalue(), err.getvalue()


def stored_counts():
    return [model.objects.count() for model in (Session, Player, Result, Standing)]


@pytest.fixture
def easy_file(tmp_path):
    path = tmp_path / "easy.txt"
    path.write_text(EASY_TEST)
    return path


OPTIONS = ["--club", "riverside", "--date", "2026-03-10", "--name", "Tuesday"]


@pytest.mark.parametrize("club_option", ["riverside", "Riverside Bridge Club", "riverside bridge club"])
def test_imports_the_file_by_club_slug_or_name_and_prints_a_summary(club, easy_file, club_option):
    code, out, err = run_import(easy_file, "--club", club_option, "--date", "2026-03-10", "--name", "Tuesday")

    assert (code, err) == (0, "")
    session = Session.objects.get()
    assert out == (
        f"Imported {easy_file} as session {session.pk} (Riverside Bridge Club 2026-03-10 Tuesday): "
        "4 pairs, 3 boards, 11 results.\n"
    )
    standings = Standing.objects.filter(session=session).select_related("pair__player1", "pair__player2")
    assert standing_report(standings) == EASY_TEST_REPORT


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        pytest.param("", 1, "the file is empty", id="empty"),
        pytest.param("1 A\n2 B\nSCORES\n10 20\n10\n", 5, "too few scores", id="too-few"),
        pytest.param("1 A\n2 B\n", 2, "no SCORES line", id="no-scores"),
        pytest.param("1 A\n2\nSCORES\n", 2, "pair 2 has no names", id="no-names"),
    ],
)
def test_a_bad_file_prints_file_and_line_on_stderr_and_exits_1(club, tmp_path, text, line, reason):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    before = stored_counts()

    code, out, err = run_import(path, *OPTIONS)

    assert code == 1
    assert out == ""
    assert err.startswith(f"{path}:{line}: ")
    assert reason in err
    assert stored_counts() == before


def test_an_unknown_club_is_refused_naming_it(club, easy_file):
    code, _, err = run_import(easy_file, "--club", "nowhere", "--date", "2026-03-10", "--name", "Tuesday")

    assert code == 1
    assert "'nowhere'" in err
    assert "riverside" in err
    assert Session.objects.count() == 0


def test_a_missing_file_is_refused(club, tmp_path):
    code, _, err = run_import(tmp_path / "absent.txt", *OPTIONS)

    assert code == 1
    assert err.startswith(f"{tmp_path / 'absent.txt'}: cannot read the file")


def test_the_same_file_twice_is_refused_and_replace_imports_it_anew(club, easy_file):
    assert run_import(easy_file, *OPTIONS)[0] == 0
    first = Session.objects.get()

    code, _, err = run_import(easy_file, "--club", "riverside", "--date", "2026-03-11", "--name", "Again")

    assert code == 1
    assert f"already imported as session {first.pk}" in err
    assert Session.objects.count() == 1

    code, _, _ = run_import(easy_file, *OPTIONS, "--replace")

    assert code == 0
    assert Session.objects.exclude(pk=first.pk).count() == 1
    assert not Session.objects.filter(pk=first.pk).exists()
    assert Result.objects.count() == 11
    deletion = SessionDeletion.objects.get()
    assert (deletion.session_pk, deletion.user, deletion.result_count) == (first.pk, None, 11)


def test_an_unknown_club_names_the_command_that_creates_one(db, easy_file):
    code, _, err = run_import(easy_file, "--club", "nowhere", "--date", "2026-03-10", "--name", "Tuesday")

    assert code == 1
    assert "No club 'nowhere'" in err
    assert "manage.py create_club" in err
