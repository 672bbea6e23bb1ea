"""The director's session page, rendered for every view that shows it (again, with a form's errors).

Its own module so that the session views (pairs, boards) and the movement views both
render it without importing each other. What the page offers at each step of the
evening is decided by ``selectors.session_page``; this only builds the forms.
"""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.core.sections import sections
from tournaments.night import hooks
from tournaments.night.forms.sessions import (
    BoardCountForm,
    DealForm,
    MovementForm,
    PairForm,
    RoundDrawForm,
    SectionsForm,
)
from tournaments.night.models import Session
from tournaments.night.selectors.individual import individual_session_standings
from tournaments.night.selectors.rounds import rounds_progress
from tournaments.night.selectors.sections import section_standings
from tournaments.night.selectors.session_page import SessionPage
from tournaments.night.selectors.session_page import session_page as read_session_page
from tournaments.night.services.deal_analysis import analysis_resume
from tournaments.night.views.overdue import settled_after_answer

TEMPLATE = "tournaments/night/director/session.html"


def _movement_initial(session: Session) -> dict:
    """The movement form as the session stands: the director changes what is set, not retypes it."""
    return {
        "movement": session.movement,
        "tables": session.movement_tables,
        "boards_per_round": session.boards_per_round or 3,
        "rounds": session.movement_rounds,
        "even_tables": session.even_tables,
        "arrow_switch_rounds": ", ".join(str(n) for n in session.arrow_switch_rounds or ()),
    }


def _sections_initial(session: Session) -> dict:
    """The sections form as the session stands: its sections and scoring when it has them, and the
    session's boards a round (a session set to 3 is offered 3, not the form's own 2)."""
    initial: dict = {"boards_per_round": session.boards_per_round or 3}
    if session.has_sections:
        parts = session.sections.values_list("movement", "movement_tables")
        described = [f"{kind.capitalize()} {tables}" for kind, tables in parts if tables is not None]
        if described:
            initial["sections"] = ", ".join(described)
        initial["section_scoring"] = session.section_scoring
    return initial


def session_page(request: HttpRequest, session: Session, **bound: forms.Form) -> HttpResponse:
    """Render the session page; a bound form given (``pair_form=...``) shows its errors, with 400."""
    page: SessionPage = read_session_page(session)
    if page.analysis.pending:
        analysis_resume(session.pk)  # boards a dead process left unanalysed (issue 24)
    count = page.board_count_default
    context = {
        "session": session,
        "page": page,
        "pairs": page.pairs,
        "boards": page.boards,
        "standings_tables": page.standings_tables,
        "section_tables": section_standings(session),
        # An individual ranks its players: its pairs are one-round partnerships.
        "individual_standings": individual_session_standings(session) if session.is_individual else None,
        "movement": page.movement,
        "movement_rounds": page.movement_rounds,
        "pair_form": bound.get("pair_form") or PairForm(session=session),
        # The deal form stays blank: a count there beside pasted permutations would be refused.
        "deal_form": bound.get("deal_form") or DealForm(),
        "count_form": bound.get("count_form") or BoardCountForm(initial={"count": count}),
        "movement_form": bound.get("movement_form") or MovementForm(initial=_movement_initial(session)),
        "sections_form": bound.get("sections_form")
        or SectionsForm(prefix="sections", initial=_sections_initial(session)),
        "rounds": rounds_progress(session, public=False),
        "round_form": bound.get("round_form") or RoundDrawForm(),
        "sections": sections(hooks.director_session_page(session)),
    }
    response = render(request, TEMPLATE, context, status=400 if bound else 200)
    return settled_after_answer(response, session.pk)  # a lost or failed settle (issue 24)
