"""The site's administrator sees the master points ledger (derived from the places, never edited)
and the clubs' handicaps."""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.federation.models import MasterPointAward, PlayerHandicap


@admin.register(MasterPointAward)
class MasterPointAwardAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Written when a session or event finishes (and after a correction): the pages' totals add it up."""

    list_display = (
        "date",
        "club",
        "player",
        "points",
        "federation",
        "scale",
        "place",
        "session",
        "teams_event",
    )
    list_filter = ("federation", "club")
    search_fields = ("player__name", "player__federation_number", "session__name", "teams_event__name")
    raw_id_fields = ("club", "player", "session", "pair", "teams_event", "team")
    list_select_related = ("club", "player", "session__club", "teams_event__club")
    date_hierarchy = "date"


@admin.register(PlayerHandicap)
class PlayerHandicapAdmin(admin.ModelAdmin):
    """A player's handicap at a club: the director sets it on a session's handicaps page."""

    list_display = ("club", "player", "handicap", "updated_at")
    list_filter = ("club",)
    search_fields = ("player__name",)
    raw_id_fields = ("club", "player")
    list_select_related = ("club", "player")
