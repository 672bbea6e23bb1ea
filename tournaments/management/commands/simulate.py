"""``manage.py simulate``: deal a board and bid it by the auction seed's system.

``--permutation "38,48,11,..."`` deals that shuffle; without it the deck is shuffled
afresh (securely, or reproducibly with ``--seed N``). South deals, as in the seed. The
deal, the auction and the declarer print in the seed's layout (SPEC decision 5).
``--count N`` bids N random deals and prints a summary instead.
"""

from __future__ import annotations

import random
import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _
from tqdm import tqdm

from tournaments.bridge.bidding import AuctionTally, simulate_auction, simulate_random_deals
from tournaments.bridge.deck import (
    PermutationError,
    deal_from_permutation,
    parse_permutation,
    random_permutation,
)
from tournaments.bridge.layout import format_deal_and_auction, format_tally
from tournaments.management.arguments import ascii_int

DEALER = "S"
"""The auction seed: "For our purposes, South will deal the cards out"."""

PROGRESS_FROM = 1000
"""Show a progress bar (on stderr, on a terminal) from this many deals up."""


class Command(BaseCommand):
    help = "Deal a board (from --permutation, or shuffled) and print it with its simulated auction."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--permutation", help="the shuffled deck: 52 numbers 1..52, separated by commas and/or spaces"
        )
        parser.add_argument(
            "--seed", type=ascii_int, help="seed the shuffle so the same deals come out again"
        )
        parser.add_argument("--count", type=ascii_int, help="bid this many random deals and print a summary")

    def handle(
        self, *args: object, permutation: str | None, seed: int | None, count: int | None, **options: object
    ) -> None:
        if permutation is not None and (seed is not None or count is not None):
            raise CommandError(_("--permutation fixes the deal: use it without --seed and --count"))
        rng = None if seed is None else random.Random(seed)
        if count is not None:
            self._summarise(count, rng)
            return
        numbers = random_permutation(rng) if permutation is None else _parse(permutation)
        deal = deal_from_permutation(numbers, DEALER)
        self.stdout.write(format_deal_and_auction(deal, simulate_auction(deal, DEALER)))

    def _summarise(self, count: int, rng: random.Random | None) -> None:
        if count < 1:
            raise CommandError(_("--count must be 1 or more, not %(count)s") % {"count": count})
        tally = AuctionTally()
        deals = simulate_random_deals(count, rng, DEALER)
        # disable=None: tqdm shows the bar only when stderr is a terminal.
        progress = tqdm(
            deals, total=count, unit="deal", file=sys.stderr, disable=None if count >= PROGRESS_FROM else True
        )
        for _deal, auction in progress:
            tally.add(auction)
        self.stdout.write(format_tally(tally))


def _parse(text: str) -> tuple[int, ...]:
    try:
        return parse_permutation(text)
    except PermutationError as error:
        raise CommandError(_("bad permutation: %(error)s") % {"error": error}) from None
