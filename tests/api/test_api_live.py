"""Live streams against the Procfile's topology, real processes on one database:
the API on sync workers (`web`, app:app) and the streams on their own threaded process
(`live`, live:app). Streams are held by the live process, writes go to the API, so every event
here crossed from one process to the other (LISTEN/NOTIFY on PostgreSQL with
TEST_DATABASE_URL, where two API servers write beside one live process, as the issue asks;
the revision poll on SQLite)."""

import os
import socket
import struct
import time
import uuid
from urllib.parse import urlsplit

import pytest
from helpers.apitest import PG_URL
from helpers.live_client import Client, Events

from bench.servers import pg_drop_schema, pg_schema_url, web_and_live

SERVER_ENV = {
    "RATELIMIT_PER_GAME": "10000",
    "RATELIMIT_PER_CLIENT": "10000",
    "RATELIMIT_TOKEN_FAILURES": "10000",
    "LIVE_HEARTBEAT_SECONDS": "1",
    "LIVE_MAX_STREAM_SECONDS": "60",
    "LIVE_MAX_STREAMS_PER_CLIENT": "6",
    "LIVE_POLL_SECONDS": "0.1",
    "LIVE_THREADS": "16",
}


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """The live process and the API servers (one worker each) on one database: (live, webs);
    two API servers on PostgreSQL, one on SQLite (its one-server store)."""
    if PG_URL:
        schema = f"live_test_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'tally42.sqlite3'}"
    env = {**SERVER_ENV, "DATABASE_URL": url}
    webs, live = web_and_live(env, web_workers=1, live_workers=1, webs=2 if PG_URL else 1)
    try:
        yield live, webs
    finally:
        for server in (*webs, live):
            server.stop()
        if PG_URL:
            pg_drop_schema(PG_URL, schema)


@pytest.fixture(autouse=True)
def close_streams():
    """Every stream a test opened is closed after it."""
    yield
    Events.close_all()


@pytest.fixture
def a(servers):
    """The live process (it holds the streams)."""
    return servers[0]


@pytest.fixture
def b(servers):
    """A client of the (first) API server (the writes)."""
    return Client(servers[1][0].url)


def auth(game, **headers):
    return {"Authorization": f"Bearer {game['edit_token']}", **headers}


def share_stream(server, game, **headers):
    return Events(server.url, f"/api/share/{game['share_token']}/events", headers)


def editor_stream(server, game, origin=None, **headers):
    """The editor stream, opened as the phone does from the API's page (its Origin)."""
    if origin:
        headers["Origin"] = origin
    return Events(server.url, f"/api/games/{game['id']}/events", auth(game, **headers))


def test_a_hand_posted_reaches_share_and_editor_streams(a, b, servers):
    web = servers[1][0].url
    game = b.new_game()
    share, editor = share_stream(a, game), editor_stream(a, game, origin=web)
    assert share.headers["Content-Type"].startswith("text/event-stream")
    assert share.headers["Access-Control-Allow-Origin"] == "*"  # public, any page may follow
    assert editor.headers["Access-Control-Allow-Origin"] == web  # the API's page, by name
    assert share.next() == {"retry": "2000", "received": pytest.approx(time.monotonic(), abs=30)}
    first = share.next_event()
    assert (first["event"], first["id"], first["data"]["revision"]) == ("game", "0", 0)
    assert editor.next_event()["id"] == "0"
    b.post_hand(game, 1)
    shared, full = share.next_event(), editor.next_event()
    assert shared["id"] == full["id"] == "1"
    _, headers, body = b.call("GET", f"/api/share/{game['share_token']}")
    assert shared["data"] == {"revision": 1, "etag": headers["ETag"], "game": body}
    # the same game and ETag as the API's read, share link included (built for the page's
    # origin, the API's, not the live process's)
    _, headers, body = b.call("GET", f"/api/games/{game['id']}", headers=auth(game))
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
    status, _, _ = b.call(
        "PUT",
        f"/api/games/{game['id']}/hands/2",
        {"bidder": 2, "bid": 31, "result": {"captured": 10}},
        auth(game, **{"If-Match": etag}),
    )
    assert status == 200
    edited = editor.next_event()["data"]
    assert edited["revision"] == 3
    assert edited["game"]["hands"][1]["hand"]["bid"] == 31
    status, _, _ = b.call(
        "DELETE",
        f"/api/games/{game['id']}/hands/2",
        headers=auth(game, **{"If-Match": edited["etag"]}),
    )
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
    for stream in (
        share_stream(a, game, **{"Last-Event-ID": "1"}),
        editor_stream(a, game, **{"Last-Event-ID": "1"}),
    ):
        caught_up = stream.next_event()
        assert caught_up["id"] == "3"
        assert [h["hand_no"] for h in caught_up["data"]["game"]["hands"]] == [1, 2, 3]
        stream.close()


def test_revoked_share_token_closes_its_stream(a, b):
    game = b.new_game()
    share, editor = share_stream(a, game), editor_stream(a, game)
    share.next_event()
    editor.next_event()
    status, _, body = b.call(
        "POST", f"/api/games/{game['id']}/share", {"action": "revoke"}, auth(game)
    )
    assert status == 200 and body["share_token"] is None
    assert share.next_event() == {
        "event": "gone",
        "data": {"reason": "revoked"},
        "received": pytest.approx(time.monotonic(), abs=30),
    }
    assert share.next_event() == {"closed": True}
    changed = editor.next_event()["data"]  # the editor sees the link gone (a new revision)
    assert changed["revision"] == 1 and changed["game"]["share_token"] is None
    assert share_stream(a, game).status == 404


