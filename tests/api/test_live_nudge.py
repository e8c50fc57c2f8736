"""Live on SQLite without the poll: the API's writer nudges the live process over a
Unix datagram socket beside the database file (api/store/nudge.py) once its write committed,
and the poll stays as the fallback. Real processes (the API and the live process apart, as the
Procfile runs them) on a SQLite file: the nudge is SQLite's; PostgreSQL has NOTIFY
(tests/api/test_api_live.py runs both stores)."""

import os
import tempfile
import time

import pytest
from helpers.live_client import Client, Events

from api.store import nudge
from bench.servers import web_and_live

SERVER_ENV = {
    "RATELIMIT_ENABLED": "0",
    "LIVE_HEARTBEAT_SECONDS": "1",
    "LIVE_THREADS": "8",
}

NUDGED_WITHIN_S = 0.5  # the goal is a p95 of 100 ms; a loaded CI machine gets room


def start(tmp_path_factory, poll_seconds):
    """The API and the live process on one SQLite file; the live process polls every
    `poll_seconds`. Returns (database path, live, web)."""
    path = str(tmp_path_factory.mktemp("nudge") / "tally42.sqlite3")
    env = {**SERVER_ENV, "DATABASE_URL": f"sqlite:///{path}", "LIVE_POLL_SECONDS": poll_seconds}
    webs, live = web_and_live(env, web_workers=1, live_workers=1)
    return path, live, webs[0]


@pytest.fixture(scope="module")
def slow_poll(tmp_path_factory):
    """A live process whose poll is 30 s: whatever reaches a stream sooner came by a nudge."""
    path, live, web = start(tmp_path_factory, "30")
    yield path, live, Client(web.url)
    web.stop()
    live.stop()


@pytest.fixture(scope="module")
def fallback(tmp_path_factory):
    """A live process that polls every second (the fallback under test)."""
    path, live, web = start(tmp_path_factory, "1")
    yield path, live, Client(web.url)
    web.stop()
    live.stop()


@pytest.fixture(autouse=True)
def close_streams():
    yield
    Events.close_all()


def share_stream(live, game):
    """A share stream on the live process, past its `retry` and its first event."""
    stream = Events(live.url, f"/api/share/{game['share_token']}/events")
    assert stream.next_event()["id"] == "0"
    return stream


def sockets(path):
    """The live processes' sockets the writers nudge for the database at `path`."""
    return os.listdir(nudge.folder(path))


def test_each_hand_reaches_the_live_process_by_its_nudge_not_the_poll(slow_poll):
    path, live, api = slow_poll
    game = api.new_game()
    stream = share_stream(live, game)
    assert len(sockets(path)) == 1  # the live worker listens beside the database file
    for hand_no in range(1, 6):
        api.post_hand(game, hand_no)
        acked = time.monotonic()
        event = stream.next_event(timeout=5)
        assert event["id"] == str(hand_no)
        late = event["received"] - acked
        assert late <= NUDGED_WITHIN_S, f"hand {hand_no} reached the stream {late:.2f} s late"


def test_a_revoked_link_reaches_the_live_process_by_its_nudge_too(slow_poll):
    """Every write goes through the one write transaction, so every write nudges: a share
    link revoked closes its open stream at once (docs/deploy.md, "Live updates")."""
    _, live, api = slow_poll
    game = api.new_game()
    stream = share_stream(live, game)
    status, _, body = api.call(
        "POST",
        f"/api/games/{game['id']}/share",
        {"action": "revoke"},
        {"Authorization": f"Bearer {game['edit_token']}"},
    )
    assert status == 200 and body["share_token"] is None
    acked = time.monotonic()
    event = stream.next_event(timeout=5)
    assert event["event"] == "gone" and event["data"] == {"reason": "revoked"}
    assert event["received"] - acked <= NUDGED_WITHIN_S


def test_a_lost_nudge_is_found_by_the_poll(fallback):
    """With its socket gone (a nudge lost), the live process still learns of the write at its
    next poll: a lost nudge delays a screen, never leaves it wrong."""
    path, live, api = fallback
    game = api.new_game()
    stream = share_stream(live, game)
    for name in sockets(path):
        os.unlink(os.path.join(nudge.folder(path), name))
    assert nudge.send(path) == 0  # nobody left to nudge
    api.post_hand(game, 1)
    acked = time.monotonic()
    event = stream.next_event(timeout=5)
    assert event["id"] == "1" and event["data"]["revision"] == 1
    assert event["received"] - acked <= 2.5  # one poll (1 s) and the read, on a busy machine


def test_a_burst_of_nudges_wakes_the_listener_once(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    listener = nudge.Listener(path)
    try:
        assert listener.wait(0.05) is False  # nothing sent: the timeout
        for _ in range(50):
            assert nudge.send(path) == 1
        assert listener.wait(1.0) is True
        assert listener.wait(0.05) is False  # the burst was taken whole
        listener.poke()
        assert listener.wait(1.0) is True
    finally:
        listener.close()
    assert sockets(path) == []  # closed: its file goes too


def test_a_socket_left_by_a_dead_process_is_cleared_by_the_next_write(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    listener = nudge.Listener(path)
    listener.sock.close()  # the process died without closing: its file stays
    assert len(sockets(path)) == 1
    assert nudge.send(path) == 0
    assert sockets(path) == []


def test_a_deep_database_keeps_its_sockets_in_a_hashed_folder(tmp_path):
    """A Unix socket's path must fit in about 100 bytes; a database deeper than that keeps
    its sockets in the temporary folder, under a name both sides derive from the file."""
    deep = tmp_path / ("d" * 90)
    deep.mkdir()
    path = str(deep / "tally42.sqlite3")
    where = nudge.folder(path)
    assert not where.startswith(str(deep)) and where == nudge.folder(path)
    listener = nudge.Listener(path)
    try:
        assert nudge.send(path) == 1 and listener.wait(1.0) is True
    finally:
        listener.close()
    with tempfile.TemporaryDirectory(dir="/tmp") as short:  # a path of ~30 characters
        beside = os.path.join(short, "t.sqlite3")
        assert nudge.folder(beside) == beside + "-live"  # short enough: beside the file
