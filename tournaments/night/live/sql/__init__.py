"""The live evening's own plain SQL: the statements a night in play runs on every send, poll and settle.

Beside the code that runs them (``night.live``), not in ``tournaments.db``, which keeps
only what is shared (``db.sql``'s helpers, the ratings' and the backups' statements, a
session's results deleted at once). Like ``db``, these modules import only Django's
database layer, the models, ``bridge`` and ``db`` (tests/test_architecture.py), so both
the writes and the reads may use them. Each says what it buys and what it costs.
"""
