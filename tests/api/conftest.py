"""Fixtures: an app on a fresh SQLite file per test, or on TEST_DATABASE_URL (PostgreSQL) in
this run's own schema, emptied before each test."""

import pytest
import schemathesis
from helpers.apitest import PG_URL, Table, TestApp, close_pool, drop_pg_schema, make_app
from helpers.apitest import made as made_bid
from helpers.openapi_fuzz import CONFIG


@pytest.fixture(scope="session", autouse=True)
def own_pg_schema():
    """On PostgreSQL, drop this run's schema when the session ends."""
    yield
    if PG_URL:
        drop_pg_schema()


@pytest.fixture
def app(tmp_path):
    """The Flask app for one test (its pooled connections closed afterwards)."""
    app = make_app(tmp_path)
    yield app
    close_pool(app)


@pytest.fixture
def client(app):
    """A webtest client."""
    return TestApp(app)


@pytest.fixture
def table(client):
    """A fresh straight-42 game."""
    return Table(client)


@pytest.fixture
def fresh(tmp_path):
    """A second, empty store (another server, or this one after a loss): `fresh()` makes one
    and returns its client. On PostgreSQL the run's schema is emptied: read what the first
    store holds before calling it."""
    apps = []

    def make():
        folder = tmp_path / f"fresh{len(apps)}"
        folder.mkdir()
        apps.append(make_app(folder))
        return TestApp(apps[-1])

    yield make
    for made in apps:
        close_pool(made)


@pytest.fixture
def api_schema(app):
    """The app's own OpenAPI document, loaded in-process."""
    return schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=CONFIG)


@pytest.fixture
def fuzz_table(app):
    """A game with one hand, whose id and tokens the generated requests use."""
    table = Table(TestApp(app))
    table.hand(1, **made_bid())
    return table
