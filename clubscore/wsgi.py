"""WSGI entry point for ClubScore (gunicorn clubscore.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
application = get_wsgi_application()
