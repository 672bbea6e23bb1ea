"""The members' accounts in the admin: where a volunteer's own user is linked to his address."""

from django.contrib import admin

from tournaments.core.admin import ReadOnlyAdminMixin
from tournaments.members.models import MemberAccount, SignInRequest


@admin.register(MemberAccount)
class MemberAccountAdmin(admin.ModelAdmin):
    """Link a volunteer's existing user to the address his clubs keep: one person, one sign-in."""

    list_display = ("email", "user", "created_at")
    search_fields = ("email", "user__username")
    raw_id_fields = ("user",)
    list_select_related = ("user",)


@admin.register(SignInRequest)
class SignInRequestAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """The requests the throttle counts: shown, never changed (a changed one would open a link)."""

    list_display = ("email", "created_at", "sent", "used_at", "ip")
    search_fields = ("email",)
