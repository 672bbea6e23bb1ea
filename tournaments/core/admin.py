"""The core's tables in the admin: clubs, players, and the API tokens that may write for a club.

Also the read-only mixins every capability's admin uses: a table the services derive or
an audit keeps is shown, never edited, so the admin cannot make it disagree with the rest.
"""

from django.contrib import admin
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest

from tournaments.core import changes
from tournaments.core.models import (
    ApiToken,
    ApiWriteCount,
    ApiWriteKey,
    Club,
    ClubRole,
    ClubRoleChange,
    Player,
)
from tournaments.core.services.api_tokens import api_token_revoke


class ShownOnlyAdminMixin:
    """Show rows and let the admin delete them, never add or change them (the services make them)."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdminMixin(ShownOnlyAdminMixin):
    """Show rows without letting the admin add, change or delete them."""

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ClubRoleInline(admin.TabularInline):
    """The club's volunteers and their roles (an administrator's page grants them too)."""

    model = ClubRole
    fk_name = "club"
    extra = 1
    fields = ("user", "role", "granted_by", "granted_at")
    readonly_fields = ("granted_by", "granted_at")
    autocomplete_fields = ("user",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = (ClubRoleInline,)

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        """Save the roles' inline, recording each role granted or removed here as the roles page does."""
        if formset.model is not ClubRole:
            super().save_formset(request, form, formset, change)
            return
        editor = request.user if isinstance(request.user, User) else None
        held = formset.save(commit=False)
        for gone in formset.deleted_objects:
            ClubRoleChange.objects.create(
                club=gone.club, user=gone.user, role=gone.role, granted=False, by=editor
            )
            gone.delete()
        for role in held:
            if role.pk is None:
                role.granted_by = editor
                ClubRoleChange.objects.create(
                    club=role.club, user=role.user, role=role.role, granted=True, by=editor
                )
            role.save()

    def get_readonly_fields(self, request, obj=None) -> tuple[str, ...]:
        # Changing them rescores boards: services.scoring.method.club_set_adjustment_percentages.
        return ("average_plus", "average_minus") if obj is not None else ()

    def save_model(self, request: HttpRequest, obj: Club, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if change:
            changes.club_shown_changed(obj.pk)  # its name and settings are on its sessions' pages


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "federation_number")
    search_fields = ("name", "federation_number")

    def save_model(self, request: HttpRequest, obj: Player, form, change: bool) -> None:
        """Save, and have the pages that show the player forget their stamps (``core.changes``).

        Not strictly, as the director's privacy pages are (``season.services.privacy``): the
        admin's form cannot show a refusal once saved, and its changes are rare repairs.
        """
        super().save_model(request, obj, form, change)
        if change:
            changes.players_shown_changed([obj.pk], False)


@admin.register(ClubRole)
class ClubRoleAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Who holds which role where: granted on a club's page (its inline) or the roles page."""

    list_display = ("user", "role", "club", "granted_by", "granted_at")
    list_filter = ("role", "club")
    search_fields = ("user__username", "club__name")
    list_select_related = ("user", "club", "granted_by")


@admin.register(ClubRoleChange)
class ClubRoleChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Each role granted or removed, by whom and when: a record, read-only."""

    list_display = ("at", "user", "role", "granted", "club", "by")
    list_filter = ("role", "club")
    search_fields = ("user__username", "club__name")
    list_select_related = ("user", "club", "by")


@admin.register(ApiToken)
class ApiTokenAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """A club's API tokens, told by their prefix: the token itself is never stored, so never shown.

    Tokens are issued on the director's page or by ``manage.py api_token`` (which show the
    secret once), so here they are read-only but for revoking, which goes through the same
    service; the digest is shown as it is stored, since it cannot be turned back into the token.
    """

    list_display = ("name", "prefix", "club", "created_by", "created_at", "last_used_at", "revoked_at")
    list_filter = ("club",)
    search_fields = ("name", "prefix", "club__name")
    list_select_related = ("club", "created_by")
    fields = ("club", "name", "prefix", "digest", "created_by", "created_at", "last_used_at", "revoked_at")
    actions = ("revoke_tokens",)

    def has_revoke_permission(self, request: HttpRequest) -> bool:
        """Who may change tokens may revoke them, though no field of one is edited here."""
        return request.user.has_perm("tournaments.change_apitoken")

    @admin.action(description="Revoke the selected tokens", permissions=["revoke"])
    def revoke_tokens(self, request: HttpRequest, tokens: QuerySet[ApiToken]) -> None:
        for token in tokens:
            api_token_revoke(token=token)
        self.message_user(
            request, f"{len(tokens)} token(s) revoked; the programs holding them can no longer write."
        )


@admin.register(ApiWriteCount)
class ApiWriteCountAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """A token's writes a minute, counted by the API's rate limit: a record, read-only."""

    list_display = ("token", "minute", "count")
    search_fields = ("token__name", "token__prefix", "token__club__name")
    list_select_related = ("token__club",)


@admin.register(ApiWriteKey)
class ApiWriteKeyAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """A write's idempotency key and the answer it was given, kept a day: a record, read-only."""

    list_display = ("token", "key", "status", "at")
    search_fields = ("key", "token__name", "token__prefix", "token__club__name")
    list_select_related = ("token__club",)
