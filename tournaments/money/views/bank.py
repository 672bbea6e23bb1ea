"""The treasurer's bank pages: upload a statement, preview it, book it; the lines matched to nobody.

A file refused is answered on the page (400) with the refusal in the treasurer's language,
naming the line; nothing is kept. An import or a line of another club is a 404, as one
that does not exist.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.text import WordedError
from tournaments.core.models import Club
from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.money.bankfiles import BankFileError
from tournaments.money.forms_bank import BankFileForm, EntryMatchForm
from tournaments.money.models import BankEntry, BankImport, BankImportState
from tournaments.money.selectors.bank import (
    bank_plan,
    bank_statement,
    club_bank_imports,
    club_members,
    import_entries,
    unmatched_entries,
)
from tournaments.money.selectors.ledger import currency_of
from tournaments.money.services.bank_import import (
    bank_entry_leave,
    bank_entry_match,
    bank_entry_undo,
    bank_file_upload,
    bank_import_book,
)

TEMPLATES = "money/"


def refusal_text(error: WordedError) -> str:
    """The refusal in the reader's language: its sentence from the catalogue, its values as given."""
    return _(error.template) % error.params if error.params else _(error.template)


def _members(club: Club) -> list[tuple[int, str]]:
    return [(member.player_id, member.player.name) for member in club_members(club)]


@login_required
@require_http_methods(["GET", "POST"])
def bank(request: SignedInRequest, slug: str) -> HttpResponse:
    """The bank page: the upload, the lines waiting for the treasurer, the files imported."""
    club = club_for_director(request.user, slug)
    form = BankFileForm(request.POST or None, request.FILES or None)
    refusal = ""
    if request.method == "POST" and form.is_valid():
        upload = request.FILES.get("file")
        filename = getattr(upload, "name", "") or ""
        try:
            imported = bank_file_upload(
                club=club, data=form.cleaned_data["file"], filename=filename, by=request.user
            )
        except BankFileError as error:
            refusal = refusal_text(error)
        else:
            return redirect("director:money_bank_import", club.slug, imported.pk)
    context = {
        "club": club,
        "form": form,
        "refusal": refusal,
        "imports": club_bank_imports(club),
        "unmatched": list(unmatched_entries(club)),
        "members": _members(club),
        "currency": currency_of(club),
    }
    return render(request, TEMPLATES + "bank.html", context, status=400 if form.is_bound else 200)


@login_required
@require_http_methods(["GET", "POST"])
def bank_import(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    """A file's preview (what booking would do) and its Confirm; once booked, what it booked."""
    club = club_for_director(request.user, slug)
    imported = get_object_or_404(BankImport, club=club, pk=pk)
    if request.method == "POST":
        was_booked = imported.state == BankImportState.BOOKED
        try:
            imported = bank_import_book(bank_import=imported, by=request.user)
        except BankFileError as error:
            messages.error(
                request, _("Not booked, nothing stored: %(error)s") % {"error": refusal_text(error)}
            )
        else:
            if was_booked:
                messages.info(request, _("This statement is already booked: nothing was booked again."))
            else:
                messages.success(
                    request,
                    _(
                        "Statement booked: %(booked)d lines to members, %(unmatched)d matched to nobody,"
                        " %(repeated)d imported before (booked nothing)."
                    )
                    % {
                        "booked": imported.booked,
                        "unmatched": imported.unmatched,
                        "repeated": imported.repeated,
                    },
                )
        return redirect("director:money_bank_import", club.slug, imported.pk)
    context: dict[str, object] = {"club": club, "imported": imported, "currency": currency_of(club)}
    if imported.state == BankImportState.PREVIEWED:
        context["plan"] = bank_plan(club, bank_statement(imported))
    else:
        context["entries"] = list(import_entries(imported))
        context["members"] = _members(club)
    return render(request, TEMPLATES + "bank_import.html", context)


@login_required
@require_POST
def bank_entry(request: SignedInRequest, slug: str, pk: int) -> HttpResponse:
    """A line matched to nobody: booked to the member chosen, or left; a line booked or left: undone."""
    club = club_for_director(request.user, slug)
    entry = get_object_or_404(BankEntry, club=club, pk=pk)
    try:
        if request.POST.get("action") == "undo":
            bank_entry_undo(entry=entry, by=request.user)
            messages.success(
                request,
                _("Line %(line)d is undone (its booking reversed): match it again or leave it.")
                % {"line": entry.line},
            )
        elif request.POST.get("action") == "leave":
            bank_entry_leave(entry=entry, by=request.user)
            messages.success(
                request, _("Line %(line)d is left out of the members' accounts.") % {"line": entry.line}
            )
        else:
            form = EntryMatchForm(request.POST, members=_members(club))
            if not form.is_valid():
                raise ValidationError(_("Choose a member of the club."))
            booked = bank_entry_match(entry=entry, player_id=form.cleaned_data["player"], by=request.user)
            messages.success(
                request,
                _("Line %(line)d is booked to %(name)s.")
                % {"line": booked.line, "name": booked.account.player if booked.account else ""},
            )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect("director:money_bank", club.slug)
