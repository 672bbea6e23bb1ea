"""The app's routes, gathered from each capability: public pages at the top, the director's under /director/.

Every director route is named in the ``director`` namespace whichever capability serves
it (a session's files in ``director:exchange``, the legacy import in ``imports``), so
templates and links keep their names as capabilities move.
"""

from django.urls import URLPattern, URLResolver, include, path

from tournaments.analysis import urls as analysis
from tournaments.bookings import urls as bookings
from tournaments.bookings.views import entry_urls as entries
from tournaments.core import urls as core
from tournaments.exchange import urls as exchange
from tournaments.federation import urls as federation
from tournaments.mail import urls as mail
from tournaments.members import urls as members
from tournaments.money import urls as money
from tournaments.money.views import bank_routes as money_bank
from tournaments.night import urls as night
from tournaments.season import urls as season
from tournaments.teams import urls as teams

director: list[URLPattern | URLResolver] = [
    *core.director,
    *night.director,
    *teams.director,
    *exchange.director,
    *season.director,
    *mail.director_routes,
    *federation.director,
    *money.director,
    *money_bank.director,
    *entries.director,
    *bookings.director_routes,
    path("", include((exchange.director_exchange, "exchange"))),
]

urlpatterns = [
    path("director/", include((director, "director"))),
    path("director/import/", include((exchange.imports, "imports"))),
    *core.public_routes,
    *night.public_routes,
    *teams.public_routes,
    *exchange.public_routes,
    *season.public_routes,
    *mail.public_routes,
    *members.public_routes,
    *money_bank.public_routes,
    *bookings.public_routes,
    *entries.public_routes,
    *analysis.public_routes,
]
