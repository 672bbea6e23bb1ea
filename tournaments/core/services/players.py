"""A name becomes a player: found among the club's own, or made (issues 28 and 46).

Every way a name enters (the seating forms, a pasted list, a team, an individual, a
file's players) comes here or cleans the name the same way (``bridge.names``), so
"Ann\u00a0Able", "Ａnn Able" and "Ann\u200bAble" are the Ann Able the club knows, and a
word mixing alphabets ("Аble" with a Cyrillic А) is refused naming the letter.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.bridge.names import clean_name, mixed_script_words, odd_letter, script
from tournaments.bridge.text import quoted
from tournaments.core.models import Club, Player
from tournaments.core.selectors.club_players import own_players

MAX_NAME = 120

# The alphabets a name is most often typed in, for the refusal's words; another is named as Unicode does.
SCRIPT_NAMES = {
    "LATIN": gettext_noop("Latin"),
    "CYRILLIC": gettext_noop("Cyrillic"),
    "GREEK": gettext_noop("Greek"),
    "ARMENIAN": gettext_noop("Armenian"),
    "HEBREW": gettext_noop("Hebrew"),
    "ARABIC": gettext_noop("Arabic"),
}


def script_name(found: str) -> str:
    """An alphabet's name in the reader's language (``CYRILLIC`` -> ``cyrillique`` in French)."""
    return _(SCRIPT_NAMES[found]) if found in SCRIPT_NAMES else found.title()


def check_name(name: str) -> str:
    """Return the name cleaned; refuse, naming the word and its alphabets, one that mixes them."""
    name = clean_name(name)
    if not name:
        raise ValidationError({"players": _("A player's name cannot be empty.")})
    most = Player._meta.get_field("name").max_length or MAX_NAME
    if len(name) > most:  # NFKC may lengthen: a ligature of 18 letters is one character
        raise ValidationError(
            {
                "players": _("The player name %(name)s is longer than %(most)d characters.")
                % {"name": quoted(name), "most": most}
            }
        )
    for word, scripts in mixed_script_words(name):
        odd = odd_letter(word, scripts)
        raise ValidationError(
            {
                "players": _(
                    "%(name)s: the word %(word)s mixes %(scripts)s letters (%(letter)s is %(script)s), "
                    "so it only looks like a name written in one alphabet: type it again in one."
                )
                % {
                    "name": name,
                    "word": f"“{word}”",
                    "scripts": _(" and ").join(script_name(found) for found in scripts),
                    "letter": odd,
                    "script": script_name(script(odd)),
                }
            }
        )
    return name


def player_find_or_create(*, club: Club, name: str, federation_number: str = "") -> Player:
    """Return the club's own player with this federation number, else the club's own player of
    this name, else a new one; the name cleaned and checked first (``check_name``).

    Both look only among the club's own players (its list, its sessions, its teams:
    ``selectors.club_players``). Another club's player of that name may be another
    person, and taking him would hand this club's director his results (issue 28); a
    number is looked up the same way (issue 46), or a file of numbers would seat another
    club's players in this club's nights and move their records: a number another
    club's player holds is not taken, and linking the two is the site's administrator's
    (docs/decisions/0065). A name shared by several of the club's own players without a
    federation number is ambiguous; the oldest is taken, as a director retyping a
    regular's name expects.
    """
    name = check_name(name)
    federation_number = federation_number.strip()
    if federation_number:
        numbered = Player.objects.filter(federation_number=federation_number)
        own = own_players(club, numbered)
        if own:
            return own[0]
        if not numbered.exists():
            return Player.objects.create(name=name, federation_number=federation_number)
    own = own_players(club, Player.objects.filter(name__iexact=name).order_by("id"))
    return own[0] if own else Player.objects.create(name=name)