def test_rotated_token_closes_and_deleted_game_ends_every_stream(a, b):
    game = b.new_game()
    share, editor = share_stream(a, game), editor_stream(a, game)
    share.next_event()
    editor.next_event()
    _, _, body = b.call("POST", f"/api/games/{game['id']}/share", {"action": "rotate"}, auth(game))
    assert share.next_event()["data"] == {"reason": "revoked"}
    rotated = share_stream(a, {**game, "share_token": body["share_token"]})
    rotated.next_event()
    editor.next_event()
    assert b.call("DELETE", f"/api/games/{game['id']}", headers=auth(game))[0] == 204
    for stream in (rotated, editor):
        assert stream.next_event()["data"] == {"reason": "deleted"}
        assert stream.next_event() == {"closed": True}


def open_when_counted_out(server, game):
    """A share stream, once the server has counted out the streams closed before (a moment
    after their close, on the live worker's watching thread)."""
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


def open_and_leave(server, game, how):
    """Open a share stream on a bare socket, read it up to its first event and leave: close
    the connection cleanly, or reset it (an abortive close: the client's RST, no FIN). The
    status it was answered with."""
    parts = urlsplit(server.url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
    path = f"/api/share/{game['share_token']}/events"
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n\r\n".encode())
    got = b""
    while b"\r\n\r\n" not in got or (b" 200 " in got and b"event: game" not in got):
        chunk = sock.recv(65536)
        assert chunk, got
        got += chunk
    if how == "reset":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()
    return int(got.split(b" ", 2)[1])


@pytest.mark.parametrize("how", ["closed", "reset"])
def test_a_stream_its_client_closes_frees_its_slot_at_once(a, b, how):
    """Streams opened and left one after another, three times LIVE_MAX_STREAMS_PER_CLIENT (6
    here), closed cleanly or reset: every one opens, and one more after them (a phone that
    reconnects on every visibility change never meets 429 TOO_MANY_STREAMS). The server counts
    a closed stream out on a thread of its own, a moment after the close: each open is asked
    again for at most half a second (before, at the stream's next writes: 1 to 2 heartbeats,
    a second each here)."""
    game = b.new_game()
    for _ in range(3 * 6 + 1):
        deadline = time.monotonic() + 0.5
        status = open_and_leave(a, game, how)
        while status == 429 and time.monotonic() < deadline:
            time.sleep(0.05)
            status = open_and_leave(a, game, how)
        assert status == 200


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


def test_hands_posted_to_every_api_server_reach_one_live_process(a, servers):
    """Every write, whichever API server took it, reaches the streams on the live process (on
    PostgreSQL two API servers and one live process: "several servers")."""
    webs = [Client(server.url) for server in servers[1]]
    game = webs[0].new_game()
    share = open_when_counted_out(a, game)  # the streams of the tests before may still count
    assert share.status == 200, share.body
    assert share.next_event()["id"] == "0"
    for hand_no in range(1, 5):
        webs[hand_no % len(webs)].post_hand(game, hand_no)
        pushed = share.next_event(5)
        while pushed["data"]["revision"] < hand_no:  # two writes may come as one event
            pushed = share.next_event(5)
        assert pushed["data"]["revision"] == hand_no
    share.close()


def test_the_api_never_holds_a_stream_it_points_at_the_live_process(a, b, servers):
    """A sync API worker must never hold a stream: the share stream is redirected (EventSource
    follows), the editor stream is told where to go (a browser drops Authorization on a
    redirect to another origin), both at once and in the one error shape."""
    web = servers[1][0]
    game = b.new_game()
    started = time.monotonic()
    redirected = Events(web.url, f"/api/share/{game['share_token']}/events")
    assert redirected.status == 307
    assert redirected.headers["Location"] == f"{a.url}/api/share/{game['share_token']}/events"
    elsewhere = Events(web.url, f"/api/games/{game['id']}/events", auth(game))
    assert (elsewhere.status, elsewhere.body["rule_code"]) == (421, "LIVE_ELSEWHERE")
    assert elsewhere.headers["Tally-Live-URL"] == a.url
    assert a.url in elsewhere.body["message"]
    assert time.monotonic() - started < 5
    # and the API still answers: no worker is stuck on a stream
    assert b.call("GET", f"/api/share/{game['share_token']}")[0] == 200


def test_the_live_process_serves_streams_only(a, b):
    game = b.new_game()
    status, _, body = Client(a.url).call("GET", f"/api/games/{game['id']}", headers=auth(game))
    assert (status, body["rule_code"]) == (404, "NOT_FOUND")
    assert "live updates only" in body["message"]
    status, _, body = Client(a.url).call(
        "POST", "/api/games", {"ruleset": "straight-42", "first_dealer": 0}
    )
    assert status == 404
    status, _, body = Client(a.url).call("GET", "/api/live/health")
    assert (status, body["role"]) == (200, "live")
