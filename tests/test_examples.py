"""The copied seed examples must not drift from shared/examples."""

from pathlib import Path

import pytest

from tests.examples import EXAMPLES

SHARED_EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
COPIED = sorted(
    path.name for path in EXAMPLES.iterdir() if path.suffix in {".txt", ".report", ".permutation"}
)


@pytest.mark.parametrize("name", COPIED)
def test_the_copied_example_equals_the_shared_original(name):
    original = SHARED_EXAMPLES / name
    if not SHARED_EXAMPLES.is_dir():
        pytest.skip("shared/examples is not beside this checkout")
    assert (EXAMPLES / name).read_bytes() == original.read_bytes()
