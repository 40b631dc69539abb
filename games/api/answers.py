"""What every API view answers with: a refusal's JSON, the first of DRF's field errors, a
`?since=` cursor. One place, so the endpoints agree on their wording and on what they accept."""

from __future__ import annotations

from rest_framework.response import Response

from ..refusals import ServiceError


class BadCursor(ValueError):
    """`?since=` that is not a whole number of zero or more."""


def refusal(exc: ServiceError, headers: dict | None = None) -> Response:
    return Response({"detail": exc.message}, status=exc.status, headers=headers)


def bad_request(detail: str) -> Response:
    return Response({"detail": detail}, status=400)


def since(request) -> int:
    """The `since` cursor (a version or a message id): 0 when absent, never negative."""
    try:
        value = int(request.query_params.get("since", 0))
    except ValueError:
        raise BadCursor from None
    if value < 0:
        raise BadCursor
    return value


SINCE_ERROR = "since must be a whole number."


def first_error(errors, prefix: str = "") -> str:
    """The first message of DRF's nested errors (a field's list, or a dict per key or item)."""
    if isinstance(errors, dict):
        for field, inner in errors.items():
            return first_error(inner, f"{prefix}{field}: " if field != "non_field_errors" else prefix)
    if isinstance(errors, list) and errors:
        return first_error(errors[0], prefix)
    if errors:
        return f"{prefix}{errors}"
    return "Invalid request."
