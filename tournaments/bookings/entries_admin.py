"""Entries in the admin: the events editable, the entries, their players and payments shown only
(an entry is cancelled and a payment refunded through the services, which keep the books right)."""

from django.contrib import admin

from tournaments.bookings.models import Entry, EntryEvent, EntryPayment, EntryPlayer
from tournaments.core.admin import ReadOnlyAdminMixin


@admin.register(EntryEvent)
class EntryEventAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "kind", "starts_on", "opens_at", "closes_at", "limit", "members_only")
    list_filter = ("kind", "club")
    list_select_related = ("club",)
    search_fields = ("name",)
    raw_id_fields = ("session", "teams_event")

    def get_readonly_fields(self, request, obj=None):
        """The limit of an event already made is changed on its entry list's page, which moves
        its waiting list up (``entry_event_limit_set``); here it would move nobody."""
        return ("limit",) if obj is not None else ()


class EntryPlayerInline(admin.TabularInline):
    model = EntryPlayer
    extra = 0
    can_delete = False
    fields = ("position", "player", "category", "fee", "confirmed_at", "active")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("event", "number", "team_name", "fee", "early_bird", "entered_at", "cancelled_at")
    list_select_related = ("event", "event__club")
    search_fields = ("event__name", "team_name", "players__player__name")
    inlines = [EntryPlayerInline]


@admin.register(EntryPlayer)
class EntryPlayerAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("entry", "player", "category", "fee", "confirmed_at", "active")
    list_select_related = ("entry", "entry__event", "entry__event__club", "player")
    search_fields = ("player__name",)


@admin.register(EntryPayment)
class EntryPaymentAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("entry", "method", "amount", "payer", "at", "refunded_at")
    list_select_related = ("entry", "entry__event", "entry__event__club", "payer")
    search_fields = ("entry__event__name", "payer__name")
