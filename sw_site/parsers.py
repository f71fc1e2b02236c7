"""Request parsers of the API: JSON with a size and a nesting limit.

DRF's own ``JSONParser`` reads the whole body whatever its size and lets Python's
``json`` raise ``RecursionError`` on deeply nested input (a 2 KB body nested 1,000
deep used to be a 500). This one reads at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes
(413 ``request_too_large`` beyond) and refuses input nested deeper than
``API_MAX_JSON_DEPTH`` (400 ``parse_error``), before any view sees it.

:func:`parse_id` reads a database id from input (a JSON number or a string of ASCII
digits) as a bounded integer, 1 .. 2**63-1 (a ``bigint`` primary key): Python refuses
``int()`` of more than 4,300 digits, and a number past the column's range makes the
database driver raise, so an id taken from a request must go through it (or a caller
built on it, e.g. ``simulate.services.decks.parse_deck_id``) before ``int()`` or a
query sees it.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
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
            data = json.loads(
                text, parse_constant=_reject_constant, parse_int=_parse_int
            )
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


#: Longest integer literal a body may hold (Python's own limit for ``int()`` of a
#: string; no field of the API needs a tenth of it).
MAX_INT_DIGITS = 4300


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise ValueError(
            f"a number with {digits:,} digits (at most {MAX_INT_DIGITS:,})"
        )
    return int(text)


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON (RFC 8259); DRF refuses them too.
    raise ValueError(f"{name} is not valid JSON")


#: The largest id a ``bigint`` primary key holds (PostgreSQL and SQLite alike).
MAX_ID = 2**63 - 1
_ASCII_DIGITS = re.compile(r"[0-9]+")


def _shown(value: int | str) -> str:
    """A number for an error message: never thousands of digits echoed back."""
    if isinstance(value, int):
        if value.bit_length() > 256:
            return "a number that large"
        value = str(value)
    return value if len(value) <= 24 else f"{value[:12]}…({len(value):,} characters)"


def _not_an_id(value: int | str, what: str, why: str) -> ValidationError:
    return ValidationError(
        f"{_shown(value)} is not a valid {what}: {why}.",
        code="invalid_id",
    )


def parse_id(value: Any, *, what: str = "id") -> int | None:
    """``value`` as an id: an int (not a bool) or a string of ASCII digits, from 1 to
    :data:`MAX_ID`. None when ``value`` is not written as a number at all (a slug, a
    list: the caller decides what it is). Raises ``ValidationError`` (code
    ``invalid_id``) for a number that cannot be an id: 0, negative, past ``MAX_ID``
    (however many digits), digits other than ASCII ``0-9`` (``"²"``, ``"٣"``) or a
    bool. Never calls ``int()`` on more than 19 digits."""
    bounds = f"ids are whole numbers from 1 to {MAX_ID}"
    if isinstance(value, bool):
        raise _not_an_id(str(value).lower(), what, bounds)
    if isinstance(value, int):
        if 1 <= value <= MAX_ID:
            return value
        raise _not_an_id(value, what, bounds)
    if not isinstance(value, str):
        return None
    text = value.strip()
    if _ASCII_DIGITS.fullmatch(text):
        digits = text.lstrip("0")
        if digits and len(digits) <= len(str(MAX_ID)) and int(digits) <= MAX_ID:
            return int(digits)
        raise _not_an_id(text, what, bounds)
    sign, rest = (text[0], text[1:]) if text[:1] in ("+", "-") else ("", text)
    if rest.isdigit():
        # A number Python's int() reads but no id is written as ("٣", "²", "-4").
        raise _not_an_id(text, what, f"{bounds}, written with the digits 0-9")
    return None
