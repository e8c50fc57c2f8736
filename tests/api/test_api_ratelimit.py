"""Rate limits (the `limits` library): token guessing is limited per client, and with Redis as the
store two app instances (two workers, two servers) count together."""

import uuid

import pytest
from helpers.apitest import Table, TestApp, close_pool, made, make_app

from api.core import ratelimit as core_ratelimit
from api.store.db import flask_db
from api.store.games import Game

REDIS = "redis://127.0.0.1:6379"


@pytest.fixture
def apps(tmp_path):
    """make_app(**config) for this test; every app made is closed at the end."""
    made_apps = []

    def build(**config):
        path = tmp_path / str(len(made_apps))
        path.mkdir()
        app = make_app(path, **config)
        made_apps.append(app)
        return TestApp(app)

    yield build
    for app in made_apps:
        core_ratelimit.close(app)
        close_pool(app)


def create(client, status=201, **headers):
    """POST /api/games (a write by this client)."""
    return client.post_json(
        "/api/games", {"ruleset": "straight-42", "first_dealer": 0}, headers=headers, status=status
    )


def wrong_share(client, status):
    """GET a share link that does not exist."""
    return client.get(f"/api/share/{uuid.uuid4().hex}", status=status)


def test_failed_share_lookups_are_limited_per_client(apps):
    client = apps(RATELIMIT_TOKEN_FAILURES=3, PROXY_FIX_HOPS=1)
    table = Table(client)
    for _ in range(5):  # lookups that work do not count
        client.get(f"/api/share/{table.share_token}", status=200)
    for _ in range(3):
        wrong_share(client, 404)
    error = wrong_share(client, 429)
    assert error.json["code"] == 429 and error.json["status"] == "Too Many Requests"
    assert int(error.headers["Retry-After"]) >= 1 and "try again in" in error.json["message"]
    client.get(f"/api/share/{table.share_token}", status=429)  # the right link too, now
    client.get(f"/s/{table.share_token}", status=429)
    table.get(status=429)  # and the edit token
    client.get(
        f"/api/share/{table.share_token}", headers={"X-Forwarded-For": "203.0.113.9"}, status=200
    )  # another client is not held back
    client.get("/api/rulesets", status=200)  # nor routes that take no token


def test_failed_edit_token_lookups_are_limited(apps):
    client = apps(RATELIMIT_TOKEN_FAILURES=2)
    table = Table(client)
    bad = {"Authorization": f"Bearer {'x' * 43}"}
    client.get(table.url, headers=bad, status=401)
    client.post_json(
        f"{table.url}/hands",
        {"hand_no": 1, **made()},
        headers={**bad, "Idempotency-Key": "k"},
        status=401,
    )
    assert client.get(table.url, headers=bad, status=429).json["code"] == 429
    table.get(status=429)


def test_no_limits_when_disabled(apps):
    client = apps(RATELIMIT_ENABLED=False, RATELIMIT_TOKEN_FAILURES=1, RATELIMIT_PER_CLIENT=1)
    for _ in range(3):
        wrong_share(client, 404)
        create(client)


def test_in_memory_each_instance_counts_alone(apps):
    one, two = (apps(RATELIMIT_PER_CLIENT=2) for _ in range(2))
    create(one), create(one)
    create(two), create(two)
    create(one, status=429)


def test_with_redis_two_instances_share_the_write_limit(apps):
    shared = {
        "RATELIMIT_STORAGE_URI": REDIS,
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4()}",
        "RATELIMIT_PER_CLIENT": 3,
    }
    one, two = apps(**shared), apps(**shared)
    create(one), create(two), create(one)
    error = create(two, status=429)
    assert int(error.headers["Retry-After"]) >= 1 and error.json["code"] == 429
    create(one, status=429)
    other = apps(**{**shared, "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4()}"})
    create(other)  # another prefix: another count


def test_with_redis_two_instances_share_the_game_limit(apps):
    shared = {
        "RATELIMIT_STORAGE_URI": REDIS,
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4()}",
        "RATELIMIT_PER_GAME": 2,
    }
    one = apps(**shared)
    two = apps(**shared, DATABASE_URL=one.app.config["DATABASE_URL"])  # one database, too
    table = Table(one)
    table.hand(1, **made())
    twin = Table.__new__(Table)  # the same game, through the other instance
    twin.__dict__.update(table.__dict__, client=two)
    twin.hand(2, **made(bidder=2))
    twin.hand(3, status=429, **made())


