"""Live streams' limits ("Limits"), on the Procfile's topology (the API on sync
workers, the streams on the live process) with the limits set low so a test can reach them:
an idle stream carries heartbeats and times out, a slow reader is dropped, and streams per
game are bounded (per client: tests/api/test_api_live.py). SQLite, or PostgreSQL with
TEST_DATABASE_URL."""

import os
import socket
import threading
import time
from urllib.parse import urlsplit

import pytest
from helpers.apitest import PG_URL
from helpers.live_client import Client, Events

from bench.servers import ROOT, Gunicorn, pg_drop_schema, pg_schema_url, web_and_live

TIGHT_ENV = {
    "RATELIMIT_PER_GAME": "10000",
    "RATELIMIT_PER_CLIENT": "10000",
    "RATELIMIT_TOKEN_FAILURES": "10000",
    "LIVE_HEARTBEAT_SECONDS": "0.5",
    "LIVE_MAX_STREAM_SECONDS": "2",
    "LIVE_MAX_STREAMS_PER_GAME": "3",
    "LIVE_WRITE_TIMEOUT_SECONDS": "1",
    "LIVE_POLL_SECONDS": "0.1",
    "LIVE_THREADS": "16",
}


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """(live process, API client), one worker each, limits set low."""
    if PG_URL:
        schema = f"live_limits_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('limits') / 'tally42.sqlite3'}"
    env = {**TIGHT_ENV, "DATABASE_URL": url}
    webs, live = web_and_live(env, web_workers=1, live_workers=1)
    # a second live process on the same store whose streams never time out within a test,
    # so a stream it drops was dropped for not reading, not for its age
    patient = Gunicorn(
        "live:app",
        env={**env, "LIVE_MAX_STREAM_SECONDS": "300", "LIVE_POLL_SECONDS": "0.01"},
        workers=1,
        probe="/api/live/health",
        config=f"{ROOT}/gunicorn.live.conf.py",
    ).start()
    try:
        yield live, Client(webs[0].url), patient
    finally:
        for server in (*webs, live, patient):
            server.stop()
        if PG_URL:
            pg_drop_schema(PG_URL, schema)


@pytest.fixture(autouse=True)
def close_streams():
    yield
    Events.close_all()


def held(live):
    """How many streams the live process (one worker) holds right now."""
    status, _, body = Client(live.url).call("GET", "/api/live/health")
    assert status == 200
    return body["streams"]


def wait_held(live, count, within=10.0):
    """Wait until the live process holds `count` streams; the seconds it took."""
    started = time.monotonic()
    while held(live) != count:
        assert time.monotonic() - started < within, f"still {held(live)} streams, not {count}"
        time.sleep(0.1)
    return time.monotonic() - started


def test_an_idle_stream_gets_heartbeats_then_times_out(servers):
    """Idle streams carry heartbeats and time out (LIVE_HEARTBEAT_SECONDS 0.5 and
    LIVE_MAX_STREAM_SECONDS 2 here; 15 and 300 by default); the client reconnects."""
    live, api, _ = servers
    game = api.new_game()
    opened = time.monotonic()
    stream = Events(live.url, f"/api/share/{game['share_token']}/events")
    items = []
    while not items or "closed" not in items[-1]:
        items.append(stream.next(5))
    lasted = time.monotonic() - opened
    beats = [item for item in items if item.get("comment") == "keep-alive"]
    assert [item["id"] for item in items if "event" in item] == ["0"]  # idle: one state only
    assert len(beats) >= 2, items
    assert 1.8 <= lasted <= 6, f"the stream lasted {lasted:.1f} s"
    wait_held(live, 0)


def test_streams_per_game_are_bounded(servers):
    """At most LIVE_MAX_STREAMS_PER_GAME (3 here) streams follow one game; the next is 429
    TOO_MANY_STREAMS in the one error shape, worded for people; other games are not held up."""
    live, api, _ = servers
    game, other = api.new_game(), api.new_game()
    path = f"/api/share/{game['share_token']}/events"
    streams = [Events(live.url, path) for _ in range(3)]
    assert [s.status for s in streams] == [200, 200, 200]
    refused = Events(live.url, path)
    assert refused.status == 429
    assert refused.body["rule_code"] == "TOO_MANY_STREAMS"
    assert refused.body["message"].startswith("this game already has 3 live screens following")
    assert set(refused.body) == {"code", "status", "message", "errors", "rule_code"}
    assert refused.headers["Retry-After"] == "5"
    assert Events(live.url, f"/api/share/{other['share_token']}/events").status == 200


