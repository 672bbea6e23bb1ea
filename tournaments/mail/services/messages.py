"""A letter made an email: plain text and simple HTML, each with the session's and the opt-out link."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournaments.mail.selectors.letters import Letter
from tournaments.mail.tokens import opt_out_token

TEMPLATES = "tournaments/mail/"


def absolute(path: str) -> str:
    """A link for an email, which has no request to be relative to (``SITE_URL``)."""
    return f"{settings.SITE_URL}{path}"


def opt_out_url(club_id: int, player_id: int) -> str:
    return absolute(reverse("mail_opt_out", args=[opt_out_token(club_id, player_id)]))


def letter_subject(letter: Letter) -> str:
    session, result = letter.result.pair.session, letter.result
    told = f"{result.percentage:.2f}%" if result.percentage is not None and not session.is_imps else ""
    if result.imps is not None:
        told = translation.gettext("%(imps)s IMPs") % {"imps": f"{result.imps:+.2f}"}
    if result.place:
        place = translation.gettext("place %(place)s, %(told)s") % {"place": result.place, "told": told}
    else:
        place = translation.gettext("your scorecard")
    return f"{session.club.name}, {session.name} {session.date:%d %b %Y}: {place}".rstrip(", ")


def club_language(club: object) -> str:
    """The language a club's emails are written in: the club's own once it has one, else the site's."""
    return getattr(club, "language", "") or settings.LANGUAGE_CODE


def _scorecard_path(letter: Letter) -> str:
    """The page of the letter's result: the pair's, or an individual's standings (his own line)."""
    if letter.result.number is not None:
        return reverse("individual_standings", args=[letter.result.pair.session_id])
    return letter.result.pair.get_absolute_url()


def letter_message(letter: Letter) -> EmailMultiAlternatives:
    """The email of ``letter``; its List-Unsubscribe header is the opt-out link (a mail program's button)."""
    session, seat = letter.result.pair.session, letter.seat
    unsubscribe = opt_out_url(session.club_id, seat.player.pk)
    context = {
        "session": session,
        "club": session.club,
        "player": seat.player,
        "result": letter.result,
        "pair": letter.result.pair,
        "session_url": absolute(session.get_absolute_url()),
        "pair_url": absolute(_scorecard_path(letter)),
        "opt_out_url": unsubscribe,
    }
    with translation.override(club_language(session.club)):
        message = EmailMultiAlternatives(
            subject=letter_subject(letter),
            body=render_to_string(TEMPLATES + "results.txt", context),
            to=[seat.email],
            headers={"List-Unsubscribe": f"<{unsubscribe}>"},
        )
        message.attach_alternative(render_to_string(TEMPLATES + "results.html", context), "text/html")
    return message
