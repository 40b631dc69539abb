"""The site's Django set up in-process on an in-memory SQLite database, with production settings
(DEBUG off) and tasks run in-process: the page benchmarks (board_render.py, replay.py) measure
rendering, not a database server. Import it before anything of Django's."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = "sqlite://:memory:"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
os.environ.setdefault("DJANGO_DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("AXES_ENABLED", "false")
os.environ["EMAIL_URL"] = "dummymail://"
os.environ.pop("REDIS_URL", None)

import django  # noqa: E402

django.setup()
