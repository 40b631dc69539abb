import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
django_application = get_asgi_application()

from .streams import route  # noqa: E402  (after Django is set up: it imports the apps' code)

# The live streams take a lean route (no middleware stack, no thread held); the rest is Django.
application = route(django_application)

# Thousands of open streams are thousands of long-lived objects that every full collection
# walks again: what start-up made is set aside for good, and young objects are collected less
# often (a stream's frames are short-lived and freed by reference counting anyway).
gc.freeze()
gc.set_threshold(20_000, 20, 20)
