"""A table's name on the pages: its number, or in a session of sections the section's name for it (A3)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.bridge.movement_sections import number_label

register = template.Library()


@register.filter
def table_name(table: int, session: Any) -> str:
    """``{{ access.table|table_name:session }}``: ``3``, or ``A3`` for table 103 of a session of sections."""
    return number_label(int(table), sectioned=getattr(session, "has_sections", False))
