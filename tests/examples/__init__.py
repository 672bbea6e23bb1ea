"""The seeds' exact expected outputs, copied from shared/examples so the suite runs anywhere.

``test_examples.py`` checks that the copies still equal the originals when shared/ is
beside the checkout, as it is on the developers' machines and in CI (where its absence
fails the suite instead of skipping the check).
"""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
REPO = EXAMPLES.parents[1]


def shared_examples(repo: Path = REPO) -> Path | None:
    """Return shared/examples beside the checkout, or beside the main checkout of a git worktree.

    A worktree (``git worktree add``) lives elsewhere than its main checkout; its ``.git``
    is a file naming the main checkout's ``.git/worktrees/<name>``, so the originals are
    found from there too. None when neither place has them.
    """
    for checkout in (repo, _main_checkout(repo)):
        if checkout is not None and (checkout.parent / "shared" / "examples").is_dir():
            return checkout.parent / "shared" / "examples"
    return None


def _main_checkout(repo: Path) -> Path | None:
    dot_git = repo / ".git"
    if not dot_git.is_file():
        return None
    text = dot_git.read_text(encoding="utf-8").strip()
    if not text.startswith("gitdir:"):
        return None
    worktree_git = (repo / text.removeprefix("gitdir:").strip()).resolve()
    common = worktree_git / "commondir"
    if not common.is_file():
        return None
    return (worktree_git / common.read_text(encoding="utf-8").strip()).resolve().parent
