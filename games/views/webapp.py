"""The installable site: its web app manifest and its service worker (Web Push).

The service worker is served from the site's root so that its scope is the whole site; the
manifest's words follow the reader's language.
"""

from functools import lru_cache

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME = "#9c3d17"
BACKGROUND = "#f6f1e7"


@require_GET
@cache_control(max_age=3600)
def manifest(request):
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "id": "/",
        "name": "Chicken Island Online",
        "short_name": "Chicken Island",
        "description": _("Play the chicken board games by web, a turn a day."),
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


@lru_cache(maxsize=1)
def _worker_source() -> bytes:
    return (settings.BASE_DIR / "static" / "js" / "sw.js").read_bytes()


@require_GET
@cache_control(no_cache=True)
def service_worker(request):
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response
