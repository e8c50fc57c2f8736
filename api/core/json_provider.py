"""Flask's JSON, written by orjson: every API answer and every ETag is a JSON dump of the game
(flask-smorest hashes one for the ETag, Flask writes one for the body), and orjson makes each
about 6x cheaper than the standard library (62 -> 10 us for a six-hand game).

Request bodies are read here too (`parse_json_body`), once, before any view: a body that
would poison a stored game (NaN, a lone surrogate) or break the parser (deep nesting, an
integer of thousands of digits) is refused in the one error shape."""

import datetime
import io
import json

import orjson
from flask import current_app, g, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wsgi import get_content_length

from .errors import abort


class OrjsonProvider(DefaultJSONProvider):
    """`dumps` by orjson (sorted keys when asked, int keys allowed as the standard library
    allows them); anything orjson refuses (an int past 64 bits, an unknown type) and indented
    output fall back to the standard library, so no value dumps differently in meaning.
    Reading stays with the standard library: its errors are the ones the API documents.

    A time is written with its offset, always: the store keeps naive UTC, and a view should
    write it with api/core/times.py `iso`; one that hands a datetime over as it is still gets
    it as UTC with a Z (both writers), never bare (a crew's `attached_at`)."""

    @staticmethod
    def default(o):
        """The standard library's writer: a time or a day in ISO 8601 as orjson writes it,
        a naive time as UTC with a Z (Flask's own default would write an HTTP date);
        anything else as Flask writes it."""
        if isinstance(o, datetime.datetime) and o.tzinfo is None:
            return f"{o.isoformat()}Z"
        if isinstance(o, datetime.date):
            return o.isoformat()
        return DefaultJSONProvider.default(o)

    def dumps(self, obj, **kwargs):
        """JSON text of `obj` (compact; keys sorted if `sort_keys`, as Flask's default is)."""
        if kwargs.get("indent") is not None:
            return super().dumps(obj, **kwargs)
        option = orjson.OPT_NON_STR_KEYS | orjson.OPT_NAIVE_UTC | orjson.OPT_UTC_Z
        if kwargs.get("sort_keys", self.sort_keys):
            option |= orjson.OPT_SORT_KEYS
        try:
            return orjson.dumps(obj, option=option).decode()
        except TypeError:  # orjson.JSONEncodeError is a TypeError
            return super().dumps(obj, **kwargs)


IMPORT_PATH = "/api/import"

JSON_BODY_METHODS = frozenset(("POST", "PUT", "PATCH"))

MAX_DEPTH = 32  # the deepest real body (a hand) nests 4 levels; the parsers recurse past ~900


class BodyRefused(Exception):
    """A JSON body the API will not read: `status` (400/422), `rule_code` and a sentence."""

    def __init__(self, status, rule_code, message):
        super().__init__(message)
        self.status, self.rule_code, self.message = status, rule_code, message


def _not_finite(text):
    raise BodyRefused(422, "NOT_A_NUMBER", f"{text} is not a number a scorepad can keep")


def _finite_float(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):
        _not_finite(text if len(text) <= 20 else text[:20] + "...")
    return value


def is_json_type(mimetype):
    """application/json or any `+json` type (what webargs reads as JSON)."""
    return mimetype == "application/json" or mimetype.endswith("+json")


def parse_json_body(data):
    """The JSON value of a request body, refusing what would poison a game or the server.

    400 BAD_JSON: not UTF-8 JSON, nested deeper than MAX_DEPTH, or an integer too long to
    read (the standard library stops at 4,300 digits with a ValueError). 422 NOT_A_NUMBER:
    NaN, Infinity or a number too big to be finite (the standard library reads them all, and
    nothing can write them back as JSON). 422 BAD_TEXT: text with a lone surrogate
    ("\\ud800"), which no database can store as UTF-8.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BodyRefused(400, "BAD_JSON", "the request is not readable text (UTF-8)") from None
    try:
        value = json.loads(text, parse_constant=_not_finite, parse_float=_finite_float)
    except RecursionError:
        raise BodyRefused(400, "BAD_JSON", "the request is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, or an integer past 4,300 digits
        reason = "a number in it is too long" if "digits" in str(error) else "it is not JSON"
        raise BodyRefused(400, "BAD_JSON", f"the request could not be read: {reason}") from None
    _check_value(value)
    return value


def _check_value(value):
    """Walk `value` without recursion: refuse deep nesting and text with lone surrogates."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
            continue
        if not isinstance(item, dict | list):
            continue
        if depth > MAX_DEPTH:
            raise BodyRefused(400, "BAD_JSON", "the request is nested too deeply")
        if isinstance(item, dict):
            for key in item:
                _check_text(key)
            item = item.values()
        stack.extend((child, depth + 1) for child in item)


def _check_text(text):
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BodyRefused(
            422,
            "BAD_TEXT",
            "some text in the request has a broken character (a lone surrogate); type it again",
        ) from None


def read_request_body():
    """Before every API write: the body within MAX_CONTENT_LENGTH (413), JSON (415), and
    readable (400/422, see parse_json_body); the parsed value lands in `g.json_body`.

    A chunked body has no Content-Length, and werkzeug's stream stops quietly at the limit,
    so a body one byte too long would be read cut short: it is read here up to one byte past
    the limit instead, refused when longer, and put back for the view to read.
    """
    g.json_body = None
    if request.method not in JSON_BODY_METHODS or not request.path.startswith("/api/"):
        return
    if request.path == IMPORT_PATH:  # a whole phone's games: its own, larger limit
        request.max_content_length = current_app.config["IMPORT_MAX_CONTENT_LENGTH"]
    environ = request.environ
    if get_content_length(environ) is None and "wsgi.input_terminated" in environ:
        limit = request.max_content_length
        data = environ["wsgi.input"].read(limit + 1)
        if len(data) > limit:
            raise RequestEntityTooLarge()
        environ["wsgi.input"] = io.BytesIO(data)
    data = request.get_data(cache=True)
    if not data:
        return  # no body: the view's schema says what is missing
    if not is_json_type(request.mimetype):
        abort(
            415, "send the request as JSON (Content-Type: application/json)", rule_code="NOT_JSON"
        )
    try:
        g.json_body = parse_json_body(data)
    except BodyRefused as refused:
        abort(refused.status, refused.message, rule_code=refused.rule_code)
