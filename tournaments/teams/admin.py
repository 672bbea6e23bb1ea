"""The teams events' tables in the admin.

An event and its teams' names may be fixed here; what the services check across rows or
derive is read-only: who plays for which team (one team an event), the rounds' draws
(published through the director's pages, which seat their sessions), the matches' IMPs
and VPs (scored from the results), and the audits of penalties and of finishing.
"""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.teams.models import (
    Team,
    TeamMatch,
    TeamMatchPenalty,
    TeamMember,
    TeamsEvent,
    TeamsEventChange,
    TeamsRound,
)


@admin.register(TeamsEvent)
class TeamsEventAdmin(admin.ModelAdmin):
    list_display = ("date", "name", "club", "form", "scoring", "state")
    list_filter = ("club", "form", "state")
    search_fields = ("name", "club__name")
    date_hierarchy = "date"
    list_select_related = ("club",)

    # Each changes whose players may play, how the matches are drawn or scored, or is the
    # audited finish and reopen (services.events): the director's pages change them.
    readonly_fields = ("club", "form", "scoring", "rounds", "boards_per_match", "bye_vp", "state")

    def has_add_permission(self, request, obj=None) -> bool:
        # An event is created on the director's page (services.events.teams_event_create).
        return False


class TeamMemberInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = TeamMember
    extra = 0
    fields = ("player",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "event")
    list_filter = ("event__club",)
    search_fields = ("name", "event__name", "members__player__name")
    list_select_related = ("event__club",)
    readonly_fields = ("event", "number")
    inlines = (TeamMemberInline,)

    def has_add_permission(self, request, obj=None) -> bool:
        # A team's 4 to 6 players, each in one team of the event: services.events.team_add.
        return False


@admin.register(TeamMember)
class TeamMemberAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("player", "team", "event")
    list_filter = ("team__event__club",)
    search_fields = ("player__name", "team__name", "team__event__name")
    list_select_related = ("player", "team__event__club")

    @admin.display(description="event")
    def event(self, member: TeamMember) -> TeamsEvent:
        return member.team.event


@admin.register(TeamsRound)
class TeamsRoundAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("number", "event", "published", "session")
    list_filter = ("event__club", "published")
    search_fields = ("event__name",)
    list_select_related = ("event__club", "session__club")


@admin.register(TeamMatch)
class TeamMatchAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("round", "table", "home", "away", "home_imps", "away_imps", "home_vp", "away_vp")
    list_filter = ("round__event__club",)
    search_fields = ("round__event__name", "home__name", "away__name")
    list_select_related = ("round__event__club", "home", "away")


@admin.register(TeamMatchPenalty)
class TeamMatchPenaltyAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Penalties set on a match, who and why (services.penalties): read-only, as the audit log is."""

    list_display = ("at", "match", "home_imp_penalty", "away_imp_penalty", "home_vp_penalty", "user")
    search_fields = ("reason", "match__round__event__name", "user__username")
    list_select_related = ("match__round__event__club", "match__home", "match__away", "user")
    date_hierarchy = "at"


@admin.register(TeamsEventChange)
class TeamsEventChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Events finished and reopened, by whom (services.events): read-only, as the audit log is."""

    list_display = ("at", "action", "event", "user", "note")
    list_filter = ("action", "event__club")
    search_fields = ("event__name", "note", "user__username")
    list_select_related = ("event__club", "user")
    date_hierarchy = "at"
