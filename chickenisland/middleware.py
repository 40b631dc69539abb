"""Site-wide middleware of our own."""

from csp.middleware import CSPMiddleware

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