def test_with_redis_two_instances_share_the_token_failures(apps):
    shared = {
        "RATELIMIT_STORAGE_URI": REDIS,
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4()}",
        "RATELIMIT_TOKEN_FAILURES": 2,
    }
    one, two = apps(**shared), apps(**shared)
    wrong_share(one, 404), wrong_share(two, 404)
    wrong_share(one, 429)
    wrong_share(two, 429)


def games_file(source, count):
    """An export (made on `source`, with limits high) of `count` new games of one hand."""
    table = Table(source)
    table.hand(1, **made())
    doc = source.get(f"{table.url}/export", headers=table.auth).json
    doc["games"] = [dict(doc["games"][0], id=str(uuid.uuid4())) for _ in range(count)]
    return doc


def stored_games(client):
    """How many games the store holds (the apps of one test share the bound database)."""
    with client.app.app_context(), flask_db.database.connection_context():
        return Game.select().count()


def test_an_import_counts_every_game_it_creates(apps):
    """With RATELIMIT_PER_CLIENT 5, three imports of 5 games created 15
    games (one write each). Each game an import creates counts against the client's write
    budget: an import that would create more than is left is 429 with Retry-After in the one
    error shape, nothing stored."""
    source = apps()
    client = apps(RATELIMIT_PER_CLIENT=5)
    files = [games_file(source, 5) for _ in range(3)]
    before = stored_games(client)
    answer = client.post_json("/api/import", files[0], status=201).json
    assert [g["outcome"] for g in answer["games"]] == ["created"] * 5
    for doc in files[1:]:
        refused = client.post_json("/api/import", doc, status=429)
        assert refused.json["code"] == 429 and int(refused.headers["Retry-After"]) >= 1
    assert stored_games(client) == before + 5


def test_an_import_larger_than_the_budget_left_stores_nothing(apps):
    source = apps()
    client = apps(RATELIMIT_PER_CLIENT=5)
    four, two = games_file(source, 4), games_file(source, 2)
    create(client), create(client)  # 2 of 5
    before = stored_games(client)
    refused = client.post_json("/api/import", four, status=429)
    error = refused.json
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert error["rule_code"] == "TOO_MANY_CHANGES"
    assert "4 games" in error["message"] and int(refused.headers["Retry-After"]) >= 1
    assert stored_games(client) == before
    # the refused import counted as one write (3 of 5): an import of 2 games takes the rest
    client.post_json("/api/import", two, status=201)
    assert stored_games(client) == before + 2
    create(client, status=429)


def test_an_import_of_more_than_the_whole_budget_says_to_send_parts(apps):
    source = apps()
    client = apps(RATELIMIT_PER_CLIENT=5)
    error = client.post_json("/api/import", games_file(source, 6), status=429).json
    assert "in parts of at most 5" in error["message"]


def test_an_import_of_what_is_here_already_counts_one_write(apps):
    source = apps()
    client = apps(RATELIMIT_PER_CLIENT=5)
    doc = games_file(source, 3)
    client.post_json("/api/import", doc, status=201)  # 3 of 5
    client.post_json("/api/import", doc, status=200)  # nothing created: 4 of 5
    create(client)
    create(client, status=429)


def test_with_redis_two_instances_count_an_imports_games_together(apps):
    shared = {
        "RATELIMIT_STORAGE_URI": REDIS,
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4()}",
        "RATELIMIT_PER_CLIENT": 5,
    }
    source = apps()
    one = apps(**shared)
    two = apps(**shared, DATABASE_URL=one.app.config["DATABASE_URL"])
    files = games_file(source, 3), games_file(source, 3)
    before = stored_games(one)
    one.post_json("/api/import", files[0], status=201)  # 3 of 5
    two.post_json("/api/import", files[1], status=429)  # 4 of 5: 3 games do not fit
    create(two)  # 5 of 5
    create(one, status=429)
    assert stored_games(one) == before + 4
