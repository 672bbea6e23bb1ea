"""The season's tables in the admin: the record of players merged, read-only."""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.season.models import PlayerMerge


@admin.register(PlayerMerge)
class PlayerMergeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Players merged into another (services.players.player_merge): read-only, as the audit log is."""

    list_display = ("at", "kept_name", "duplicate_name", "duplicate_pk", "user")
    search_fields = ("kept_name", "duplicate_name", "duplicate_federation_number", "user__username")
    list_select_related = ("user",)