def slow_reader(live, path):
    """A client that asks for a stream with a tiny receive buffer and never reads."""
    parts = urlsplit(live.url)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect((parts.hostname, parts.port))
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    return sock


def test_a_slow_reader_is_dropped_and_holds_nothing(servers):
    """A stream whose reader stops reading is dropped after LIVE_WRITE_TIMEOUT_SECONDS (1 s
    here) once the socket's buffers are full; until then it holds one event, the latest, never
    a queue (api/live/hub.py), and the game's other streams go on receiving every change."""
    _, api, live = servers
    game = api.new_game()
    for hand_no in range(1, 11):  # the teams take turns: 5 marks each, the game goes on
        api.post_hand(game, hand_no, captured=35 if hand_no % 2 else 7)
    wait_held(live, 0)
    stuck = slow_reader(live, f"/api/share/{game['share_token']}/events")
    reader = Events(live.url, f"/api/share/{game['share_token']}/events")
    assert reader.next_event()["id"] == "10"
    wait_held(live, 2)
    # edit hand 1 over and over: each edit is a new revision and a whole game pushed
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    _, headers, _ = api.call("GET", f"/api/games/{game['id']}", headers=auth)
    etag, revision, dropped = headers["ETag"], 10, None
    started = time.monotonic()
    while dropped is None and time.monotonic() - started < 60:
        revision += 1
        status, headers, body = api.call(
            "PUT",
            f"/api/games/{game['id']}/hands/1",
            {"bidder": 1, "bid": 30 + revision % 2, "result": {"captured": 35}},
            {**auth, "If-Match": etag},
        )
        assert status == 200, body
        etag = headers["ETag"]
        if revision % 20 == 0 and held(live) == 1:
            dropped = time.monotonic() - started
    assert dropped is not None, "the slow reader was never dropped"
    stuck.close()
    # the reader that reads is still there, and current (events coalesce: the latest counts)
    pushed = reader.next_event(5)
    while pushed["data"]["revision"] < revision:
        pushed = reader.next_event(5)
    assert pushed["data"]["revision"] == revision
    assert held(live) == 1
    api.post_hand(game, 11, captured=35)
    assert reader.next_event(5)["data"]["revision"] == revision + 1


def edit_until(api, game, done, within=60.0):
    """Edit hand 1 of `game` over and over (each edit a new revision, the whole game pushed to
    its streams) until `done()`; the last revision."""
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    _, headers, body = api.call("GET", f"/api/games/{game['id']}", headers=auth)
    etag, revision = headers["ETag"], len(body["hands"])
    started = time.monotonic()
    while not done():
        assert time.monotonic() - started < within, "still not done"
        revision += 1
        status, headers, body = api.call(
            "PUT",
            f"/api/games/{game['id']}/hands/1",
            {"bidder": 1, "bid": 30 + revision % 2, "result": {"captured": 35}},
            {**auth, "If-Match": etag},
        )
        assert status == 200, body
        etag = headers["ETag"]
    return revision


def test_readers_that_stop_reading_never_shut_the_workers_door(servers):
    """Three streams whose readers stop reading are dropped (LIVE_WRITE_TIMEOUT_SECONDS, 1 s
    here) without the live worker waiting on their clients: all the while it answers its
    health route at once, and a new stream opens. (gunicorn's gthread worker closes a failed
    request gracefully on its one accepting thread, waiting up to 2 s for the client to close:
    three such readers shut the worker's door for about 6 s.)"""
    _, api, live = servers
    game = api.new_game()
    for hand_no in range(1, 11):
        api.post_hand(game, hand_no, captured=35 if hand_no % 2 else 7)
    wait_held(live, 0)
    path = f"/api/share/{game['share_token']}/events"
    stuck = [slow_reader(live, path) for _ in range(3)]  # LIVE_MAX_STREAMS_PER_GAME
    wait_held(live, 3)
    answers, stop = [], threading.Event()

    def probe():  # the health route, asked again and again: (seconds it took, streams held)
        while not stop.is_set():
            started = time.monotonic()
            streams = held(live)
            answers.append((time.monotonic() - started, streams))
            time.sleep(0.05)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    try:
        edit_until(api, game, lambda: answers and answers[-1][1] == 0)
        opened = time.monotonic()
        fresh = Events(live.url, path)
        assert fresh.next_event(5)["event"] == "game"
        assert time.monotonic() - opened < 1.5
    finally:
        stop.set()
        prober.join()
        for sock in stuck:
            sock.close()
    slowest = max(seconds for seconds, _ in answers)
    assert slowest < 1.5, f"the health route took {slowest:.1f} s while readers were dropped"
