"""Settings for ClubScore, read from the environment.

The defaults are the safe production ones (DEBUG off, no hosts allowed but localhost);
`make run` turns DEBUG on for the demo. SQLite is the embedded default database;
DATABASE_URL selects another (PostgreSQL in CI and production).
"""

import datetime
import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from clubscore.email_url import email_settings

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_flag("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "insecure-development-key-do-not-use-in-production"
    elif _env_flag("CLUBSCORE_EPHEMERAL_SECRET_KEY"):
        # Set by manage.py for commands that serve nothing (simpscore, migrate, ...):
        # a key that dies with the process, so they run without production secrets.
        SECRET_KEY = secrets.token_urlsafe(50)
    else:
        raise ImproperlyConfigured("Set SECRET_KEY in the environment (or DEBUG=1 for development).")

ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "ninja",
    "django_tasks",
    "django_tasks_db",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A refresh's or a poll's 204 that the shared cache confirms, before the middleware it does
    # not need (docs/decisions.md, "The unchanged requests' own path"); all else goes on.
    "clubscore.unchanged.UnchangedMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The roles a director's route needs, for the access selectors (tournaments/core/route_roles.py).
    "tournaments.core.route_roles.RouteRolesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "clubscore.middleware.PermissionsPolicyMiddleware",
    "clubscore.replica.PublicReadsMiddleware",
    # The page's language: the chooser's cookie, else the browser's, else the club's
    # (docs/decisions.md, "The club's language"). After PublicReadsMiddleware, so that the
    # club's language is read where the page's other reads go (the replica).
    "tournaments.core.language.ClubLocaleMiddleware",
    "axes.middleware.AxesMiddleware",
    # Last, so the refusal page has the user and messages the other middleware give it.
    "clubscore.nul_input.RefuseNulCharactersMiddleware",
]

# Uploads. The largest file a form takes is a legacy score file (5 MB,
# tournaments.bridge.formats.legacy.MAX_SCORE_FILE_BYTES); past that a file's bytes are counted
# and dropped (clubscore.uploads). Files over 1 MB go to a temporary file, not memory;
# a request's other fields (a pasted permutation list is the largest) stay under 2 MB.
UPLOAD_FILE_MAX_BYTES = 5_000_000
FILE_UPLOAD_MAX_MEMORY_SIZE = 1_000_000
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_000_000
FILE_UPLOAD_HANDLERS = [
    "clubscore.uploads.SizeLimitUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

ROOT_URLCONF = "clubscore.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "clubscore.wsgi.application"
ASGI_APPLICATION = "clubscore.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
    )
}

# Public pages read from a replica when one is given (clubscore/replica.py); writes, the
# director's pages and the tables' links always use the primary.
READ_REPLICA_ALIAS = None
if os.environ.get("DATABASE_REPLICA_URL"):
    READ_REPLICA_ALIAS = "replica"
    DATABASES[READ_REPLICA_ALIAS] = dj_database_url.parse(
        os.environ["DATABASE_REPLICA_URL"], conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0"))
    )
    # The test suite has no second server: the replica is the primary's test database.
    DATABASES[READ_REPLICA_ALIAS]["TEST"] = {"MIRROR": "default"}
DATABASE_ROUTERS = ["clubscore.replica.PublicReadsToReplica"]

# Each API token's writes a minute (tournaments/api/auth.py) are counted where every
# process sees the same count, or N workers or app servers would allow N times the rate
# (issue 28): in the database by default (one row a token, core/services/api_write_counts.py,
# made by `migrate`), in Redis with CACHE_URL=redis://host:6379/0 (Django's own backend),
# which spares the database those writes. Django's cache stays each process's own
# without CACHE_URL (django-axes keeps its counts in the database). The pages' stamps
# live in the cache only when it is shared (CLUBSCORE_SHARED_CACHE, set by CACHE_URL):
# a process's own cache cannot hear another's writes. Rendered pages are cached under
# their stamps either way (tournaments/night/live/). A Redis that stops answering must
# not hold a request: a call gives up after half a second and the pages read the database.
_cache_url = os.environ.get("CACHE_URL", "").strip()
if _cache_url.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {
            # Django's, keeping its Redis client between calls (what that buys: the class's docstring).
            "BACKEND": "tournaments.night.live.backend.RedisCacheKeepingClients",
            "LOCATION": _cache_url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
elif _cache_url:
    raise ImproperlyConfigured(
        f"CACHE_URL must be a redis:// (or rediss://, unix://) address, not {_cache_url!r}"
    )
CLUBSCORE_SHARED_CACHE = bool(_cache_url)
API_WRITE_COUNTS = "cache" if _cache_url else "database"
# An API token's writes a minute (tournaments/api/auth.py).
API_WRITE_RATE = int(os.environ.get("API_WRITE_RATE", "120"))

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take the write lock when a transaction starts, so concurrent writers queue
    # instead of failing with "database is locked" halfway through.
    DATABASES["default"].setdefault("OPTIONS", {})["transaction_mode"] = "IMMEDIATE"
    # Write-ahead logging: readers never wait for a writer (the public pages keep serving
    # while the tables send their results), and with synchronous=NORMAL a commit does not
    # wait for the disk (it is durable at the next checkpoint; a power cut can lose the
    # last few commits, never corrupt the file). Every commit of a result saves ~3 ms.
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"

# A table's entry is rescored (its board's matchpoints, the standings) once the session's
# entries have paused this many seconds, but at most TABLE_SETTLE_MAX_WAIT after the
# first one waiting: a burst of sends shares one rescoring (night/services/settle_soon.py).
# 0 rescores after each answer.
TABLE_SETTLE_DELAY = float(os.environ.get("TABLE_SETTLE_DELAY", "0.2"))
TABLE_SETTLE_MAX_WAIT = float(os.environ.get("TABLE_SETTLE_MAX_WAIT", "2.0"))
# The pages' live updates (server-sent events: docs/decisions/0082-pages-told-of-changes.md).
# An open standings page, board page, director's grid and table's phone hold a stream of
# their session's changes and fetch the new state when told; without one (the stream lost,
# refused, or off) they poll as before. CLUBSCORE_EVENTS says who serves the streams:
# "threads": this server's own threads, a thread a stream (`make run`'s runserver: DEBUG);
# "asgi": only an ASGI server (production's events process, granian --interface asgi, behind
# the proxy's /events/ routes; a WSGI worker answers 503 and the page polls); "": off, the
# pages poll. The events travel by Redis pub/sub with CACHE_URL, within the process without.
CLUBSCORE_EVENTS = os.environ.get("CLUBSCORE_EVENTS", "threads" if DEBUG else "").strip()
if CLUBSCORE_EVENTS not in ("", "threads", "asgi"):
    raise ImproperlyConfigured(f"CLUBSCORE_EVENTS must be threads, asgi or empty, not {CLUBSCORE_EVENTS!r}")
# Streams one client (its address, as django-axes sees it) may hold in a process at once: a
# club's room behind one address holds its phones and its readers' pages (0: no limit).
CLUBSCORE_EVENTS_PER_CLIENT = int(os.environ.get("CLUBSCORE_EVENTS_PER_CLIENT", "64"))
# A stream ends after this many seconds and its page reconnects (a proxy's timeouts, a
# rolling restart); without CACHE_URL a stream reads its session's stamp every CHECK seconds.
CLUBSCORE_EVENTS_LIFETIME_SECONDS = float(os.environ.get("CLUBSCORE_EVENTS_LIFETIME_SECONDS", "600"))
CLUBSCORE_EVENTS_CHECK_SECONDS = float(os.environ.get("CLUBSCORE_EVENTS_CHECK_SECONDS", "2"))
# Streams an events server opens at once (each opening is a request through Django's stack, with
# a database connection of its own under ASGI); the others wait their turn. Measured: 3,000 pages
# opening at 100 a second asked PostgreSQL for more than its 100 connections.
CLUBSCORE_EVENTS_OPENING = int(os.environ.get("CLUBSCORE_EVENTS_OPENING", "16"))
# The work after the answer (the boards' double-dummy analyses, the rescoring once the tables'
# sends pause, the ratings' refit, the results by email, the nightly backup) is a job on the
# task queue: a row of the database written in the transaction that asks for it, run by
# `manage.py run_jobs` workers, processes of their own on this machine or others
# (tournaments/core/services/jobs.py, docs/decisions/0063-task-queue.md). The test suite runs
# each job inline instead (settings_test.py).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# A worker looks for due jobs this often when it has none (seconds): a table's rescoring waits
# at most this much longer than its quiet TABLE_SETTLE_DELAY.
JOBS_POLL_SECONDS = float(os.environ.get("JOBS_POLL_SECONDS", "0.05"))
# A job still running this long after it started is taken as lost (its worker's machine
# stopped) and run again; a worker on this machine that died is noticed at once.
JOBS_LEASE_SECONDS = float(os.environ.get("JOBS_LEASE_SECONDS", "900"))
# /healthz answers 503 when a due job has waited this long for a worker (seconds).
JOBS_STUCK_AFTER_SECONDS = float(os.environ.get("JOBS_STUCK_AFTER_SECONDS", "300"))
# The ratings' refit runs this many seconds after the first finish that owes it, once for every
# finish meanwhile (season.services.rating_queue).
RATING_REFIT_DELAY = float(os.environ.get("RATING_REFIT_DELAY", "2.0"))
# The nightly backup, enqueued by the workers themselves at this time of day (UTC, HH:MM);
# empty: none (`manage.py backup` from cron instead).
BACKUP_AT = os.environ.get("BACKUP_AT", "03:00").strip()

MIGRATION_MODULES = {"tournaments": "migrations"}

# Backups (README "Backups"): `manage.py backup` writes a timestamped file into BACKUP_DIR
# and then keeps its newest BACKUP_KEEP backups there (core/services/backups.py).
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", "") or BASE_DIR / "backups")
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "14"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The languages ClubScore speaks; each has a complete catalogue in locale/ (a test checks it).
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("pl", "Polski"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The chooser's choice is kept a year, for the phones and the players' pages alike.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Login throttling (django-axes) on /accounts/login/ and /admin/login/: after
# AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is
# locked for LOGIN_COOLOFF_MINUTES (each further failure restarts the wait); a success
# clears the count. Locking username+address (not the address alone) keeps one
# guesser from locking out a whole club behind the same NAT. The lock-out page is
# registration/locked_out.html (HTTP 429); the admin lists attempts and lifts locks
# (Axes > Access attempts: delete the row). TRUSTED_PROXY_COUNT: see clubscore/client_ip.py.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = datetime.timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "clubscore.client_ip.client_ip"
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director:home"
LOGOUT_REDIRECT_URL = "home"

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SECURE = _env_flag("SECURE_COOKIES", default=not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

# HTTPS behind a reverse proxy (README "Production"). SECURE_PROXY_SSL_HEADER=1 trusts
# X-Forwarded-Proto: https from the proxy (any other value names the header, e.g.
# HTTP_X_SCHEME); set it only when the proxy sets that header and strips a client's own.
_proxy_header = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
if _proxy_header and _proxy_header.lower() not in {"0", "false", "no", "off"}:
    _header_name = (
        "HTTP_X_FORWARDED_PROTO" if _proxy_header.lower() in {"1", "true", "yes", "on"} else _proxy_header
    )
    SECURE_PROXY_SSL_HEADER = (_header_name, "https")
SECURE_SSL_REDIRECT = _env_flag("SECURE_SSL_REDIRECT")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = _env_flag("SECURE_HSTS_PRELOAD")

# Content-Security-Policy (django-csp): nothing inline and nothing from elsewhere. The
# templates keep scripts and styles in static/ (a test scans them); the SVG charts use
# classes and presentation attributes, which the policy does not restrict.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# Email (results by email, issue 35; tournaments/mail/): EMAIL_URL names the server as
# DATABASE_URL names the database (clubscore/email_url.py says the forms), e.g.
# submission://results%40club.example:password@mail.club.example:587?from=results@club.example
# Without it nothing is sent, and the director's email page says so. SITE_URL is where the
# links in an email point (the site's public address, no trailing slash).
EMAIL_URL = os.environ.get("EMAIL_URL", "").strip()
globals().update(email_settings(EMAIL_URL))
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").strip().rstrip("/")

# Errors go to stderr, where gunicorn (or systemd, or docker) collects them: a 500 logs
# "Internal Server Error: <path>" with its traceback (django.request, level ERROR) in
# production as in development. LOG_LEVEL sets the level of ClubScore's own logger
# (tournaments) and of the stderr handler; Django's loggers keep WARNING. ADMINS
# ("Name <mail>, ..." or plain addresses) adds mail of each 500 when email is set up.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
ADMINS = [
    (address.partition("<")[0].strip() or address, address.partition("<")[2].rstrip(">").strip() or address)
    for address in _env_list("ADMINS", "")
]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "plain"},
        "mail_admins": {"class": "django.utils.log.AdminEmailHandler", "level": "ERROR"},
    },
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "WARNING"},
        "django.request": {
            "handlers": ["stderr", *(["mail_admins"] if ADMINS else [])],
            "level": "ERROR",
            "propagate": False,
        },
        "tournaments": {"handlers": ["stderr"], "level": LOG_LEVEL},
    },
}
