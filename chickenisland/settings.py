"""Settings, all from the environment (django-environ).

With nothing set: SQLite, in-process Celery tasks, e-mail to the console, DEBUG on — what
`make run` serves. Production sets DJANGO_DEBUG=false, SECRET_KEY, DATABASE_URL (PostgreSQL),
REDIS_URL (Celery broker and cache), EMAIL_URL (SMTP) and ALLOWED_HOSTS.
"""

from pathlib import Path

import environ
from django.utils.translation import gettext_lazy as _
from redis.backoff import NoBackoff
from redis.retry import Retry

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env("SECRET_KEY", default="dev-only-insecure-key-change-me" if DEBUG else environ.Env.NOTSET)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files served by the site: /api/docs/ works offline, under our CSP
    "django_htmx",
    "axes",
    "accounts",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "chickenisland.middleware.OutageMiddleware",  # 503 + Retry-After while the database is unreachable
    "chickenisland.middleware.HtmlGZipMiddleware",  # pages compressed, with Django's BREACH padding
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # 413 over the body cap, 405 for TRACE and unknown methods: before anything reads the body
    # or the database, after the language is known (the refusal is in the reader's language)
    "chickenisland.middleware.RequestLimitsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserTimezoneMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "accounts.middleware.LastSeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "chickenisland.middleware.ContentSecurityPolicyMiddleware",  # django-csp; JSON answers allow nothing
    "chickenisland.middleware.PrivateCacheMiddleware",  # a signed-in visitor's answers never sit in a shared cache
    "axes.middleware.AxesMiddleware",
]

if not DEBUG:
    # Production serves collected static files itself (no separate static server needed).
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")

ROOT_URLCONF = "chickenisland.urls"
CSRF_FAILURE_VIEW = "chickenisland.errors.csrf_failure"  # a match page's stale token: "log in again"
WSGI_APPLICATION = "chickenisland.wsgi.application"
ASGI_APPLICATION = "chickenisland.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "games.context_processors.turn_badge",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if env("DATABASE_TEST_NAME", default=""):
    # CI points its Celery worker at the test database by naming it.
    DATABASES["default"]["TEST"] = {"NAME": env("DATABASE_TEST_NAME")}
# Persistent connections (checked before reuse): a move should not pay for a new connection.
# The health check means a connection that died with a database restart is replaced on the next
# request instead of failing it; an unreachable host fails fast (5 s) into a 503.
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=600))
DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, the health check skipped for a connection that served a request without
    # error in the last half second (chickenisland/postgresql/base.py): one round trip a request.
    DATABASES["default"]["ENGINE"] = "chickenisland.postgresql"
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", env.int("DATABASE_CONNECT_TIMEOUT", default=5))
    # Parameters sent apart from the statement, and a statement run a few times on a connection
    # prepared once (psycopg's own threshold, which Django turns off for poolers; there is none
    # between the site and PostgreSQL): the move's read and write are no longer parsed and
    # planned each time, nor their parameters spelled into SQL in Python. docs/performance.md
    # has the figures. DATABASE_PREPARE_THRESHOLD=0 goes back to client-side binding.
    if env.int("DATABASE_PREPARE_THRESHOLD", default=5) > 0:
        DATABASES["default"]["OPTIONS"].setdefault("server_side_binding", True)
        DATABASES["default"]["OPTIONS"].setdefault("prepare_threshold", env.int("DATABASE_PREPARE_THRESHOLD", default=5))
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The embedded default under concurrency: readers never block the writer (WAL), a writer
    # waits its turn instead of failing with "database is locked" (timeout), and the write path
    # takes the write lock when its transaction begins, not halfway through (IMMEDIATE).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=30000;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 30,
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

REDIS_URL = env("REDIS_URL", default="")
# Redis may be down or hung: every connection to it gives up within a second or two, so a page,
# a log-in or a move never waits on it (the throttle lets a request through, the move is answered
# and its follow-ups are replayed by the periodic jobs), and a dead connection is noticed.
# redis-py's own default (three retries with back-off) would hold a request over a second.
REDIS_SOCKET_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 2, "health_check_interval": 30}
REDIS_CLIENT_OPTIONS = {**REDIS_SOCKET_OPTIONS, "retry": Retry(NoBackoff(), 1)}
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": REDIS_CLIENT_OPTIONS,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: a real broker when REDIS_URL is set; otherwise tasks run in-process at once.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
# With eager tasks the development server runs the stalled-bot job itself (games/runner.py).
IN_PROCESS_JOBS = env.bool("IN_PROCESS_JOBS", default=True)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task whose worker died (acks late: still unacknowledged) is handed out again after this
# long; workers look for such tasks every 10 s (the transport's default throttle would make
# that every 100 s). The stalled-bot job (every 20 s, for turns idle 30 s) catches what a lost
# message leaves behind; a turn played twice meets a version conflict, so it counts once.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=60),
    "unacked_restore_interval": 10,
    "unacked_restore_throttle": 1,
    **REDIS_SOCKET_OPTIONS,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = CELERY_BROKER_TRANSPORT_OPTIONS
