"""The exchange's table in the admin: score files previewed and waiting for their director.

A preview is made by an upload and removed by its confirmation, so the admin only shows
one (without its file, up to 5 MB) and may delete a stale one.
"""

from django.contrib import admin

from tournaments.core.admin import ShownOnlyAdminMixin
from tournaments.exchange.models import PendingImport


@admin.register(PendingImport)
class PendingImportAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("created_at", "kind", "user", "club", "date", "name", "replace", "sha256")
    list_filter = ("kind", "club")
    search_fields = ("name", "sha256", "club__name", "user__username")
    list_select_related = ("user", "club")
    fields = ("kind", "user", "club", "date", "name", "replace", "sha256", "created_at")
