"""The members' forms: the address to send a link to, and his privacy choice."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.members.tokens import normalised_email


class SignInForm(forms.Form):
    email = forms.CharField(
        label=gettext_lazy("Your email address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email", "autofocus": True}),
        help_text=gettext_lazy("The address your club keeps on its member list."),
    )

    def clean_email(self) -> str:
        """Return the address trimmed and in lower case (spaces inside dropped, as pasted ones have)."""
        email = normalised_email(self.cleaned_data["email"])
        forms.EmailField().clean(email)
        return email


class PrivacyForm(forms.Form):
    shown_by_initials = forms.BooleanField(
        required=False,
        label=gettext_lazy("Show me by my initials on public pages, and keep me out of the player search"),
    )
