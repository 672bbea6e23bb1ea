"""The analysis in the admin: the lead solves and the evenings' figures shown read-only (the
lead solves' job works them out again), the players' choices to share their analysis."""

from django.contrib import admin

from tournaments.analysis.models import AnalysisSharing, EveningTally, LeadSolve
from tournaments.core.admin import ReadOnlyAdminMixin


@admin.register(LeadSolve)
class LeadSolveAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("board__session", "board", "leader", "strain", "solved_at")
    list_filter = ("strain",)
    search_fields = ("board__session__name", "board__session__club__name")
    list_select_related = ("board__session__club",)


@admin.register(EveningTally)
class EveningTallyAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("session", "player")
    search_fields = ("session__name", "session__club__name", "player__name")
    list_select_related = ("session__club", "player")


@admin.register(AnalysisSharing)
class AnalysisSharingAdmin(admin.ModelAdmin):
    list_display = ("player", "public", "changed_at")
    list_filter = ("public",)
    search_fields = ("player__name",)
    list_select_related = ("player",)
    raw_id_fields = ("player",)
