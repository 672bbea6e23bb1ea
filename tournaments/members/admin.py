"""The members' accounts in the admin: where a volunteer's own user is linked to his address."""

from django.contrib import admin

from tournaments.members.models import MemberAccount, SignInRequest


@admin.register(MemberAccount)
class MemberAccountAdmin(admin.ModelAdmin):
    """Link a volunteer's existing user to the address his clubs keep: one person, one sign-in."""

    list_display = ["email", "user", "created_at"]
    search_fields = ["email", "user__username"]
    raw_id_fields = ["user"]


@admin.register(SignInRequest)
class SignInRequestAdmin(admin.ModelAdmin):
    list_display = ["email", "created_at", "sent", "used_at", "ip"]
    search_fields = ["email"]
    readonly_fields = ["email", "ip", "browser_digest", "sent", "created_at", "used_at"]
