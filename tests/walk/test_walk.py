"""The walk of every seam (issue 45): whole evenings for the combinations a club can configure.

Each combination of ``dimensions.DIMENSIONS`` chosen by pairwise coverage is walked once,
from the club's settings through seating, dealing, play, a correction, an adjustment,
finish, reopen and finish again, the results mail, the master points and every export, as
its users do it, with Django's test client (``evening.STEPS``). Then each check is its own
test of that walk, so a known failure marks exactly that check (``known.py``):

- ``reaches the end``: every step went through;
- ``no server error``: no answer of 500 or more on any page, phone endpoint or file;
- ``figures``: every score, matchpoint, percentage, place and board count shown equals the
  rules' own recomputation (``rules.py``);
- ``mail``: one results letter to each player who played;
- ``no internal numbers``: no section's internal pair or table number (101, 205) on any
  public page, phone or export;
- ``no English``: under another language, no English message of the catalogue on any page
  or phone the walk reached.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.core import mail
from django.test import Client

from tests.walk import known
from tests.walk.dimensions import DIMENSIONS, combinations
from tests.walk.evening import STEPS, night_of
from tests.walk.walk import Combination, Walk

pytestmark = pytest.mark.django_db

COMBINATIONS = combinations()
CHECKS = (
    "reaches the end",
    "no server error",
    "figures",
    "mail",
    "no internal numbers",
    "no English on phones",
    "no English on public pages",
    "no English on director pages",
    "no English on member pages",
)
_WALKS: dict[Combination, Walk] = {}


def _client(language: str) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    client.cookies["django_language"] = language
    return client


def walked(combination: Combination, director, club, after_commit) -> Walk:
    """The combination's evening, walked once for all its checks."""
    if combination not in _WALKS:
        mail.outbox = []
        language = combination.language
        director_client = _client(language)
        director_client.force_login(director)
        walk = Walk(combination, director_client, _client(language), _client(language), _client(language))
        walk.facts["club"] = club
        walk.facts["after_commit"] = after_commit
        _WALKS[combination] = walk.run(night_of(walk).steps(STEPS, combination))
    return _WALKS[combination]


def _params():
    """Each check of each combination; and each known failure of it, a strict xfail of its own."""
    params = []
    for combination in COMBINATIONS:
        for check in CHECKS:
            name = f"{combination.id}-{check.replace(' ', '_')}"
            params.append(pytest.param(combination, check, None, id=name))
            for index, failure in enumerate(known.known_for(combination, check)):
                mark = pytest.mark.xfail(strict=True, reason=failure.reason)
                params.append(
                    pytest.param(combination, check, failure, id=f"{name}-known{index}", marks=mark)
                )
    return params


@pytest.mark.parametrize(("combination", "check", "failure"), _params())
def test_the_walk(combination, check, failure, director, club, settings, django_capture_on_commit_callbacks):
    settings.EMAIL_URL = "memory://"  # email configured, as a club that mails its results
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    walk = walked(combination, director, club, django_capture_on_commit_callbacks)
    problems = PROBLEMS[check](walk)
    if failure is None:  # the check, but for the problems a known failure accounts for
        problems = [p for p in problems if not any(k.matches(p) for k in known.known_for(combination, check))]
    else:  # the known failure: gone once its fix is merged
        problems = [p for p in problems if failure.matches(p)]
    assert problems == [], f"{combination.id}: {check}:\n" + "\n".join(problems)


def _reaches_the_end(walk: Walk) -> list[str]:
    return [walk.stopped] if walk.stopped else []


def _no_server_error(walk: Walk) -> list[str]:
    return walk.server_errors


def _figures(walk: Walk) -> list[str]:
    if walk.figures_checked == 0:
        return [f"no figure was checked (the walk stopped: {walk.stopped})"]
    return walk.wrong_figures


def _mail(walk: Walk) -> list[str]:
    if "letters" not in walk.facts:
        return [f"the walk did not reach the results mail: {walk.stopped}"]
    players, wanted = night_of(walk).players, night_of(walk).letters_expected()
    letters = walk.facts["letters"]
    return [] if letters == wanted else [f"{letters} results letters for {players} players (wanted {wanted})"]


def _no_internal_numbers(walk: Walk) -> list[str]:
    internal = re.compile(r"(?<![\w.,:/-])[1-9]0[1-9](?![\w.,:/-])")
    return [
        f"{name}: {sorted(set(internal.findall(text)))} in {text[max(0, m.start() - 60) : m.end() + 40]!r}"
        for name, text in walk.public_texts.items()
        if (m := internal.search(text))
    ]


def _english_of(who: str) -> Callable[[Walk], list[str]]:
    def english(walk: Walk) -> list[str]:
        return [
            f"{page}: {found}" for (by, page), items in walk.english.items() if by == who for found in items
        ]

    return english


PROBLEMS = {
    "reaches the end": _reaches_the_end,
    "no server error": _no_server_error,
    "figures": _figures,
    "mail": _mail,
    "no internal numbers": _no_internal_numbers,
    "no English on phones": _english_of("phone"),
    "no English on public pages": _english_of("public"),
    "no English on director pages": _english_of("director"),
    "no English on member pages": _english_of("member"),
}


def test_the_walk_covers_every_pair_of_values_in_few_evenings():
    """Every two values of any two dimensions meet in a walked evening, where the night allows them."""
    from itertools import combinations as pairs_of

    from tests.walk.dimensions import allowed

    met = {(a, getattr(c, a), b, getattr(c, b)) for c in COMBINATIONS for a, b in pairs_of(DIMENSIONS, 2)}
    wanted = {
        (a, x, b, y)
        for a, b in pairs_of(DIMENSIONS, 2)
        for x in DIMENSIONS[a]
        for y in DIMENSIONS[b]
        if allowed({a: x, b: y})
    }
    assert wanted <= met
    every = 1
    for values in DIMENSIONS.values():
        every *= len(values)
    assert len(COMBINATIONS) < every / 10
    print(f"the walk: {len(COMBINATIONS)} evenings of {every} combinations")
