"""The seeds' exact expected outputs, copied from shared/examples so the suite runs anywhere.

``test_examples.py`` checks that the copies still equal the originals when shared/ is
beside the checkout, as it is on the developers' machines and in CI.
"""

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent
