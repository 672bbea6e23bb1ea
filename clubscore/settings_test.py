"""Settings for the test suite: production settings with a throwaway key.

Tests run with DEBUG off, as production does, so they see what users see.
"""

import os

os.environ.setdefault("SECRET_KEY", "insecure-test-key")
os.environ.setdefault("SECURE_COOKIES", "0")

from clubscore.settings import *  # noqa: E402,F403

STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Serve static files from the app folders; the suite never runs collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Rescore a table's entry as soon as its answer is sent, so a test reads its scores at
# once (tests/night/services/test_settle_soon.py sets a delay to test the wait).
TABLE_SETTLE_DELAY = 0.0
# A read replica that is the primary's own test database (Django's test mirror), so the
# router's tests need no second server; off unless a test turns it on
# (tests/clubscore/test_read_replica.py), since a mirror is a second connection that does
# not see a test's uncommitted rows.
DATABASES["replica"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}  # noqa: F405
READ_REPLICA_ALIAS = None
# The pages' stamps stay out of any CACHE_URL the suite is run with: Redis outlives a test's
# rolled-back rows, whose ids SQLite gives out again. The tests of the shared cache say so
# themselves (tests/night/live/).
CLUBSCORE_SHARED_CACHE = False
# Run each job inline, when it is enqueued (a job with effects outside the database, the
# results by email, once the transaction that asked for it commits): a test reads the jobs'
# work at once. The queue's own tests, and those of the work in the background, use the
# database backend and a worker (tests/core/jobs/).
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
BACKUP_AT = ""
