"""The programme and its bookings in the admin: for an administrator fixing a row, not for booking."""

from django.contrib import admin

from tournaments.bookings.models import (
    Booking,
    BookingRules,
    ClosedDate,
    PartnerAsk,
    PlannedSession,
    ProgrammeDate,
)


@admin.register(PlannedSession)
class PlannedSessionAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "club",
        "kind",
        "first_date",
        "weekly",
        "starts_at",
        "table_limit",
        "withdrawn_at",
    )
    search_fields = ("name", "club__name")
    list_select_related = ("club",)
    raw_id_fields = ("club",)


@admin.register(ProgrammeDate)
class ProgrammeDateAdmin(admin.ModelAdmin):
    list_display = ("__str__", "starts_at", "cancelled_at", "reminded_at", "seated_at")
    search_fields = ("planned__name", "planned__club__name")
    list_select_related = ("planned",)
    raw_id_fields = ("planned", "session")


@admin.register(ClosedDate)
class ClosedDateAdmin(admin.ModelAdmin):
    list_display = ("club", "date", "reason")
    search_fields = ("club__name", "reason")
    list_select_related = ("club",)
    raw_id_fields = ("club",)


@admin.register(BookingRules)
class BookingRulesAdmin(admin.ModelAdmin):
    list_display = ("club", "cut_off_hours", "reminder_hours", "late_cancellation_pays")
    search_fields = ("club__name",)
    list_select_related = ("club",)
    raw_id_fields = ("club",)


@admin.register(Booking)
class BookingAdmin(admin.ModelAdmin):
    list_display = ("__str__", "visitor", "status", "queued_at", "cancelled_late", "no_show", "walk_in")
    search_fields = ("player__name", "partner__name", "visitor")
    list_select_related = ("player", "date__planned")
    raw_id_fields = ("date", "player", "account", "partner", "pair")


@admin.register(PartnerAsk)
class PartnerAskAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "created_at", "answered_at")
    search_fields = ("asker__name", "single__player__name")
    list_select_related = ("asker", "single__player")
    raw_id_fields = ("single", "asker", "account")
