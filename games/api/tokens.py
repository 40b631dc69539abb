"""`POST /api/token/`: a user name and password give an API token. Apart from the
authentication class (auth.py), which DRF imports while it reads its settings."""

import logging

from redis.exceptions import RedisError
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle

log = logging.getLogger(__name__)


class TokenThrottle(ScopedRateThrottle):
    """The token endpoint's throttle counts in the cache (Redis). With Redis down a request goes
    through rather than failing: the log-in lock-out (django-axes, in the database) still limits
    guessing."""

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except RedisError as exc:
            log.warning("token throttle skipped: the cache is unreachable (%s)", type(exc).__name__)
            return True


class TokenView(ObtainAuthToken):
    """Username + password → token. Throttled, and failures count toward the log-in lock-out."""

    throttle_classes = [TokenThrottle]
    throttle_scope = "token"
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # the size and depth limits too

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        finally:
            # django-axes marks a lock-out on the request it authenticated, DRF's; its middleware
            # looks at Django's to answer 429 instead of the serializer's 400.
            for name in ("axes_locked_out", "axes_credentials"):
                if name in request.__dict__:
                    setattr(request._request, name, request.__dict__[name])
