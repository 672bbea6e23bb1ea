"""The routes of the bank's statements, the member's statement and the treasurer's reports.

Kept apart from the money's own routes (``money/urls.py``) so the two halves of the club's
books grow side by side; ``tournaments/urls.py`` gathers both.
"""

from django.urls import path

from tournaments.money.views import bank, reports, statements

director = [
    path("clubs/<slug:slug>/money/bank/", bank.bank, name="money_bank"),
    path("clubs/<slug:slug>/money/bank/<int:pk>/", bank.bank_import, name="money_bank_import"),
    path("clubs/<slug:slug>/money/bank/lines/<int:pk>/", bank.bank_entry, name="money_bank_entry"),
    path("clubs/<slug:slug>/money/accounts/<int:player>/", statements.account, name="money_account"),
    path(
        "clubs/<slug:slug>/money/accounts/<int:player>/statement.<str:fmt>",
        statements.account,
        name="money_account_download",
    ),
    path("clubs/<slug:slug>/money/statements/mail/", statements.statement_mail, name="money_statement_mail"),
    path("clubs/<slug:slug>/money/reports/", reports.reports, name="money_reports"),
    path("clubs/<slug:slug>/money/reports/<slug:name>/", reports.report, name="money_report"),
    path(
        "clubs/<slug:slug>/money/reports/<slug:name>.<str:fmt>", reports.report, name="money_report_download"
    ),
]

public_routes = [
    path("me/players/<int:pk>/clubs/<slug:slug>/statement/", statements.my_statement, name="my_statement"),
    path(
        "me/players/<int:pk>/clubs/<slug:slug>/statement.<str:fmt>",
        statements.my_statement,
        name="my_statement_download",
    ),
]
