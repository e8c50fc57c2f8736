"""Live streams (issue 12) against two real app servers on one database: streams are held by
server A, writes go to server B, so every event here crossed from one server to the other
(LISTEN/NOTIFY on PostgreSQL with TEST_DATABASE_URL; the revision poll on SQLite, which is
also how one server's worker processes learn of each other's writes)."""

import os
import time
import uuid

import pytest
from apitest import PG_URL
from live_client import Client, Events

from bench.servers import Gunicorn, pg_drop_schema, pg_schema_url

SERVER_ENV = {
    "RATELIMIT_PER_GAME": "10000",
    "RATELIMIT_PER_CLIENT": "10000",
    "RATELIMIT_TOKEN_FAILURES": "10000",
    "LIVE_HEARTBEAT_SECONDS": "1",
    "LIVE_MAX_STREAM_SECONDS": "60",
    "LIVE_MAX_STREAMS_PER_CLIENT": "6",
    "LIVE_POLL_SECONDS": "0.1",
    "GUNICORN_THREADS": "16",
}


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Two app servers (one worker each) on one database: (A, B)."""
    if PG_URL:
        schema = f"live_test_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'tally42.sqlite3'}"
    env = {**SERVER_ENV, "DATABASE_URL": url}
    a = Gunicorn("app:app", env=env, workers=1).start()
    b = Gunicorn("app:app", env=env, workers=1).start()
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()
        if PG_URL:
            pg_drop_schema(PG_URL, schema)


@pytest.fixture(autouse=True)
def close_streams():
    """Every stream a test opened is closed after it."""
    yield
    Events.close_all()


@pytest.fixture
def a(servers):
    return servers[0]


@pytest.fixture
def b(servers):
    return Client(servers[1].url)


def auth(game, **headers):
    return {"Authorization": f"Bearer {game['edit_token']}", **headers}


def share_stream(server, game, **headers):
    return Events(server.url, f"/api/share/{game['share_token']}/events", headers)


def editor_stream(server, game, **headers):
    return Events(server.url, f"/api/games/{game['id']}/events", auth(game, **headers))


def test_a_hand_posted_reaches_share_and_editor_streams(a, b):
    game = b.new_game()
    share, editor = share_stream(a, game), editor_stream(a, game)
    assert share.headers["Content-Type"].startswith("text/event-stream")
    assert share.next() == {"retry": "2000", "received": pytest.approx(time.monotonic(), abs=30)}
    first = share.next_event()
    assert (first["event"], first["id"], first["data"]["revision"]) == ("game", "0", 0)
    assert editor.next_event()["id"] == "0"
    b.post_hand(game, 1)
    shared, full = share.next_event(), editor.next_event()
    assert shared["id"] == full["id"] == "1"
    _, headers, body = b.call("GET", f"/api/share/{game['share_token']}")
    assert shared["data"] == {"revision": 1, "etag": headers["ETag"], "game": body}
    _, headers, body = Client(a.url).call("GET", f"/api/games/{game['id']}", headers=auth(game))
    assert full["data"] == {"revision": 1, "etag": headers["ETag"], "game": body}
    assert len(body["hands"]) == 1 and "share_token" not in shared["data"]["game"]
    share.close()
    editor.close()


def test_edit_and_undo_are_pushed(a, b):
    game = b.new_game()
    b.post_hand(game, 1)
    b.post_hand(game, 2)
    editor = editor_stream(a, game)
    etag = editor.next_event()["data"]["etag"]
    status, _, _ = b.call("PUT", f"/api/games/{game['id']}/hands/2",
                          {"bidder": 2, "bid": 31, "result": {"captured": 10}},
                          auth(game, **{"If-Match": etag}))
    assert status == 200
    edited = editor.next_event()["data"]
    assert edited["revision"] == 3
    assert edited["game"]["hands"][1]["hand"]["bid"] == 31
    status, _, _ = b.call("DELETE", f"/api/games/{game['id']}/hands/2",
                          headers=auth(game, **{"If-Match": edited["etag"]}))
    assert status == 200
    undone = editor.next_event()["data"]
    assert undone["revision"] == 4 and [h["hand_no"] for h in undone["game"]["hands"]] == [1]
    editor.close()


def test_reconnect_with_last_event_id_skips_or_catches_up(a, b):
    game = b.new_game()
    b.post_hand(game, 1)
    share = share_stream(a, game, **{"Last-Event-ID": "1"})
    # it has revision 1 already: no event, only the heartbeat (every second here)
    assert share.next() == {"retry": "2000", "received": pytest.approx(time.monotonic(), abs=30)}
    assert share.next(5) == {"comment": "keep-alive"}
    share.close()
    # missed while away: two hands; a reconnect with the old id gets the whole state at once
    b.post_hand(game, 2)
    b.post_hand(game, 3)
    for stream in (share_stream(a, game, **{"Last-Event-ID": "1"}),
                   editor_stream(a, game, **{"Last-Event-ID": "1"})):
        caught_up = stream.next_event()
        assert caught_up["id"] == "3"
        assert [h["hand_no"] for h in caught_up["data"]["game"]["hands"]] == [1, 2, 3]
        stream.close()


def test_revoked_share_token_closes_its_stream(a, b):
    game = b.new_game()
    share, editor = share_stream(a, game), editor_stream(a, game)
    share.next_event()
    editor.next_event()
    status, _, body = b.call("POST", f"/api/games/{game['id']}/share", {"action": "revoke"},
                             auth(game))
    assert status == 200 and body["share_token"] is None
    assert share.next_event() == {"event": "gone", "data": {"reason": "revoked"},
                                  "received": pytest.approx(time.monotonic(), abs=30)}
    assert share.next_event() == {"closed": True}
    changed = editor.next_event()["data"]  # the editor sees the link gone (a new revision)
    assert changed["revision"] == 1 and changed["game"]["share_token"] is None
    assert share_stream(a, game).status == 404


def test_rotated_token_closes_and_deleted_game_ends_every_stream(a, b):
    game = b.new_game()
    share, editor = share_stream(a, game), editor_stream(a, game)
    share.next_event()
    editor.next_event()
    _, _, body = b.call("POST", f"/api/games/{game['id']}/share", {"action": "rotate"},
                        auth(game))
    assert share.next_event()["data"] == {"reason": "revoked"}
    rotated = share_stream(a, {**game, "share_token": body["share_token"]})
    rotated.next_event()
    editor.next_event()
    assert b.call("DELETE", f"/api/games/{game['id']}", headers=auth(game))[0] == 204
    for stream in (rotated, editor):
        assert stream.next_event()["data"] == {"reason": "deleted"}
        assert stream.next_event() == {"closed": True}


def open_when_counted_out(server, game):
    """A share stream, once the server has counted out the streams closed before (it notices
    a closed stream at its next write: the heartbeat, every second here)."""
    deadline = time.monotonic() + 10
    while True:
        stream = share_stream(server, game)
        if stream.status == 200 or time.monotonic() > deadline:
            return stream
        time.sleep(0.3)


def test_streams_per_client_are_bounded(a, b):
    game = b.new_game()
    streams = [open_when_counted_out(a, game) for _ in range(6)]
    assert all(s.status == 200 for s in streams)
    refused = share_stream(a, game)
    assert refused.status == 429
    assert refused.body["rule_code"] == "TOO_MANY_STREAMS"
    assert set(refused.body) >= {"code", "status", "message", "errors", "rule_code"}
    assert "Retry-After" in refused.headers
    streams[0].close()
    assert open_when_counted_out(a, game).status == 200


def test_stream_refusals_use_the_error_shape(a, b):
    game = b.new_game()
    missing = Events(a.url, f"/api/share/{'x' * 22}/events")
    assert (missing.status, missing.body["rule_code"]) == (404, "NOT_FOUND")
    no_token = Events(a.url, f"/api/games/{game['id']}/events")
    assert (no_token.status, no_token.body["rule_code"]) == (401, "NEEDS_TOKEN")
    other = b.new_game()
    wrong = Events(a.url, f"/api/games/{game['id']}/events", auth(other))
    assert (wrong.status, wrong.body["rule_code"]) == (403, "WRONG_TOKEN")
    gone = Events(a.url, f"/api/games/{uuid.uuid4()}/events", auth(other))
    assert (gone.status, gone.body["rule_code"]) == (404, "NOT_FOUND")
