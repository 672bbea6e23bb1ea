"""The walk's known failures: each marks exactly one check of the combinations it breaks.

Each entry names the item of issue 45 that explains it (or says it was found by the walk)
and the problems it accounts for (a pattern of their text). The walk's test of the check
then leaves those problems out, so any other problem still fails it; and a test of its own,
marked ``xfail(strict=True)``, asserts they are gone: it turns red the day the fix of that
item is merged, and the lead removes the entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tests.walk.walk import Combination


@dataclass(frozen=True)
class Known:
    """A known failure: the problems of ``check`` matching ``pattern``, in the combinations ``when`` picks."""

    check: str
    when: Callable[[Combination], bool]
    pattern: str
    reason: str

    def matches(self, problem: str) -> bool:
        return re.search(self.pattern, problem) is not None


# None today: every seam the walk found broken is mended (the lead adds one here, with its
# reason, when a walk finds the next).
KNOWN: list[Known] = []


def known_for(combination: Combination, check: str) -> list[Known]:
    return [known for known in KNOWN if known.check == check and known.when(combination)]
