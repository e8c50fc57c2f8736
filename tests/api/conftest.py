"""Fixtures: an app on a fresh SQLite file per test, or on TEST_DATABASE_URL (PostgreSQL),
emptied before each test."""

import os
import warnings

import pytest

with warnings.catch_warnings():
    # webob (under webtest 3) imports the stdlib `cgi` module, deprecated since 3.11.
    warnings.filterwarnings("ignore", "'cgi' is deprecated", DeprecationWarning)
    from webtest import TestApp

from apitest import Table

from api import create_app
from api.db import flask_db
from api.models import MODELS

PG_URL = os.environ.get("TEST_DATABASE_URL")


def make_app(tmp_path, **overrides):
    """An app on this test's own database; rate limits high unless a test lowers them."""
    config = {
        "TESTING": True,
        "DATABASE_URL": PG_URL or f"sqlite:///{tmp_path / 'tally42.sqlite3'}",
        "RATELIMIT_PER_GAME": 10_000,
        "RATELIMIT_PER_CLIENT": 10_000,
        "PWA_DIR": str(tmp_path / "pwa"),
        **overrides,
    }
    app = create_app(config)
    if PG_URL:
        names = ", ".join(f'"{m._meta.table_name}"' for m in MODELS)
        with flask_db.database.connection_context():
            flask_db.database.execute_sql(f"TRUNCATE {names} CASCADE")
    return app


@pytest.fixture
def app(tmp_path):
    """The Flask app for one test (its pooled connections closed afterwards)."""
    app = make_app(tmp_path)
    yield app
    close_pool(app)


def close_pool(app):
    """Close every pooled connection of `app`'s database (PostgreSQL pool)."""
    database = app.config["DATABASE"]
    if hasattr(database, "close_all"):
        database.close_all()


@pytest.fixture
def client(app):
    """A webtest client."""
    return TestApp(app)


@pytest.fixture
def table(client):
    """A fresh straight-42 game."""
    return Table(client)
