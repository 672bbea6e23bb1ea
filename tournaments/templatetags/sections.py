"""``{% section part %}``: draw a part a capability added to a shared page (``core.sections``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from tournaments.core.sections import Section

register = template.Library()


@register.simple_tag(takes_context=True)
def section(context: template.Context, part: Section) -> SafeString:
    """Render the part's template with its context over the page's (the request, the user)."""
    page = context.template
    if page is None:  # a Context made by hand and rendered by no template: no engine to ask
        raise template.TemplateSyntaxError("{% section %} draws a part of a page being rendered.")
    with context.push(**part.context):
        return page.engine.get_template(part.template).render(context)
