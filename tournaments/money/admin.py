"""The money in the admin: the books shown read-only (a posting is reversed, never edited).

A club's settings (its currency, fee schedules and rates, membership types, the statements'
threshold) are edited here as on the treasurer's pages. What the services post or record
(postings and their lines, fees charged, extras, bank files and lines, statements sent)
is shown, never added, changed or deleted: the books would no longer agree with it.
"""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.money.models import (
    Account,
    BankEntry,
    BankImport,
    ClubBooks,
    DeskExtra,
    FeeRate,
    FeeSchedule,
    Membership,
    MembershipType,
    Posting,
    PostingLine,
    SessionFees,
    StatementNotice,
    StatementSettings,
    TableFee,
)


@admin.register(ClubBooks)
class ClubBooksAdmin(admin.ModelAdmin):
    list_display = ("club", "currency")
    list_select_related = ("club",)


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
    list_select_related = ("club",)
    inlines = [PostingLineInline]


@admin.register(PostingLine)
class PostingLineAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("posting", "debit", "credit", "amount", "memo")
    list_select_related = ("posting", "debit__player", "credit__player")


@admin.register(MembershipType)
class MembershipTypeAdmin(admin.ModelAdmin):
    list_display = ("club", "name", "annual_fee", "grace_days", "plays_free", "junior")
    list_select_related = ("club",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("member", "type", "paid_until", "ending")
    list_select_related = ("member__player", "member__club", "type")
    raw_id_fields = ("member",)


class FeeRateInline(admin.TabularInline):
    model = FeeRate
    extra = 0


@admin.register(FeeSchedule)
class FeeScheduleAdmin(admin.ModelAdmin):
    list_display = ("club", "name", "default")
    list_select_related = ("club",)
    inlines = [FeeRateInline]


@admin.register(FeeRate)
class FeeRateAdmin(admin.ModelAdmin):
    list_display = ("schedule", "name", "standard", "amount")
    list_select_related = ("schedule",)


@admin.register(SessionFees)
class SessionFeesAdmin(admin.ModelAdmin):
    list_display = ("session", "schedule")
    list_select_related = ("session__club", "schedule")
    raw_id_fields = ("session",)


@admin.register(TableFee)
class TableFeeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("session", "player", "amount", "payer", "method", "charge", "payment")
    list_select_related = ("session__club", "player", "payer", "charge", "payment")
    raw_id_fields = ("session", "player", "payer")


@admin.register(DeskExtra)
class DeskExtraAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("session", "player", "what", "amount", "method", "charge", "payment", "created_at")
    list_select_related = ("session__club", "player", "charge", "payment")
    raw_id_fields = ("session", "player")


@admin.register(BankImport)
class BankImportAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "club",
        "filename",
        "format",
        "state",
        "uploaded_by",
        "uploaded_at",
        "booked",
        "unmatched",
    )
    list_filter = ("state", "club")
    list_select_related = ("club", "uploaded_by")


@admin.register(BankEntry)
class BankEntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("club", "on", "amount", "name", "reference", "state", "matched_by", "account", "posting")
    list_filter = ("state", "club")
    list_select_related = ("club", "account__player", "posting")


@admin.register(StatementSettings)
class StatementSettingsAdmin(admin.ModelAdmin):
    list_display = ("club", "threshold")
    list_select_related = ("club",)


@admin.register(StatementNotice)
class StatementNoticeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("club", "player", "on", "email", "balance", "status", "sent_at")
    list_filter = ("status", "club")
    list_select_related = ("club", "player")
