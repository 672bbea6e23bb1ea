"""The routes of the bank's statements, the member's statement and the treasurer's reports.

Kept apart from the money's own routes (``money/urls.py``) so the two halves of the club's
books grow side by side; ``tournaments/urls.py`` gathers both.
"""

from django.urls import path

from tournaments.money.views import bank

director = [
    path("clubs/<slug:slug>/money/bank/", bank.bank, name="money_bank"),
    path("clubs/<slug:slug>/money/bank/<int:pk>/", bank.bank_import, name="money_bank_import"),
    path("clubs/<slug:slug>/money/bank/lines/<int:pk>/", bank.bank_entry, name="money_bank_entry"),
]

public_routes: list = []
