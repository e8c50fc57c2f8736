"""Fixtures: an app on a fresh SQLite file per test, or on TEST_DATABASE_URL (PostgreSQL),
emptied before each test."""

import pytest
from apitest import Table, TestApp, close_pool, make_app


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
