"""An entry's state and its payment's in words, the same on the page and in the files."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.bookings.models import PaymentMethod
from tournaments.bookings.selectors.entries import EntryRow


def entry_state(row: EntryRow) -> str:
    if row.cancelled:
        return _("cancelled")
    if row.waiting:
        return _("waiting list")
    if row.pending:
        return _("pending")
    return _("confirmed")


def payment_state(row: EntryRow) -> str:
    if row.payment is None:
        return "" if row.cancelled or row.waiting or row.entry.fee == 0 else _("UNPAID")
    if row.payment.refunded_at is not None:
        return _("refunded")
    if row.payment.method == PaymentMethod.ACCOUNT:
        return _("paid from the account")
    return _("paid at the desk")
