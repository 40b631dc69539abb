"""JSON bodies with limits: a size cap and a nesting cap, so a hostile body is a 4xx, never a
RecursionError or a server busy parsing megabytes. Used by the API's parser and the site's
action form."""

from __future__ import annotations

import json

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def max_bytes() -> int:
    return settings.API_MAX_BODY_BYTES


class TooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


def depth(value) -> int:
    """How deeply lists and dicts nest in `value` (without recursion)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level)
            todo.extend((v, level + 1) for v in item)
    return deepest


def loads(text: str | bytes):
    """Parse JSON; ValueError if it is not JSON, too large or nested too deeply."""
    if len(text) > max_bytes():
        raise ValueError("too large")
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    if depth(data) > MAX_DEPTH:
        raise ValueError("nested too deeply")
    return data


class LimitedJSONParser(JSONParser):
    """DRF's JSON parser with the size and depth limits."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        raw = stream.read(max_bytes() + 1) if stream is not None else b""
        if len(raw) > max_bytes():
            raise TooLarge()
        try:
            return loads(raw.decode(encoding))
        except (ValueError, UnicodeDecodeError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
