"""The site's administrator sees every email sent and every opt-out (the director has his page)."""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin, ShownOnlyAdminMixin
from tournaments.mail.models import MailOptOut, ResultMail


@admin.register(ResultMail)
class ResultMailAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """The record of what was sent: shown, never changed (the director resends from his page)."""

    list_display = ("session", "player", "email", "reason", "status", "created_at", "sent_at")
    list_filter = ("status", "reason")
    search_fields = ("email", "player__name", "session__name")
    raw_id_fields = ("session", "player", "pair", "requested_by")
    list_select_related = ("session__club", "player")


@admin.register(MailOptOut)
class MailOptOutAdmin(ShownOnlyAdminMixin, admin.ModelAdmin):
    """Deleting one sends the member his results again (he asked the club, not the link)."""

    list_display = ("player", "club", "opted_out_at")
    search_fields = ("player__name", "club__name")
    raw_id_fields = ("club", "player")
    list_select_related = ("club", "player")
