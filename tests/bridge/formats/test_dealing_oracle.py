"""BRI, DGE and DUP against an independent reader: the npm ``pbn`` package's converters.

The package (Richard Schneider's, MIT; pinned below) converts BRI, DGE and DUP files to
PBN, written from Duplimate's convert.pdf without any of our code. It is installed once
into a cache folder outside the work tree (``~/.cache/clubscore-node/pbn-oracle`` or
``$CLUBSCORE_NODE_CACHE/pbn-oracle``), and one node process reads every file
(tests/bridge/oracle/pbn_converters.js). Without Node.js the tests are skipped; with it
they must run, so a failed install fails them.

Both readers read the real files of tests/fixtures/dealing (Big Deal's, deal-convert's,
and ``dealer.bri``, which has no PBN beside it), and the files our writers make of
random deals: the same boards, the same deals. The package numbers every file's boards
from 1 (it does not read DUP's set), so our DUP files here start at board 1.
"""

from __future__ import annotations

import base64
import random
from pathlib import Path

import pytest

from tests.bridge.oracle.node import ask_oracle
from tournaments.bridge import deal_from_permutation
from tournaments.bridge.cards import Deal
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.dealing import read_deal_file, write_deal_file

PBN_PACKAGE = "pbn@1.6.1"
SCRIPT = Path(__file__).parents[1] / "oracle" / "pbn_converters.js"
FIXTURES = Path(__file__).parents[2] / "fixtures" / "dealing"
REAL_FILES = [
    "bigdeal-1.2.bri",
    "bigdeal-1.2.dge",
    "bigdeal-1.2.dup",
    "dealer.bri",
    "deal-convert.bri",
    "deal-convert.dge",
    "deal-convert.dup",
]
SEED = 20261126


def _ours() -> dict[str, bytes]:
    """Our writers' files of 40 random boards, named as the fixtures are."""
    rng = random.Random(SEED)
    boards = [(number, deal_from_permutation(random_permutation(rng))) for number in range(1, 41)]
    return {f"ours.{fmt}": write_deal_file(fmt, boards) for fmt in ("bri", "dge", "dup")}


def _files() -> dict[str, bytes]:
    return {**{name: (FIXTURES / name).read_bytes() for name in REAL_FILES}, **_ours()}


@pytest.fixture(scope="module")
def theirs() -> dict[str, list[tuple[int, Deal]]]:
    """Every file's boards as the package reads them, by file name."""
    files = _files()
    request = {
        "files": [
            {"format": name.rsplit(".", 1)[1], "data": base64.b64encode(data).decode()}
            for name, data in files.items()
        ]
    }
    answers = ask_oracle(PBN_PACKAGE, SCRIPT, request, folder="pbn-oracle")
    return {
        name: [(number, Deal.from_pbn(deal)) for number, deal in boards]
        for name, boards in zip(files, answers, strict=True)
    }


@pytest.mark.parametrize("name", [*REAL_FILES, *_ours()])
def test_both_readers_read_the_same_boards(theirs, name):
    ours = [(board.number, board.deal) for board in read_deal_file(_files()[name], name).boards]
    assert len(ours) >= 2
    assert ours == theirs[name]
