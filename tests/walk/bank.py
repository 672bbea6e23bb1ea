"""The bank's statements in the walk: the evening's member pays by bank and reads his statement.

One step, after the member signs in: he reads his statement at the club in the walk's
language (the table money the evening charged him, owed); the treasurer (the walk's
director administers the club, so he holds the treasurer's role) imports a bank CSV in
which the member pays it with his reference, and a stranger pays 12.50; the member's
statement then stands at zero, and the trial balance's difference is zero. Every page is
read for English left.
"""

from __future__ import annotations

import re
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.walk.walk import Walk, WalkStopped
from tournaments.money.selectors.bank import payment_reference
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.selectors.reports import trial_balance_difference

CARRIED = re.compile(r'id="carried-forward">([^<]*)<')


def _carried_forward(walk: Walk, player_id: int, name: str) -> Decimal:
    club = walk.facts["club"]
    page = walk.get(name, reverse("my_statement", args=[player_id, club.slug]), who="member").content.decode()
    found = CARRIED.search(page)
    if found is None:
        raise WalkStopped(f"{name}: the member's statement shows no balance carried forward")
    shown = re.sub(r"[\s\u00a0\u202f]", "", found[1]).replace("\u2212", "-").replace(",", ".")
    return Decimal(shown)


def member_pays_by_bank(walk: Walk) -> None:
    """The member reads what he owes, the bank's CSV pays it by his reference, his statement is at zero."""
    club = walk.facts["club"]
    home = walk.get("my club (statement)", reverse("my_club"), who="member").content.decode()
    players = sorted(set(re.findall(r'href="/me/players/(\d+)/"', home)))
    if len(players) != 1:
        raise WalkStopped(f"statement: {len(players)} players of the member, not his one")
    player_id = int(players[0])
    owed = _carried_forward(walk, player_id, "my statement")
    if owed != player_balance(club, player_id) or owed >= 0:  # type: ignore[arg-type]
        raise WalkStopped(
            f"my statement: carried forward {owed}, the books say {player_balance(club, player_id)}"
        )  # type: ignore[arg-type]

    statement = (
        "Date;Name;Reference;Amount\r\n"
        f"{walk.facts['date']:%d/%m/%Y};WALKER;{payment_reference(player_id)};{-owed:.2f}\r\n"
        f"{walk.facts['date']:%d/%m/%Y};A. Stranger;Gift;12,50\r\n"
    ).encode("cp1252")
    url = reverse("director:money_bank", args=[club.slug])
    walk.get("bank statements", url)
    uploaded = walk.post("bank statement", url, {"file": SimpleUploadedFile("bank.csv", statement)})
    walk.get("bank statement preview", uploaded["Location"])
    walk.post("bank statement booked", uploaded["Location"], {})
    walk.get("bank statements after", url)

    paid = _carried_forward(walk, player_id, "my statement paid")
    if paid != 0:
        raise WalkStopped(f"my statement: carried forward {paid} after the bank paid {-owed}, not 0")
    walk.get("trial balance", reverse("director:money_report", args=[club.slug, "trial-balance"]))
    if trial_balance_difference(club) != 0:
        raise WalkStopped(f"trial balance: difference {trial_balance_difference(club)}, not 0")
