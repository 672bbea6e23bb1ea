"""The season's tables in the admin: member lists, competitions, merges and ratings.

Ratings are derived from the standings (services.ratings, ``manage.py rate_players``) and
a merge is the record of two players folded into one, so both are read-only. A
competition's rules and sessions are checked by the director's page (services.competitions),
so here one is shown and may be deleted, not edited; so is an event over several sessions
(services.events checks its sessions).
"""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin, ShownOnlyAdminMixin
from tournaments.season.models import (
    ClubMember,
    Competition,
    Event,
    EventSession,
    PlayerMerge,
    PlayerRating,
    RatedSession,
    RatingDue,
    RatingSnapshot,
    RatingState,
)


class EventSessionInline(admin.TabularInline):
    model = EventSession
    fields = ("session", "added_at")
    readonly_fields = ("session", "added_at")
    extra = 0
    can_delete = False


@admin.register(Event)
class EventAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "club", "method", "created_at")
    list_filter = ("club", "method")
    search_fields = ("name", "club__name")
    list_select_related = ("club",)
    inlines = [EventSessionInline]


@admin.register(EventSession)
class EventSessionAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("event", "session", "added_at")
    search_fields = ("event__name", "session__name")
    list_select_related = ("event__club", "session__club")


@admin.register(ClubMember)
class ClubMemberAdmin(admin.ModelAdmin):
    list_display = ("player", "club", "email", "added_at")
    list_filter = ("club",)
    search_fields = ("player__name", "player__federation_number", "email", "club__name")
    list_select_related = ("player", "club")
    autocomplete_fields = ("player",)


@admin.register(Competition)
class CompetitionAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("name", "club", "method", "best_of", "minimum_sessions", "created_at")
    list_filter = ("club", "method")
    search_fields = ("name", "club__name")
    list_select_related = ("club",)


@admin.register(PlayerMerge)
class PlayerMergeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Players merged into another (services.players.player_merge): read-only, as the audit log is."""

    list_display = ("at", "kept_name", "duplicate_name", "duplicate_pk", "user")
    search_fields = ("kept_name", "duplicate_name", "duplicate_federation_number", "user__username")
    list_select_related = ("user",)


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("player", "rating", "uncertainty", "sessions", "residual", "updated_at")
    search_fields = ("player__name", "player__federation_number")
    list_select_related = ("player",)


@admin.register(RatingSnapshot)
class RatingSnapshotAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("player", "session", "rating", "uncertainty")
    list_filter = ("session__club",)
    search_fields = ("player__name", "session__name")
    list_select_related = ("player", "session__club")


@admin.register(RatedSession)
class RatedSessionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """The sessions the current ratings count (services.rating_refit)."""

    list_display = ("session_id", "counted_at")
    search_fields = ("session_id",)


@admin.register(RatingDue)
class RatingDueAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Refits owed: each is done by the next refit, a moment after the change."""

    list_display = ("session_id", "created_at")


@admin.register(RatingState)
class RatingStateAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("version", "refitted_at")
