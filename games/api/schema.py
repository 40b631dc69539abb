"""The OpenAPI schema made true to the errors the API answers (a drf-spectacular hook).

The views document their own success and domain errors; the framework's answers (a body that
does not parse or is too large, a missing token, an unknown match, the token throttle) apply
across operations and are added here, each with the shared Error body.
"""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.views import SpectacularSwaggerSplitView

ERROR = {"type": "object", "properties": {"detail": {"type": "string"}}, "required": ["detail"]}

REASONS = {
    "400": "The input is not valid (the detail says why).",
    "401": "No valid token or session.",
    "403": "Not allowed to do this.",
    "404": "No such match (or it is private).",
    "409": "Someone moved first or the match changed: reload.",
    "413": "The request body is too large.",
    "415": "The body is not JSON or a form.",
    "429": "Too many requests: wait and retry.",
    "503": "The database is briefly unreachable (a restart): retry after Retry-After seconds.",
}


def _codes(path: str, method: str, operation: dict) -> set[str]:
    codes = set()
    if "requestBody" in operation or method in ("post", "put", "patch"):
        codes |= {"400", "413", "415"}
    if method not in ("get", "head", "options"):
        codes |= {"401", "403"}
    if "{id}" in path or "{username}" in path:
        codes.add("404")
    if path.endswith("/chat/") and method == "post":
        codes.add("429")
    if any(p.get("in") == "query" for p in operation.get("parameters", [])):
        codes.add("400")
    if path.endswith(("/join/", "/leave/", "/start/", "/actions/")):
        codes.add("409")
    if path == "/api/token/":
        codes = (codes - {"401", "403"}) | {"429"}
    if path not in ("/api/ping/", "/api/games/"):
        codes.add("503")  # any operation that reads the database
    return codes


def document_errors(result, generator, request, public):
    """Add each operation's possible error answers that it does not document yet."""
    result.setdefault("components", {}).setdefault("schemas", {}).setdefault("Error", ERROR)
    for path, methods in result.get("paths", {}).items():
        for method, operation in methods.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for code in sorted(_codes(path, method, operation)):
                operation["responses"].setdefault(
                    code,
                    {
                        "description": REASONS[code],
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                    },
                )
    return result


class ApiDocsView(SpectacularSwaggerSplitView):
    """Swagger UI at /api/docs/, its files served by the site (drf-spectacular-sidecar) and its
    start-up script a file of its own (`?script`), so the page works offline under the site's
    CSP. OPTIONS says what the page allows instead of rendering DRF's metadata through the HTML
    template (a 500). Its page adds a description to drf-spectacular's."""

    template_name = "api_docs.html"

    def options(self, request, *args, **kwargs):
        response = HttpResponse(status=200)
        response["Allow"] = "GET, HEAD, OPTIONS"
        return response
