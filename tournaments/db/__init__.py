"""Persistence below services and selectors: plain SQL for the hot paths, and the plain rows it reads.

Nothing here knows a page or a rule of bridge: it imports Django's database layer and
the models only, never services, selectors, views or forms, so both the writes and the
reads may use it (docs/decisions.md, "The rooms").
"""
