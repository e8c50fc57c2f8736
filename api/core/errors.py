"""One error shape for every failure: `code`, `status`, `message`, `errors` (+ `rule_code`)."""

import http

from flask import current_app, g, request
from flask_smorest import Api as SmorestApi
from flask_smorest import abort as smorest_abort
from marshmallow import Schema, fields
from peewee import OperationalError

from rules import RulesError

from .refusals import schema_refusal

# Headers werkzeug attaches to an exception that must survive into the JSON error response.
PLACES = "tally42_error_places"  # app.extensions key: see register()
KEPT_HEADERS = {"Allow", "WWW-Authenticate", "Retry-After"}


class ErrorOut(Schema):
    """The one error shape."""

    code = fields.Integer()
    status = fields.String()
    message = fields.String()
    errors = fields.Dict()
    rule_code = fields.String(
        metadata={
            "description": "stable code of the refusal: rules/'s code (e.g. BID_OUT_OF_RANGE), "
            "or one of the API's (BAD_JSON, NOT_JSON, GAME_CHANGED ...; see the API description)"
        }
    )
    hand_no = fields.Integer(metadata={"description": "the hand rules/ rejected (422)"})
    game_id = fields.String(metadata={"description": "the game of an import that was refused"})
    stored_hand = fields.Dict(metadata={"description": "the hand already stored (409)"})
    no_longer_fit = fields.List(
        fields.Integer(),
        metadata={
            "description": "hands that would come after the end of the game if this edit were "
            "saved (422 GAME_OVER on PUT; `?later=set_aside` sets them aside)"
        },
    )
    locked = fields.List(
        fields.String(),
        metadata={
            "description": "later tournament matches already played that a correction would "
            "change (409 RESULT_LOCKED), or already under way that an undo or edit at "
            "a table would disturb (409 LATER_MATCH_STARTED; docs/tournaments.md)"
        },
    )
    player = fields.Dict(
        metadata={
            "description": "the crew player who already has that name, {id, name} "
            "(409 NAME_TAKEN; docs/crews.md)"
        }
    )


# A stable `rule_code` for every refusal that is not rules/'s own (those keep rules/'s code).
STATUS_RULE_CODES = {
    400: "BAD_REQUEST",
    401: "NEEDS_TOKEN",
    403: "WRONG_TOKEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    406: "NOT_ACCEPTABLE",
    409: "CONFLICT",
    412: "GAME_CHANGED",
    413: "BODY_TOO_LARGE",
    415: "NOT_JSON",
    422: "BAD_INPUT",
    428: "NEEDS_IF_MATCH",
    429: "TOO_MANY_WRITES",
    421: "LIVE_ELSEWHERE",
    500: "SERVER_ERROR",
    503: "SERVER_BUSY",
}

# What a person is told when the code that refused said nothing of its own (werkzeug's own
# texts talk about "the server" and "the requested URL").
STATUS_MESSAGES = {
    400: "the request could not be read",
    401: "this needs the game's edit token",
    403: "this link or token does not allow that",
    404: "there is nothing at this address: check the link",
    406: "this server answers in JSON only",
    409: "that clashes with what is already recorded",
    412: "another phone changed this game since you loaded it: load the game again "
    "(GET it for its new ETag), check the change still makes sense, and send it again "
    "with the new ETag in If-Match",
    413: "the request is too large: at most {limit} bytes",
    415: "send the request as JSON (Content-Type: application/json)",
    428: "say which version of the game you are changing: load the game (GET it), and send "
    "its ETag back in an If-Match header",
    500: "something went wrong on the server; nothing was changed by this request",
    503: "the server is busy right now: try again in a moment",
}


class Api(SmorestApi):
    """flask-smorest's Api with the error payload always complete and werkzeug's headers kept.

    flask-smorest drops the headers of a werkzeug exception (a 405 would lose `Allow`).
    """

    ERROR_SCHEMA = ErrorOut

    def handle_http_exception(self, error):
        """Turn any HTTPException into the one JSON error shape, with a `rule_code` and a
        message in player words (the field paths stay in `errors`, for programs)."""
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages") or {}
        headers = {k: v for k, v in error.get_headers() if k in KEPT_HEADERS}
        headers.update(data.get("headers") or {})
        extra = dict(data.get("extra", {}))
        message = data.get("message")
        if message is None and error.code == 422 and errors:  # the schema refused the body
            extra["rule_code"], message = schema_refusal(
                errors,
                g.get("json_body"),
                crew=request.blueprint == "crews",
                route=request.blueprint,
            )
            place = current_app.extensions[PLACES].get(request.path)
            if place is not None:  # e.g. the import names the game and hand of the file
                message = place(errors) + message
        return error_response(error.code, message, errors, extra, headers)


