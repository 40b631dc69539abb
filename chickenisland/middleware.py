"""Site-wide middleware of our own: the pages' policy, the request limits, the outage answer,
compression of pages and the private cache mark."""

import logging

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.http import HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_cache_control

from . import errors

log = logging.getLogger(__name__)

JSON_POLICY = "default-src 'none'; frame-ancestors 'none'"


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp, except for JSON answers: a browser never renders them, so they get a fixed
    policy that allows nothing instead of the pages' policy built anew for every response
    (the API answers every move, and that build was the costliest middleware step)."""

    def process_response(self, request, response):
        if response.get("Content-Type", "").startswith("application/json"):
            response.setdefault("Content-Security-Policy", JSON_POLICY)
            return response
        return super().process_response(request, response)


ALLOWED_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


class RequestLimitsMiddleware:
    """Refuse what the site never takes before anything reads it: TRACE (it would echo the
    request, cookies included) and unknown methods get 405, a body longer than MAX_REQUEST_BYTES
    gets 413 (the site takes no uploads). JSON under /api/. (gunicorn drains what is left of a
    refused body only up to a cap before it reuses the connection; nginx refuses a body past its
    own cap before the site sees it.)"""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in ALLOWED_METHODS:
            return self._refuse(request, 405, Allow=", ".join(sorted(ALLOWED_METHODS)))
        length = request.META.get("CONTENT_LENGTH") or "0"
        try:
            too_long = int(length) > settings.MAX_REQUEST_BYTES
        except ValueError:
            return self._refuse(request, 400)
        if too_long:
            return self._refuse(request, 413)
        return self.get_response(request)

    @staticmethod
    def _refuse(request, status, **headers):
        if errors.is_api(request):
            response = errors.json_error(status)
        else:
            response = HttpResponse(str(errors.DETAILS[status]), status=status, content_type="text/plain; charset=utf-8")
        for name, value in headers.items():
            response[name] = value
        return response


class OutageMiddleware:
    """A view that meets an unreachable database answers 503 with Retry-After (chickenisland.errors);
    what fails before the view (the session or user lookup) reaches the same answer via handler500."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if errors.is_outage(exception):
            log.warning("database unreachable: %s %s answered 503 (%s)", request.method, request.path, exception)
            return errors.outage(request)
        return None


class HtmlGZipMiddleware(GZipMiddleware):
    """Pages compressed by Django's GZipMiddleware, which pads each compressed page with random
    bytes against BREACH (the pages carry the CSRF token, itself masked anew on each page). JSON
    is left alone: API answers are small and the move is the hot path; nginx compresses only the
    static files, never an answer of the site."""

    def process_response(self, request, response):
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        return super().process_response(request, response)


class PrivateCacheMiddleware:
    """An answer for a signed-in visitor or a token holder is marked `Cache-Control: private`, so
    no shared cache (a proxy, a CDN) ever keeps one person's page or match for another. It looks
    only at the user the request already loaded (every page does, for its header), so it never
    queries the database itself."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "_cached_user", None)
        if "HTTP_AUTHORIZATION" in request.META or (user is not None and user.is_authenticated):
            if "Cache-Control" not in response:
                response["Cache-Control"] = "private"
            else:
                patch_cache_control(response, private=True)
        return response
