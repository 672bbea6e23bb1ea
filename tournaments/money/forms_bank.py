"""The bank pages' forms: a statement's upload, and a line matched by hand."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.money.forms import AmountField
from tournaments.money.models import PayMethod
from tournaments.money.services.bank_import import MAX_BANK_FILE_BYTES


class BankFileForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Bank statement"),
        help_text=gettext_lazy(
            "As the bank exports it: CSV (with a header line naming the date and the amount), OFX or MT940."
        ),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BANK_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; a bank statement is at most 5 MB.")
                % {"size": f"{upload.size:,}"}
            )
        return bytes(upload.read())


class EntryMatchForm(forms.Form):
    """The member a line matched to nobody is from, chosen among the club's."""

    player = forms.TypedChoiceField(label=gettext_lazy("Member"), coerce=int, choices=())

    def __init__(self, *args: object, members: list[tuple[int, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["player"].choices = [("", "—"), *members]  # type: ignore[attr-defined]


class PeriodForm(forms.Form):
    """A statement's or a report's period; either end may be left open."""

    since = forms.DateField(label=gettext_lazy("From"), required=False)
    until = forms.DateField(label=gettext_lazy("To"), required=False)

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError(_("The period ends before it starts."))
        return data


class AccountPaymentForm(forms.Form):
    """A payment at the desk or by card, entered on the member's account page."""

    amount = AmountField(label=gettext_lazy("Amount"))
    method = forms.ChoiceField(
        label=gettext_lazy("Paid by"),
        choices=[
            (PayMethod.CASH, PayMethod.CASH.label),
            (PayMethod.CARD, PayMethod.CARD.label),
            (PayMethod.BANK, PayMethod.BANK.label),
        ],
    )
    on = forms.DateField(label=gettext_lazy("Date"))
    memo = forms.CharField(label=gettext_lazy("Note"), max_length=200, required=False)
    token = forms.CharField(widget=forms.HiddenInput, max_length=32)


class ThresholdForm(forms.Form):
    threshold = forms.DecimalField(
        label=gettext_lazy("Email the members whose balance is below"),
        max_digits=12,
        decimal_places=2,
        max_value=0,
        min_value=-1000000,
    )