def error_response(status, message, errors, extra, headers):
    """(payload, status, headers) of the one error shape: a message in player words (the
    status's own when the refusing code said nothing) and a `rule_code` always."""
    payload = {
        "code": status,
        "status": http.HTTPStatus(status).phrase,
        "message": message or status_message(status, headers),
        "errors": errors,
        **extra,
    }
    payload["rule_code"] = payload.get("rule_code") or STATUS_RULE_CODES.get(
        status, "BAD_REQUEST" if status < 500 else "SERVER_ERROR"
    )
    return payload, status, headers


class Refusal(Exception):
    """A service's refusal, in the domain's words: `message` for the table or the director,
    `rule_code` for programs, `errors` naming the field at fault, and `extra` members of the
    error shape (`locked`, `stored_hand` ...). Services raise it (or a subclass below) and
    know nothing of HTTP; the app's handler (`handle_refusal`) answers it in the one error
    shape. `status` is the answer's status: each subclass has its own."""

    status = 400

    def __init__(self, *args, errors=None, headers=None, **extra):
        if len(args) == 2:  # Refusal(status, message): a kind with no subclass (412, 428 ...)
            self.status, message = args
        else:
            (message,) = args
        super().__init__(message)
        self.message = message
        self.errors = errors or {}
        self.headers = headers or {}
        self.extra = extra


class NotFound(Refusal):
    """No such thing (a game, an event, a player, a match) where it was looked for."""

    status = 404


class Conflict(Refusal):
    """It clashes with what is already recorded: the match is settled, the name is taken..."""

    status = 409


class Invalid(Refusal):
    """The value cannot be: a ruleset that does not fit, a seat count, a bad name..."""

    status = 422


def handle_refusal(refusal):
    """A service's Refusal, answered in the one error shape with its status."""
    return error_response(
        refusal.status, refusal.message, refusal.errors, dict(refusal.extra), refusal.headers
    )


def status_message(status, headers):
    """The player-words message for an HTTP status that the refusing code left unsaid."""
    if status == 405:
        allowed = headers.get("Allow", "")
        return f"this address does not take a {request.method}" + (
            f"; it takes {allowed}" if allowed else ""
        )
    if status == 429:
        wait = headers.get("Retry-After", "a few")
        return f"too many changes in a short time: wait {wait} seconds and try again"
    text = STATUS_MESSAGES.get(status, http.HTTPStatus(status).description.lower())
    return text.format(limit=request.max_content_length)


def abort(status, message, *, errors=None, headers=None, **extra):
    """Stop the request with `status` and the one error shape (`extra` keys are added to it)."""
    smorest_abort(status, message=message, errors=errors or {}, headers=headers or {}, extra=extra)


def field_errors(field, message):
    """The `errors` member naming one body field: `{"json": {field: [message]}}`."""
    return {"json": {field or "_schema": [message]}}


def handle_rules_error(error):
    """A RulesError from rules/ is a 422 carrying its stable code as `rule_code`; rules/ words
    its message for the table, and `errors` names the field at fault for programs."""
    payload = {
        "code": 422,
        "status": http.HTTPStatus(422).phrase,
        "message": error.message,
        "errors": field_errors(error.field, error.message),
        "rule_code": error.code,
    }
    if error.hand_index is not None:  # replay names the hand at fault (1-based hand_no)
        payload["hand_no"] = error.hand_index + 1
    return payload, 422


def handle_database_unavailable(error):
    """The database is down or stayed locked past busy_timeout: 503, try again shortly."""
    current_app.logger.error("database unavailable: %s", error)
    payload = {
        "code": 503,
        "status": http.HTTPStatus(503).phrase,
        "message": STATUS_MESSAGES[503],
        "errors": {},
        "rule_code": "SERVER_BUSY",
    }
    return payload, 503, {"Retry-After": "1"}


def register(app, places):
    """Attach the RulesError and database handlers (the HTTPException one comes with the Api),
    and `places`, {path: f(errors) -> text}: what a refused body's message starts with on
    that path (the import names the game and hand of the file), told here at start-up
    because the shapes that know it sit above this module."""
    app.extensions[PLACES] = dict(places)
    app.register_error_handler(Refusal, handle_refusal)
    app.register_error_handler(RulesError, handle_rules_error)
    app.register_error_handler(OperationalError, handle_database_unavailable)
