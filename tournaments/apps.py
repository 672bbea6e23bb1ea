"""The one Django app; its capabilities register their hooks when it is ready."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Let each capability register at the hooks of the rooms it stands on (core.hooks)."""
        from tournaments.season import hooks as season
        from tournaments.teams import hooks as teams

        teams.register()
        season.register()
