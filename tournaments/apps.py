"""The one Django app; each capability registers at the hooks of the rooms below it when it is ready."""

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Call each capability's ``ready`` in the order its parts stand on the shared pages."""
        from tournaments.analysis import ready as analysis
        from tournaments.bookings import ready as bookings
        from tournaments.core import ready as core
        from tournaments.exchange import ready as exchange
        from tournaments.federation import ready as federation
        from tournaments.mail import ready as mail
        from tournaments.members import ready as members
        from tournaments.money import ready as money
        from tournaments.night import ready as night
        from tournaments.season import ready as season
        from tournaments.teams import ready as teams

        for capability in (
            core,
            night,
            exchange,
            teams,
            season,
            mail,
            federation,
            members,
            money,
            bookings,
            analysis,
        ):
            capability.ready()
