"""An event's rules refused or stored, and the queries a request makes."""

from api.store.db import flask_db
from api.store.events import Event, EventMatch, EventRecord, Team


def stored(app):
    """Rows of every tournament table: a refusal must change none."""
    with app.app_context(), flask_db.database.connection_context():
        return tuple(model.select().count() for model in (Event, Team, EventMatch, EventRecord))


def refused(response, status, rule_code):
    """Check the one error shape and return its message."""
    body = response.json
    assert response.status_int == status, body
    assert (body["code"], body["rule_code"]) == (status, rule_code), body
    assert body["message"] and "json" not in body["message"]
    return body["message"]


def count_queries(app, url, client, status=None, **headers):
    """How many SQL statements one GET of `url` runs (a 304 when `headers` ask for one,
    unless `status` says otherwise)."""
    database = app.config["DATABASE"]
    calls = []
    original = database.execute_sql

    def counting(sql, params=None, *args, **kwargs):
        calls.append(sql)
        return original(sql, params, *args, **kwargs)

    database.execute_sql = counting
    try:
        client.get(url, headers=headers, status=status or (304 if headers else 200))
    finally:
        del database.execute_sql
    return len(calls)
