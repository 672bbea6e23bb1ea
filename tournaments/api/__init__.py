"""The JSON API (issue 23) at ``/api/v1/`` (``app.api``), over the capabilities' selectors and services.

A views floor: it may import every capability; nothing imports it but ``clubscore.urls``.
The clubs' tokens it checks are the core's (``core.models.api_tokens``).
"""
