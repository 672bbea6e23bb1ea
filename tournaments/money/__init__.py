"""The club's money (issue 49): the books, memberships and their subscriptions, table money.

Floors: the core and the season below (a member is ``season.ClubMember``); the night's
finish calls ``charge_the_night`` through ``night.hooks.session_finished``.
"""
