"""Artificial adjusted scores (Law 12C2) and assigned, weighted scores (Law 12C1c).

An adjusted result has no contract and no score, only each side's Average-plus, Average
or Average-minus; an assigned one holds its weighted scores, each scored like a played
contract on the board, the weights adding up to exactly 100%.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.night.models import ASSIGNED_MAX_PARTS, Adjustment, Board, Result
from tournaments.night.services.results.audit import audit_user
from tournaments.night.services.results.checks import score_entry
from tournaments.night.services.results.entries import AdjustedEntry, AssignedEntry, ResultEntry
from tournaments.night.services.results.writes import save_validated


def apply_adjustment(result: Result, entry: AdjustedEntry, user: User | None) -> None:
    valid = {choice.value for choice in Adjustment if choice.value}
    for field in ("ns_adjustment", "ew_adjustment"):
        if getattr(entry, field) not in valid:
            raise ValidationError({field: _("Choose Average-plus, Average or Average-minus.")})
    result.ns_pair = entry.ns_pair
    result.ew_pair = entry.ew_pair
    result.ns_adjustment = entry.ns_adjustment
    result.ew_adjustment = entry.ew_adjustment
    result.assigned = None
    # A percentage an imported file stated was for the adjustment it replaced: the director's own applies.
    result.stated_ns_percentage = result.stated_ew_percentage = None
    result.contract = result.declarer = result.lead = result.auction = ""
    result.tricks = None
    result.ns_score = None
    result.entered_by = audit_user(user)
    save_validated(result)


# A weight as a director writes it (issue 24): a percentage ('30%', '30', '33.33%'), a
# decimal fraction of 1 ('0.3', '.25') or a simple fraction ('1/3'). Digits are bounded,
# since Fraction('1e29999999') works for minutes on a power of ten the size of memory.
_WEIGHT = re.compile(r"(?:\d{1,3}(?:\.\d{1,6})?%?|\.\d{1,6}|\d{1,3}/\d{1,3})")


def _weight(text: str, field: str) -> Fraction:
    """Read a weight as a percentage (``'30%'``, ``'30'``) or a fraction of 1 (``'0.3'``, ``'1/3'``)."""
    cleaned = text.strip().replace(" ", "")
    if not _WEIGHT.fullmatch(cleaned) or not cleaned.isascii():
        raise ValidationError(
            {field: _("%(value)s is not a weight: write 30%%, 0.3 or 1/3.") % {"value": f"{text[:20]!r}"}}
        )
    try:
        if cleaned.endswith("%"):
            weight = Fraction(cleaned[:-1]) / 100
        else:
            weight = Fraction(cleaned)
            if weight > 1:  # "30" means 30%
                weight /= 100
    except (ValueError, ZeroDivisionError):
        raise ValidationError(
            {field: _("%(text)s is not a weight: write 30%%, 0.3 or 1/3.") % {"text": f"{text!r}"}}
        ) from None
    if not 0 < weight < 1:
        raise ValidationError(
            {field: _("A weight is more than 0%% and less than 100%%, got %(text)s.") % {"text": f"{text!r}"}}
        )
    return weight


def assigned_parts(board: Board, entry: AssignedEntry) -> list[dict[str, Any]]:
    """Score each weighted part; errors name the part's field (``contract2``)."""
    if not 2 <= len(entry.parts) <= ASSIGNED_MAX_PARTS:
        raise ValidationError(
            {
                "weight1": _("An assigned score has 2 to %(assigned_max_parts)s weighted scores.")
                % {"assigned_max_parts": ASSIGNED_MAX_PARTS}
            }
        )
    parts: list[dict[str, Any]] = []
    for number, part in enumerate(entry.parts, start=1):
        weight = _weight(part.weight, f"weight{number}")
        played = ResultEntry(entry.ns_pair, entry.ew_pair, part.contract, part.declarer, part.result)
        try:
            scored = score_entry(board, played)
        except ValidationError as error:
            raise ValidationError(
                {f"{field}{number}": messages for field, messages in error.message_dict.items()}
            ) from None
        parts.append(
            {
                "weight": str(weight),
                "contract": scored.contract,
                "declarer": scored.declarer,
                "tricks": scored.tricks,
                "ns_score": scored.ns_score,
            }
        )
    total = sum((Fraction(part["weight"]) for part in parts), Fraction(0))
    if total != 1:
        raise ValidationError(
            {
                "weight1": _("The weights must add up to 100%%, they add up to %(float)s%%.")
                % {"float": f"{float(total * 100):.4g}"}
            }
        )
    return parts


def apply_assigned(
    result: Result, entry: AssignedEntry, parts: list[dict[str, Any]], user: User | None
) -> None:
    result.ns_pair = entry.ns_pair
    result.ew_pair = entry.ew_pair
    result.ns_adjustment = result.ew_adjustment = Adjustment.NONE
    result.stated_ns_percentage = result.stated_ew_percentage = None
    result.assigned = parts
    result.contract = result.declarer = result.lead = result.auction = ""
    result.tricks = None
    result.ns_score = None
    result.entered_by = audit_user(user)
    save_validated(result)