# Queueing a follow-up while Redis is down fails at once instead of retrying inside the request
# (the move is already committed; the periodic jobs replay what was not queued).
CELERY_TASK_PUBLISH_RETRY = False
CELERY_TASK_ACKS_ON_FAILURE_OR_TIMEOUT = False
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "advance-stalled-bots": {"task": "games.tasks.advance_stalled_bots", "schedule": 20.0},
    "handle-timeouts": {"task": "games.tasks.handle_timeouts", "schedule": 60.0},
    "send-reminders": {"task": "games.tasks.send_reminders", "schedule": env.float("BEAT_REMINDERS_SECONDS", default=300.0)},
    "sweep-outbox": {"task": "games.tasks.sweep_outbox", "schedule": env.float("BEAT_OUTBOX_SECONDS", default=60.0)},
    "end-exhausted-vacations": {"task": "games.tasks.end_exhausted_vacations", "schedule": 600.0},
    "abandon-idle": {"task": "games.tasks.abandon_idle", "schedule": 3600.0},
    "pair-quick-matches": {"task": "games.tasks.pair_quick_matches", "schedule": 30.0},
    "award-missed-achievements": {"task": "games.tasks.award_missed_achievements", "schedule": 1800.0},
    "forget-spectators": {"task": "games.tasks.forget_spectators", "schedule": 3600.0},
    "advance-tournaments": {"task": "games.tasks.advance_tournaments", "schedule": 300.0},
}

# The match chat (games/chat): at most N messages per person in each window of S seconds (the
# environment may raise them for a test of the whole stack that writes many lines).
CHAT_RATE_LIMITS = [(30, env.int("CHAT_LIMIT_30S", default=5)), (3600, env.int("CHAT_LIMIT_HOUR", default=60))]

EMAIL_CONFIG = env.email_url("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Chicken Island Online <noreply@chickenisland.invalid>")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=30)  # seconds; shorter than the outbox's lease

# Notifications (games/notifications): a worker holds a delivery this long while sending it,
# and the sweep queues a due delivery again when it has waited this long in the queue.
NOTIFY_LEASE_SECONDS = env.int("NOTIFY_LEASE_SECONDS", default=120)
NOTIFY_REQUEUE_SECONDS = env.int("NOTIFY_REQUEUE_SECONDS", default=120)
# Web Push: the VAPID key pair (base64url, as `vapid --gen` or docs/deployment.md makes them)
# and the contact the push services may write to. Without keys the push channel is off.
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", default="")
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", default="")
VAPID_SUBJECT = env("VAPID_SUBJECT", default="mailto:noreply@chickenisland.invalid")
# Push endpoints must be https (a browser's push service); tests may allow a local http one.
WEBPUSH_ALLOW_HTTP = env.bool("WEBPUSH_ALLOW_HTTP", default=False)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

# Log-in attempts are rate-limited per username and address, and per address across all
# usernames, so trying many names from one address is locked out too (django-axes).
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_ENABLED = env.bool("AXES_ENABLED", default=True)
# Behind a proxy the lock-out answers the API in JSON (the page otherwise).
AXES_LOCKOUT_CALLABLE = "chickenisland.errors.locked_out"

# The client's address. PROXY_COUNT is how many proxies of ours stand in front of the site, each
# appending the address it saw to X-Forwarded-For (the nginx recipe in deploy/ sets 1). With 0,
# the default, the address is the socket's and the header is ignored. With n, the address is the
# n-th entry from the right of the header: the one our outermost proxy wrote; whatever a client
# put in the header itself stands to the left of it and is never read. django-axes reads it
# through django-ipware (whose proxy count is the number of entries after the client's, hence
# n - 1, and not strict, so a longer forged chain changes nothing), DRF's throttles through
# NUM_PROXIES.
PROXY_COUNT = env.int("PROXY_COUNT", default=0)
if PROXY_COUNT > 0:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR",)
    AXES_IPWARE_PROXY_COUNT = PROXY_COUNT - 1
else:
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("REMOTE_ADDR",)
    AXES_IPWARE_PROXY_COUNT = None
AXES_IPWARE_PROXY_ORDER = "left-most"
IPWARE_STRICT = False

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# The language cookie is sent like the session's: over HTTPS only in production, never with
# cross-site requests, and unread by scripts.
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True

# The site takes no uploads: a body over this many bytes is refused with 413 before anything reads
# it (the API's JSON parser has the same cap, API_MAX_BODY_BYTES); the nginx recipe has it too.
MAX_REQUEST_BYTES = env.int("MAX_REQUEST_BYTES", default=64 * 1024)
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BYTES
DATA_UPLOAD_MAX_NUMBER_FILES = 0
# How long a client is told to wait (Retry-After) when the database is unreachable.
OUTAGE_RETRY_AFTER = env.int("OUTAGE_RETRY_AFTER", default=10)

# Browser features the site never uses are turned off for it and anything it might embed.
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media", "fullscreen",
        "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment",
        "picture-in-picture", "publickey-credentials-get", "screen-wake-lock", "usb", "xr-spatial-tracking",
    )
}

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Production answers JSON only; the browsable pages are for development.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_RATES": {"token": "20/min"},
    # The throttles count per client address: the proxy's header is read as PROXY_COUNT says
    # (0: the socket's address; a forged X-Forwarded-For is never a new address).
    "NUM_PROXIES": PROXY_COUNT,
    # JSON bodies are capped in size and nesting (games/jsonbody.py): bad input is a 4xx.
    "DEFAULT_PARSER_CLASSES": [
        "games.jsonbody.LimitedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
API_MAX_BODY_BYTES = env.int("API_MAX_BODY_BYTES", default=64 * 1024)

# Content-Security-Policy (django-csp): scripts only from the site's own files, never inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],  # style attributes and htmx's indicator style
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Chicken Island Online API",
    "DESCRIPTION": "Play the chicken board games by web: lobby, matches and moves.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.document_errors",
    ],
}

if not DEBUG:
    # X-Forwarded-Proto is believed only from a proxy of ours (PROXY_COUNT > 0); gunicorn listens
    # on loopback or a Unix socket (gunicorn.conf.py), so no one else can reach it to set it.
    if PROXY_COUNT > 0:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
