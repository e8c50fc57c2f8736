"""Helpers for the API tests: the app on its test database, a game driven through the API,
and short hand bodies. (A module of its own: `conftest` is a name other test rooms use too.)"""

import os
import uuid
import warnings

from peewee import sort_models

with warnings.catch_warnings():
    # webob (under webtest 3) imports the stdlib `cgi` module, deprecated since 3.11.
    warnings.filterwarnings("ignore", "'cgi' is deprecated", DeprecationWarning)
    from webtest import TestApp  # noqa: F401 (the tests import it from here)

from api import create_app
from api.store.db import flask_db
from api.store.schema import MODELS
from bench.servers import pg_drop_schema, pg_schema_url

PG_URL = os.environ.get("TEST_DATABASE_URL")
# Each pytest process gets its own PostgreSQL schema, so two runs on one database (two
# engineers, or CI beside a developer) never truncate each other's tables.
PG_SCHEMA = f"api_test_{os.getpid()}"


def pg_url():
    """TEST_DATABASE_URL pointed at this process's own schema (created if missing)."""
    return pg_schema_url(PG_URL, PG_SCHEMA)


def drop_pg_schema():
    """Drop this process's schema (end of the session)."""
    pg_drop_schema(PG_URL, PG_SCHEMA)


def make_app(tmp_path, **overrides):
    """An app on this test's own database; rate limits high unless a test lowers them."""
    config = {
        "TESTING": True,
        "DATABASE_URL": pg_url() if PG_URL else f"sqlite:///{tmp_path / 'tally42.sqlite3'}",
        "RATELIMIT_PER_GAME": 10_000,
        "RATELIMIT_PER_CLIENT": 10_000,
        "RATELIMIT_TOKEN_FAILURES": 10_000,
        "PWA_DIR": str(tmp_path / "pwa"),
        # webtest reads a whole response: a live stream sends its first event and ends
        "LIVE_MAX_STREAM_SECONDS": 0,
        **overrides,
    }
    app = create_app(config)
    if PG_URL:
        # DELETE, dependents first: on tables this small it is ~80x faster than TRUNCATE
        # (which makes new files for every table), and the suite empties them ~1,000 times
        with flask_db.database.connection_context(), flask_db.database.atomic():
            for model in reversed(sort_models(MODELS)):
                model.delete().execute()
    return app


def close_pool(app):
    """Close every pooled connection of `app`'s database (PostgreSQL pool)."""
    database = app.config["DATABASE"]
    if hasattr(database, "close_all"):
        database.close_all()


class Table:
    """A game created through the API, with helpers that send its edit token."""

    def __init__(self, client, **body):
        """POST /api/games with `body` (straight-42, dealer 0 unless given)."""
        body = {"ruleset": "straight-42", "first_dealer": 0, **body}
        self.client = client
        self.created = client.post_json("/api/games", body, status=201).json
        self.id = self.created["id"]
        self.token = self.created["edit_token"]
        self.share_token = self.created["share_token"]
        self.url = f"/api/games/{self.id}"
        self.auth = {"Authorization": f"Bearer {self.token}"}

    def hand(self, hand_no, status=201, key=None, **hand):
        """POST one hand (a fresh Idempotency-Key unless given); returns the response."""
        headers = {**self.auth, "Idempotency-Key": key or uuid.uuid4().hex}
        return self.client.post_json(
            f"{self.url}/hands", {"hand_no": hand_no, **hand}, headers=headers, status=status
        )

    def get(self, status=200, **headers):
        """GET the full game."""
        return self.client.get(self.url, headers={**self.auth, **headers}, status=status)

    def etag(self):
        """The game's current ETag."""
        return self.get().headers["ETag"]


def made(bidder=1, bid=30, captured=35):
    """A made point bid."""
    return {"bidder": bidder, "bid": bid, "result": {"captured": captured}}
