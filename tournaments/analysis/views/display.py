"""The words of the analysis pages: roles, verdicts and what a reading cannot know, in the page's language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tournaments.bridge.analysis import board as reading
from tournaments.bridge.analysis.roles import Role
from tournaments.bridge.analysis.verdicts import Kind

ROLES = {
    Role.DECLARER: gettext_lazy("Declarer"),
    Role.DUMMY: gettext_lazy("Dummy"),
    Role.ON_LEAD: gettext_lazy("On lead"),
    Role.DEFENDER: gettext_lazy("Defender"),
}

ROLE_GROUPS = {
    "declaring": gettext_lazy("Declaring"),
    "defending": gettext_lazy("Defending"),
    "on_lead": gettext_lazy("On lead"),
    "dummy": gettext_lazy("As dummy"),
    "overall": gettext_lazy("Overall"),
}

VERDICTS = {
    Kind.AUCTION: gettext_lazy("Auction"),
    Kind.LEAD: gettext_lazy("Lead"),
    Kind.DECLARER_PLAY: gettext_lazy("Declarer play"),
    Kind.DEFENCE: gettext_lazy("Defence"),
    Kind.LUCK: gettext_lazy("Luck"),
    Kind.NOTHING: gettext_lazy("Nothing special"),
    Kind.UNKNOWN: gettext_lazy("Not known"),
}

UNKNOWN = {
    reading.NO_DEAL: gettext_lazy("No hand record: double-dummy is not known."),
    reading.ADJUSTED: gettext_lazy("An adjusted score: no contract was played."),
    reading.NO_CONTRACT: gettext_lazy("Only a score was recorded: no contract, declarer or tricks."),
    reading.NO_LEAD: gettext_lazy("The lead was not recorded."),
    reading.LEAD_NOT_SOLVED: gettext_lazy("The lead is still being analysed."),
    reading.LEAD_NOT_HELD: gettext_lazy("The recorded lead is not a card the leader held."),
}
