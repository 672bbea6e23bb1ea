"""The core's tables in the admin: clubs and players.

Also the read-only mixins every capability's admin uses: a table the services derive or
an audit keeps is shown, never edited, so the admin cannot make it disagree with the rest.
"""

from django.contrib import admin

from tournaments.core.models import Club, Player


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


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("directors",)

    def get_readonly_fields(self, request, obj=None) -> tuple[str, ...]:
        # Changing them rescores boards: services.scoring.method.club_set_adjustment_percentages.
        return ("average_plus", "average_minus") if obj is not None else ()


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "federation_number")
    search_fields = ("name", "federation_number")
