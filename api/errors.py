"""One error shape for every failure: `code`, `status`, `message`, `errors` (+ `rule_code`)."""

import http

from flask import current_app
from flask_smorest import Api as SmorestApi
from flask_smorest import abort as smorest_abort
from marshmallow import Schema, fields
from peewee import OperationalError

from rules import RulesError

# Headers werkzeug attaches to an exception that must survive into the JSON error response.
KEPT_HEADERS = {"Allow", "WWW-Authenticate", "Retry-After"}


class ErrorOut(Schema):
    """The one error shape."""

    code = fields.Integer()
    status = fields.String()
    message = fields.String()
    errors = fields.Dict()
    rule_code = fields.String(metadata={"description": "rules/ error code (422)"})
    hand_no = fields.Integer(metadata={"description": "the hand rules/ rejected (422)"})
    stored_hand = fields.Dict(metadata={"description": "the hand already stored (409)"})
    no_longer_fit = fields.List(fields.Integer(), metadata={
        "description": "hands that would come after the end of the game if this edit were "
                       "saved (422 GAME_OVER on PUT; `?later=set_aside` sets them aside)"})


class Api(SmorestApi):
    """flask-smorest's Api with the error payload always complete and werkzeug's headers kept.

    flask-smorest drops the headers of a werkzeug exception (a 405 would lose `Allow`).
    """

    ERROR_SCHEMA = ErrorOut

    def handle_http_exception(self, error):
        """Turn any HTTPException into the one JSON error shape."""
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages") or {}
        payload = {
            "code": error.code,
            "status": http.HTTPStatus(error.code).phrase,
            "message": data.get("message") or first_message(errors) or error.description,
            "errors": errors,
            **data.get("extra", {}),
        }
        headers = {k: v for k, v in error.get_headers() if k in KEPT_HEADERS}
        headers.update(data.get("headers") or {})
        return payload, error.code, headers


def first_message(errors, path=()):
    """The first validation message in webargs' nested errors, as "field: message"."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            found = first_message(value, path if key == "json" else (*path, str(key)))
            if found:
                return found
    elif isinstance(errors, list) and errors:
        if all(isinstance(item, str) for item in errors):
            return f"{'.'.join(path)}: {errors[0]}" if path else errors[0]
        return first_message(errors[0], path)
    return None


def abort(status, message, *, errors=None, headers=None, **extra):
    """Stop the request with `status` and the one error shape (`extra` keys are added to it)."""
    smorest_abort(status, message=message, errors=errors or {}, headers=headers or {}, extra=extra)


def field_errors(field, message):
    """The `errors` member naming one body field: `{"json": {field: [message]}}`."""
    return {"json": {field or "_schema": [message]}}


def handle_rules_error(error):
    """A RulesError from rules/ is a 422 carrying its stable code as `rule_code`."""
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
        "message": "the database is busy or unavailable; retry shortly",
        "errors": {},
    }
    return payload, 503, {"Retry-After": "1"}


def register(app):
    """Attach the RulesError and database handlers (the HTTPException one comes with the Api)."""
    app.register_error_handler(RulesError, handle_rules_error)
    app.register_error_handler(OperationalError, handle_database_unavailable)
