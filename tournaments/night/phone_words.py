"""The words of the table's phone (static/table-entry.js), rendered into its page in the page's language.

The phone's script builds its screens itself, so its texts are listed here, where
``makemessages`` finds them in the one catalogue (no second, JavaScript catalogue to keep
complete, and no second request: the phone keeps working without a network once its
page is loaded). The script asks ``t("Board %(board)s", {board: 3})``; a test checks that
every text it asks for is listed here. The bridge words (the no-trump letters, the seats,
the sides, Pass, the vulnerabilities, the decimal comma) come from ``bridge.words``.
"""

from __future__ import annotations

from typing import Any

from django.utils.formats import get_format
from django.utils.translation import get_language, gettext, gettext_noop

from tournaments.bridge.words import words_for

TEXTS = (
    gettext_noop("%(count)s results entered so far."),
    gettext_noop("(%(tricks)s tricks)"),
    gettext_noop("1 result entered so far."),
    gettext_noop("A pair sits out this round: there are no results to enter."),
    gettext_noop("Accept"),
    gettext_noop("All this table's rounds are in. Thank you!"),
    gettext_noop("Back to the boards"),
    gettext_noop("Back to the round"),
    gettext_noop("Board %(board)s"),
    gettext_noop("Board %(board)s traveller"),
    gettext_noop("Board %(board)s was not stored: %(reason)s"),
    gettext_noop("Board %(board)s, both tables"),
    gettext_noop("Board %(board)s: both tables of the match"),
    gettext_noop("Board %(board)s: please check"),
    gettext_noop("Board %(board)s: the results so far"),
    gettext_noop("Calling the director..."),
    gettext_noop("Contract"),
    gettext_noop("Dealer %(dealer)s"),
    gettext_noop("Declarer"),
    gettext_noop("Doubled"),
    gettext_noop("East"),
    gettext_noop("Every board of this round is in."),
    gettext_noop("Every round is in; this is round %(round)s."),
    gettext_noop("Lead (suit, then card)"),
    gettext_noop("Lead card"),
    gettext_noop("Match %(number)s: %(home)s v %(away)s"),
    gettext_noop("NS %"),
    gettext_noop("NS IMPs"),
    gettext_noop("NS score"),
    gettext_noop("No"),
    gettext_noop("No network at the moment."),
    gettext_noop(
        "No network: %(count)s results are kept on this phone"
        " and will be sent when the network is back (reloading this page keeps them)."
    ),
    gettext_noop(
        "No network: 1 result is kept on this phone"
        " and will be sent when the network is back (reloading this page keeps them)."
    ),
    gettext_noop(
        "No network: board %(board)s is kept on this phone and will be sent when the network is back."
    ),
    gettext_noop("No network: the board's results will show when it is back."),
    gettext_noop("No network: the call did not go through. Wave to the director."),
    gettext_noop("North"),
    gettext_noop("Open %(table)s"),
    gettext_noop("Opponents: accept the score if it is right; reject it to enter it again."),
    gettext_noop("Pass"),
    gettext_noop("Passed out"),
    gettext_noop("Reject"),
    gettext_noop("Result"),
    gettext_noop("Round %(round)s"),
    gettext_noop("Round %(round)s is over: move for the next round"),
    gettext_noop("Round %(round)s of %(rounds)s"),
    gettext_noop("Round %(round)s was the last: the night is over. Thank you for playing!"),
    gettext_noop("Score: worked out when the result is stored."),
    gettext_noop("Seen: show the boards"),
    gettext_noop("Sending..."),
    gettext_noop("Show the score"),
    gettext_noop("South"),
    gettext_noop("Standings so far"),
    gettext_noop("Strain"),
    gettext_noop("Table"),
    gettext_noop("The board's results are not available."),
    gettext_noop("The call did not go through: wave to the director."),
    gettext_noop("The director has been called."),
    gettext_noop("The entry was refused."),
    gettext_noop(
        "The table is still in round %(current)s (a board is missing there); this is round %(round)s."
    ),
    gettext_noop("This table link does not work."),
    gettext_noop("Tricks: made or down"),
    gettext_noop("Vul %(vulnerability)s"),
    gettext_noop("Vulnerable: %(vulnerability)s"),
    gettext_noop("West"),
    gettext_noop("Where the pairs and boards went after round %(round)s"),
    gettext_noop("Your IMPs on this board: NS %(ns)s · EW %(ew)s"),
    gettext_noop("Your percentage on this board: NS %(ns)s · EW %(ew)s"),
    gettext_noop("by %(declarer)s"),
    gettext_noop("clubs"),
    gettext_noop("diamonds"),
    gettext_noop("down %(under)s"),
    gettext_noop("hearts"),
    gettext_noop("lead %(card)s"),
    gettext_noop("made +%(over)s"),
    gettext_noop("made exactly"),
    gettext_noop("spades"),
    gettext_noop("v"),
    gettext_noop("waiting for the network"),
)


def phone_words() -> dict[str, Any]:
    """The phone's texts and bridge words in the active language, for ``json_script``."""
    words = words_for(get_language())
    return {
        "texts": {text: gettext(text) for text in TEXTS},
        "bridge": {
            "no_trump": words.no_trump,
            "seats": dict(zip("NESW", words.seats, strict=True)),
            "sides": {"NS": words.sides[0], "EW": words.sides[1]},
            "pass": words.pass_word,
            "vulnerability": {code: words.vulnerability(code) for code in ("None", "NS", "EW", "All")},
            "decimal": get_format("DECIMAL_SEPARATOR"),
        },
    }
