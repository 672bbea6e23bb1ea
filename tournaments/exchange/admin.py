"""The exchange's tables in the admin: score files waiting for their director, Bridgemate feeds.

A preview is made by an upload and removed by its confirmation, so the admin only shows
one (without its file, up to 5 MB) and may delete a stale one. A Bridgemate feed is made
by the first import of a file's section; deleting it detaches the session from the file
(the next import of that file makes a new session).
"""

from django.contrib import admin

from tournaments.core.admin import ShownOnlyAdminMixin
from tournaments.exchange.models import BridgemateFeed, PendingImport


@admin.register(PendingImport)
class PendingImportAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("created_at", "kind", "user", "club", "date", "name", "replace", "sha256")
    list_filter = ("kind", "club")
    search_fields = ("name", "sha256", "club__name", "user__username")
    list_select_related = ("user", "club")
    fields = ("kind", "user", "club", "date", "name", "replace", "sha256", "created_at")


@admin.register(BridgemateFeed)
class BridgemateFeedAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("session", "club", "section", "bcs_session", "updated_at")
    list_filter = ("club",)
    search_fields = ("session__name", "bcs_session", "club__name")
    list_select_related = ("session__club", "club")
    fields = ("session", "club", "bcs_session", "section", "updated_at")
