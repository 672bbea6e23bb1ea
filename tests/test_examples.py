"""The copied seed examples must not drift from shared/examples, and CI must check that they do not.

The suite reads the copies in tests/examples (so it runs in any checkout); here they are
compared with the originals. Without shared/ beside the checkout the comparison cannot be
made: a developer's run skips it and says why, but CI (``CI`` set, a clean clone with
shared/ beside it) fails, so a missing shared/ never passes unnoticed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.examples import EXAMPLES, shared_examples

COPIED = sorted(
    path.name for path in EXAMPLES.iterdir() if path.suffix in {".txt", ".report", ".permutation"}
)


def _shared(found: Path | None) -> Path:
    """Return the originals' folder; fail on CI and skip elsewhere when it is not there."""
    if found is not None:
        return found
    reason = "shared/examples is not beside this checkout (nor beside its main checkout)"
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.mark.parametrize("name", COPIED)
def test_the_copied_example_equals_the_shared_original(name):
    original = _shared(shared_examples()) / name
    assert (EXAMPLES / name).read_bytes() == original.read_bytes()


def test_every_shared_example_is_copied():
    shared = _shared(shared_examples())
    originals = sorted(path.name for path in shared.iterdir() if path.name != "README.md")
    assert originals == COPIED


def test_the_four_examples_are_copied():
    assert COPIED == [
        "auction-seed-example.permutation",
        "auction-seed-example.txt",
        "easy-test.report",
        "easy-test.txt",
    ]


def test_on_ci_missing_originals_fail_instead_of_skipping(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="shared/examples is not beside"):
        _shared(None)


def test_a_worktree_finds_the_originals_beside_its_main_checkout(tmp_path):
    main, worktree = tmp_path / "main", tmp_path / "elsewhere" / "feature"
    (tmp_path / "shared" / "examples").mkdir(parents=True)
    (main / ".git" / "worktrees" / "feature").mkdir(parents=True)
    (main / ".git" / "worktrees" / "feature" / "commondir").write_text("../..\n")
    worktree.mkdir(parents=True)
    (worktree / ".git").write_text(f"gitdir: {main / '.git' / 'worktrees' / 'feature'}\n")
    assert shared_examples(worktree) == tmp_path / "shared" / "examples"
    assert shared_examples(main) == tmp_path / "shared" / "examples"
    (tmp_path / "lonely" / "checkout").mkdir(parents=True)
    assert shared_examples(tmp_path / "lonely" / "checkout") is None
