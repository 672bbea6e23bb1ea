"""The money in the admin: the books shown read-only (a posting is reversed, never edited)."""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.money.models import (
    Account,
    ClubBooks,
    FeeRate,
    FeeSchedule,
    Membership,
    MembershipType,
    Posting,
    PostingLine,
    TableFee,
)


@admin.register(ClubBooks)
class ClubBooksAdmin(admin.ModelAdmin):
    list_display = ("club", "currency")


@admin.register(Account)
class AccountAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("club", "kind", "player", "created_at")
    list_filter = ("kind", "club")
    list_select_related = ("club", "player")


class PostingLineInline(admin.TabularInline):
    model = PostingLine
    extra = 0
    can_delete = False
    readonly_fields = ("debit", "credit", "amount", "memo")

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(Posting)
class PostingAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("id", "club", "on", "cause", "cause_id", "memo", "by_name", "at")
    list_filter = ("cause", "club")
    inlines = [PostingLineInline]


@admin.register(MembershipType)
class MembershipTypeAdmin(admin.ModelAdmin):
    list_display = ("club", "name", "annual_fee", "grace_days", "plays_free", "junior")


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("member", "type", "paid_until", "ending")
    raw_id_fields = ("member",)


class FeeRateInline(admin.TabularInline):
    model = FeeRate
    extra = 0


@admin.register(FeeSchedule)
class FeeScheduleAdmin(admin.ModelAdmin):
    list_display = ("club", "name", "default")
    inlines = [FeeRateInline]


@admin.register(TableFee)
class TableFeeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("session", "player", "amount", "payer", "method", "charge", "payment")
    raw_id_fields = ("session", "player", "payer")
