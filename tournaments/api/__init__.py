"""The JSON API (issue 23): a views-floor room. It may import services, selectors, forms
and models; nothing below it imports it. ``app.api`` is mounted at ``/api/v1/``."""
