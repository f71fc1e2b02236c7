"""Request parsers of the API: JSON with a size and a nesting limit.

DRF's own ``JSONParser`` reads the whole body whatever its size and lets Python's
``json`` raise ``RecursionError`` on deeply nested input (a 2 KB body nested 1,000
deep used to be a 500). This one reads at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes
(413 ``request_too_large`` beyond) and refuses input nested deeper than
``API_MAX_JSON_DEPTH`` (400 ``parse_error``), before any view sees it.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from rest_framework import parsers, status
from rest_framework.exceptions import APIException, ParseError

#: Deepest nesting a request body may have (our deepest documented body, a matrix of
#: inline decks, is 4 levels deep).
DEFAULT_MAX_DEPTH = 32


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"
    default_detail = "The request body is too large."


def body_limit() -> int:
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440)


def json_depth(value: Any) -> int:
    """Nesting depth of parsed JSON (a scalar is 0, ``[]`` is 1), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            depth += 1
            stack.extend((v, depth) for v in item.values())
        elif isinstance(item, list):
            depth += 1
            stack.extend((v, depth) for v in item)
        deepest = max(deepest, depth)
    return deepest


class JSONParser(parsers.JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        if stream is None:
            return {}
        limit = body_limit()
        # DRF hands JSON parsers ``request.body``, which Django has already checked
        # against the limit (RequestDataTooBig, a 413 in sw_site.api); a stream
        # from elsewhere is cut here.
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise RequestTooLarge(f"The request body is larger than {limit:,} bytes.")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.decode(raw, encoding)
            data = json.loads(text, parse_constant=_reject_constant)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply.") from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        max_depth = int(getattr(settings, "API_MAX_JSON_DEPTH", DEFAULT_MAX_DEPTH))
        if json_depth(data) > max_depth:
            raise ParseError(
                f"JSON parse error - nested more than {max_depth} levels deep."
            )
        return data


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON (RFC 8259); DRF refuses them too.
    raise ValueError(f"{name} is not valid JSON")
