"""Bodies the API will not read: never a 500, never a poisoned game (docs/rules.md: the API
refuses in one error shape with a `rule_code`)."""

import io
import json

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app

BASE = '{"ruleset": "straight-42", "first_dealer": 0'
LIMIT = 16 * 1024


def post_raw(app, path, data, content_type="application/json", **kwargs):
    """POST `data` (bytes or str) as it is, through Flask's own test client."""
    return app.test_client().post(path, data=data, content_type=content_type, **kwargs)


def refused(response, status, rule_code):
    """`response` is the one error shape with `status` and `rule_code`."""
    body = response.get_json()
    assert response.status_code == status, body
    assert body["code"] == status and body["rule_code"] == rule_code
    assert set(body) >= {"code", "status", "message", "errors", "rule_code"}
    return body


def game_count(app):
    from api.store.db import flask_db
    from api.store.games import Game

    with app.app_context(), flask_db.database.connection_context():
        return Game.select().count()


@pytest.mark.parametrize(
    "body, rule_code",
    [
        (BASE + ', "rules": {"target": NaN}}', "NOT_A_NUMBER"),
        (BASE + ', "rules": {"name": NaN}}', "NOT_A_NUMBER"),
        (BASE + ', "rules": {"description": Infinity}}', "NOT_A_NUMBER"),
        (BASE + ', "start_totals": [-Infinity, 0]}', "NOT_A_NUMBER"),
        (BASE + ', "start_totals": [1e999, 0]}', "NOT_A_NUMBER"),
        (BASE + ', "rules": {"name": "\\ud800"}}', "BAD_TEXT"),
        (BASE + ', "rules": {"description": "ok \\udfff"}}', "BAD_TEXT"),
        (BASE + ', "teams": [{"name": "\\ud800"}, {"name": "Them"}]}', "BAD_TEXT"),
        (BASE + ', "\\ud800": 1}', "BAD_TEXT"),
    ],
)
def test_non_finite_numbers_and_lone_surrogates_are_refused_and_nothing_stored(
    app, body, rule_code
):
    before = game_count(app)
    refused(post_raw(app, "/api/games", body), 422, rule_code)
    assert game_count(app) == before


def test_label_knobs_are_not_stored_and_the_game_stays_readable(app):
    client = app.test_client()
    body = json.loads(BASE + "}")
    body["rules"] = {"name": "My game", "description": "x" * 100, "target": 5}
    created = client.post("/api/games", json=body).get_json()
    assert created["overrides"] == {"target": 5}
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    assert client.get(f"/api/games/{created['id']}", headers=auth).status_code == 200
    assert client.delete(f"/api/games/{created['id']}", headers=auth).status_code == 204


@pytest.mark.parametrize(
    "body, why",
    [
        ("[" * 8000 + "]" * 8000, "deep array"),
        ('{"a":' * 2400 + "1" + "}" * 2400, "deep object"),
        ("[" * 33 + "]" * 33, "just past the depth limit"),
        ('{"ruleset": "straight-42", "first_dealer": ' + "1" * 5000 + "}", "5,000 digits"),
        ('{"ruleset": "straight-42", "first_dealer": -' + "9" * 4301 + "}", "4,301 digits"),
        ("{", "cut short"),
        ("{'ruleset': 1}", "single quotes"),
        (b'{"ruleset": "\xff\xfe"}', "not UTF-8"),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 40 else "",
)
@pytest.mark.parametrize(
    "path",
    ["/api/games", "/api/games/{id}/hands", "/api/games/{id}/hands/1", "/api/games/{id}/share"],
)
def test_json_past_the_parsers_limits_is_a_400(app, table, body, why, path):
    client = app.test_client()
    method = client.put if path.endswith("/1") else client.post
    response = method(
        path.format(id=table.id),
        data=body,
        content_type="application/json",
        headers={**table.auth, "Idempotency-Key": "k", "If-Match": "*"},
    )
    refused(response, 400, "BAD_JSON")


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "text/json",
    ],
)
def test_a_body_that_is_not_json_is_a_415(app, content_type):
    before = game_count(app)
    refused(post_raw(app, "/api/games", BASE + "}", content_type), 415, "NOT_JSON")
    assert game_count(app) == before


def test_a_json_type_with_a_suffix_is_read(app):
    assert (
        post_raw(app, "/api/games", BASE + "}", "application/merge-patch+json").status_code == 201
    )


def chunked(app, data):
    """POST `data` as a WSGI server passes a chunked body on: no Content-Length, the stream
    ended by the server (wsgi.input_terminated)."""
    environ = EnvironBuilder(
        path="/api/games",
        method="POST",
        input_stream=io.BytesIO(data),
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    ).get_environ()
    del environ["CONTENT_LENGTH"]
    app_iter, status, headers = run_wsgi_app(app, environ, buffered=True)
    return app.response_class(b"".join(app_iter), status, headers)


def test_a_chunked_body_over_the_limit_is_a_413_not_cut_short(app):
    body = (BASE + "}").encode()
    assert chunked(app, body).status_code == 201
    exact = body + b" " * (LIMIT - len(body))
    assert chunked(app, exact).status_code == 201  # at the limit: read whole
    before = game_count(app)
    refused(chunked(app, exact + b" "), 413, "BODY_TOO_LARGE")
    refused(chunked(app, body + b" " * 100_000), 413, "BODY_TOO_LARGE")
    assert game_count(app) == before


def test_content_length_over_the_limit_is_a_413_in_the_one_shape(app):
    refused(post_raw(app, "/api/games", BASE + "}" + " " * LIMIT), 413, "BODY_TOO_LARGE")
