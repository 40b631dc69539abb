"""Error answers for the whole site: JSON `{"detail": ...}` for everything under /api/, the
site's pages elsewhere, and 503 with Retry-After (never a traceback or a 500) while the database
is unreachable, e.g. during a restart.

Django turns an exception into a response in two places: a view's exception reaches the
middleware's `process_exception` (OutageMiddleware), one raised by a middleware (the session or
user lookup) goes straight to `handler500`. Both come here, so both answer alike.
"""

from __future__ import annotations

import logging
import re
import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _
from django.views import csrf, defaults

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
DETAILS = {
    400: _("Bad request."),
    403: _("You do not have permission to do this."),
    404: _("Not found."),
    405: _("Method not allowed."),
    413: _("The request body is too large."),
    429: _("Too many failed log-ins: wait and try again."),
    500: _("Server error."),
    503: _("The site is briefly unavailable: try again in a few seconds."),
}
OUTAGE_ERRORS = (OperationalError, InterfaceError)


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def json_error(status: int, detail: str | None = None, **headers) -> JsonResponse:
    response = JsonResponse({"detail": str(detail or DETAILS.get(status, _("Error.")))}, status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def is_outage(exc: BaseException | None) -> bool:
    """A database that cannot be reached or dropped the connection (not a bad query)."""
    return isinstance(exc, OUTAGE_ERRORS)


def outage(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: JSON on the API, a page on the site that needs no database."""
    retry = str(settings.OUTAGE_RETRY_AFTER)
    if is_api(request):
        response = json_error(503)
    else:
        html = render_to_string("503.html", {"retry_after": settings.OUTAGE_RETRY_AFTER})
        response = HttpResponse(html, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = retry
    response["Cache-Control"] = "no-store"
    return response


# ------------------------------------------------------------------ handlers (chickenisland.urls)


def bad_request(request, exception=None):
    if is_api(request):
        return json_error(413 if type(exception).__name__ == "RequestDataTooBig" else 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if is_api(request):
        return json_error(403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return json_error(404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    """Django calls this inside the `except` that caught the error, so it can tell an outage."""
    if is_outage(sys.exc_info()[1]):
        return outage(request)
    if is_api(request):
        return json_error(500)
    return defaults.server_error(request)


MATCH_ACTION = re.compile(r"^/matches/(?P<pk>[0-9]+)/act/$")


def csrf_failure(request, reason=""):
    """A refused token (CSRF_FAILURE_VIEW). A match page left open while its login changed (logged
    out and in again elsewhere) posts a stale token: its board answers "log in again" rather than
    taking in an error page; the API answers JSON, other pages Django's own answer."""
    if is_api(request):
        return json_error(403)
    found = MATCH_ACTION.match(request.path_info)
    if found and request.headers.get("HX-Request") == "true":
        from django.urls import reverse

        from games.views.match import session_ended

        return session_ended(request, reverse("match", args=[int(found["pk"])]))
    return csrf.csrf_failure(request, reason)


# ------------------------------------------------------------------ django-axes


def locked_out(request, original_response=None, credentials=None):
    """django-axes' lock-out answer (AXES_LOCKOUT_CALLABLE): 429 with Retry-After, JSON on the
    API (the token endpoint), the lock-out page elsewhere."""
    from axes.helpers import get_client_username, get_cool_off, get_failure_limit
    from django.shortcuts import render

    cool_off = get_cool_off(request)
    seconds = int(cool_off.total_seconds()) if cool_off else None
    if is_api(request):
        response = json_error(429)
    else:
        context = {
            "failure_limit": get_failure_limit(request, credentials),
            "username": get_client_username(request, credentials) or "",
            "cooloff_timedelta": cool_off,
        }
        response = render(request, settings.AXES_LOCKOUT_TEMPLATE, context, status=429)
    if seconds:
        response["Retry-After"] = str(seconds)
    return response

