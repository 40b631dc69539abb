import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chickenisland.settings")
django_application = get_asgi_application()

from .streams import route  # noqa: E402  (after Django is set up: it imports the apps' code)

# The live streams take a lean route (no middleware stack, no thread held); the rest is Django.
application = route(django_application)

# Thousands of open streams are thousands of long-lived objects that every full collection
# walks again: what start-up made is set aside for good. The young generations are kept small
# (a collection of the middle one walked up to 400,000 objects and held the loop ~150 ms in a
# reconnect storm; now ~20,000), and a stream's frames are freed by reference counting anyway.
gc.freeze()
gc.set_threshold(4_000, 5, 10)
# The loop thread shares the interpreter with the threads that open streams and write presence:
# a thread waiting for it waits at most 1 ms instead of 5 while another one computes.
sys.setswitchinterval(0.001)
