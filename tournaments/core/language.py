"""The page's language: the one the player chose, else the browser's, else the club's.

A player who taps the chooser (Django's ``set_language``) keeps that language in a cookie,
on the players' pages and the table's phone alike. Without it the browser's
``Accept-Language`` decides, as Django's ``LocaleMiddleware`` does. Only when neither
names a language ClubScore speaks (a browser set to Italian, a kiosk with none) does the
club's default language (its settings page) decide, on the pages that belong to one club:
the club's page, its sessions, its tables. Which club a page belongs to is known from its
route's arguments; the core reads a club's ``slug`` itself, and each capability registers
how its own arguments name a club (``club_language_of``), so the core imports none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from tournaments.core.hooks import Hook

# Each registered function reads a route's name and arguments and returns its club's language, or None.
club_language_of: Hook[[str, Mapping[str, Any]], str | None] = Hook(
    "core.club_language_of",
    receivers=("night.session_club_language",),
)


def language_codes() -> list[str]:
    """The codes of the languages ClubScore speaks, English first."""
    return [code for code, _name in settings.LANGUAGES]


def supported(code: str | None) -> str | None:
    """The language ClubScore speaks for ``code`` (``fr-BE`` -> ``fr``), or None."""
    if not code or code == "*":
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def browser_language(request: HttpRequest) -> str | None:
    """The language the chooser's cookie or the browser's ``Accept-Language`` names, or None."""
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in parse_accept_lang_header(header[:500]):
        found = supported(code)
        if found:
            return found
    return None


def _club_slug_language(arguments: Mapping[str, Any]) -> str | None:
    slug = arguments.get("slug")
    if not isinstance(slug, str):
        return None
    from tournaments.core.models import Club

    return Club.objects.filter(slug=slug).values_list("language", flat=True).first()


def club_language(view_name: str, arguments: Mapping[str, Any]) -> str | None:
    """The default language of the club a route (its name and arguments) names, or None."""
    for found in (_club_slug_language(arguments), *club_language_of(view_name, arguments)):
        language = supported(found)
        if language:
            return language
    return None


class ClubLocaleMiddleware(LocaleMiddleware):
    """Django's ``LocaleMiddleware``, with the club's language where the browser names none we speak."""

    def process_request(self, request: HttpRequest) -> None:
        chosen = browser_language(request)
        request.language_chosen = chosen is not None  # type: ignore[attr-defined]
        translation.activate(chosen or settings.LANGUAGE_CODE)
        request.LANGUAGE_CODE = translation.get_language()

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        if getattr(request, "language_chosen", True) or not view_kwargs:
            return
        if any(isinstance(value, str) and "\x00" in value for value in view_kwargs.values()):
            return  # refused by RefuseNulCharactersMiddleware, never looked up
        match = request.resolver_match
        language = club_language(match.view_name if match else "", view_kwargs)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        response = super().process_response(request, response)
        # The thread goes back to the site's language once the page is written: the next
        # request on it (or the next line of a test) must not start in this one's.
        translation.deactivate()
        return response
