"""Crash torture: `kill -9` of the server at random moments under write load.

A real gunicorn (one sync worker per core) serves the app on a temporary SQLite file (WAL,
synchronous=FULL). Writer threads post hands as phones do: each hand has a hand_no and an
Idempotency-Key, and a hand whose answer never came is replayed, same key and body, until
it is answered. Only a 201 counts as acknowledged. The whole process group is killed with
SIGKILL at a random moment, restarted on the same file, and checked: every acknowledged
hand is there with its content, hand numbers run 1..n with no gap or double, at most the
one unanswered hand per game is there beyond the acknowledged ones, and at the end
`PRAGMA integrity_check` is ok. 20 kills by default, 200 with --long; the seed is printed
and can be fixed with TORTURE_SEED.

On PostgreSQL (when TEST_DATABASE_URL is set, as in CI) the same writers run against a schema
of their own, and each kill is either the whole server or one worker, which gunicorn's master
replaces at once: the new worker boots while the other one serves writes. Any answer but 201
to a hand is a failure (a 503 from a booting worker deadlocking with a write included). At the
end PostgreSQL's amcheck verifies every index of the app's tables.
"""

import http.client
import os
import random
import secrets
import signal
import sqlite3
import subprocess
import threading
import time
import uuid

import pytest
from helpers.torture_server import PG_URL, AppServer, call, pg_schema

WRITERS = 4
HANDS_PER_GAME = 13  # sides alternate making their bid: 7-6 after hand 13, game over


def hand_body(hand_no):
    """Hand `hand_no` of every torture game (valid for straight-42, ends at hand 13)."""
    return {
        "bidder": (hand_no - 1) % 4,
        "bid": 30 + hand_no % 3,
        "result": {"captured": 33 + hand_no % 9},
    }


class Writer(threading.Thread):
    """One phone: plays games hand after hand, replaying unanswered writes until answered."""

    def __init__(self, port, stop, rng):
        super().__init__(daemon=True)
        self.port, self.stop, self.rng = port, stop, rng
        self.games = {}  # game id -> {"token", "acked": {hand_no: body}}
        self.pending = None  # the write in flight or to replay: (kind, args)
        self.statuses = {}
        self.failures = []
        self.lock = threading.Lock()  # held while a write is out; the checker takes it
        self.cut = False  # the pending write failed at least once
        self.replayed = 0  # writes answered only after a replay

    def run(self):
        while not self.stop.is_set():
            with self.lock:
                if self.pending is None:
                    self.pending = self._next_write()
                try:
                    status, body = self._send(*self.pending)
                except (OSError, http.client.HTTPException):
                    status = None  # down or killed mid-request: replay the same write
                    self.cut = True
                else:
                    self.replayed += self.cut
                    self.cut = False
                    self.statuses[status] = self.statuses.get(status, 0) + 1
                    self._answered(status, body)
            time.sleep(0.02 if status is None else 0)

    def _next_write(self):
        """The next hand of the current game, or a new game once it is finished."""
        for game_id, g in self.games.items():
            if len(g["acked"]) < HANDS_PER_GAME:
                hand_no = len(g["acked"]) + 1
                return ("hand", game_id, hand_no, hand_body(hand_no), str(uuid.uuid4()))
        return ("game", str(uuid.uuid4()), secrets.token_urlsafe(32))

    def _send(self, kind, *args):
        if kind == "game":
            game_id, token = args
            return call(
                self.port,
                "POST",
                "/api/games",
                {"id": game_id, "ruleset": "straight-42", "first_dealer": 0, "edit_token": token},
            )
        game_id, hand_no, body, key = args
        return call(
            self.port,
            "POST",
            f"/api/games/{game_id}/hands",
            {"hand_no": hand_no, **body},
            token=self.games[game_id]["token"],
            headers={"Idempotency-Key": key},
        )

    def _answered(self, status, body):
        kind, *args = self.pending
        if kind == "game" and status in (200, 201):
            self.games[args[0]] = {"token": args[1], "acked": {}}
        elif kind == "hand" and status == 201:
            game_id, hand_no, hand, _ = args
            if body.get("hand") != hand or body.get("hand_no") != hand_no:
                self.failures.append(f"answer to hand {hand_no} of {game_id}: {body}")
            self.games[game_id]["acked"][hand_no] = hand
        else:
            self.failures.append(f"{kind} {args[:2]} answered {status}: {body}")
        self.pending = None

    def unanswered(self):
        """(game id, hand_no) of a hand sent but not answered, or None."""
        if self.pending and self.pending[0] == "hand":
            return self.pending[1], self.pending[2]
        return None


def check_games(port, writers):
    """Every acknowledged hand is stored as sent, 1..n, at most one unanswered beyond.

    Holds every writer's lock, so no write is out while the games are read.
    """
    for w in writers:
        w.lock.acquire()
    try:
        return _check_games(port, writers)
    finally:
        for w in writers:
            w.lock.release()


def _check_games(port, writers):
    problems = []
    for w in writers:
        unanswered = w.unanswered()
        for game_id, g in list(w.games.items()):
            status, game = call(port, "GET", f"/api/games/{game_id}", token=g["token"])
            if status != 200:
                problems.append(f"GET {game_id}: {status} {game}")
                continue
            stored = {h["hand_no"]: h["hand"] for h in game["hands"]}
            numbers = [h["hand_no"] for h in game["hands"]]
            if numbers != list(range(1, len(numbers) + 1)):
                problems.append(f"{game_id}: hand numbers {numbers}")
            acked = dict(g["acked"])
            for hand_no, hand in acked.items():
                if stored.get(hand_no) != hand:
                    problems.append(
                        f"{game_id}: acked hand {hand_no} stored as {stored.get(hand_no)}"
                    )
            extra = set(stored) - set(acked)
            allowed = {unanswered[1]} if unanswered and unanswered[0] == game_id else set()
            if not extra <= allowed:
                problems.append(f"{game_id}: unacknowledged hands {sorted(extra)} stored")
    return problems


def integrity(db_path):
    """PRAGMA integrity_check and foreign_key_check of the database file."""
    conn = sqlite3.connect(db_path)
    try:
        ok = conn.execute("PRAGMA integrity_check").fetchall()
        fk = conn.execute("PRAGMA foreign_key_check").fetchall()
    finally:
        conn.close()
    return ok, fk


def torture(server, kills, seed, kill):
    """Run the writers against `server`, `kill(rng)` it `kills` times at random moments,
    checking every game after each kill and at the end; returns the writers."""
    rng = random.Random(seed)
    stop = threading.Event()
    writers = [Writer(server.port, stop, random.Random(rng.random())) for _ in range(WRITERS)]
    unanswered_at_kill = 0
    try:
        server.start()
        for w in writers:
            w.start()
        for n in range(kills):
            time.sleep(rng.uniform(0.05, 0.8))
            unanswered_at_kill += sum(1 for w in writers if w.unanswered())
            kill(rng)
            problems = check_games(server.port, writers)
            assert not problems, f"after kill {n + 1} (TORTURE_SEED={seed}): {problems[:5]}"
        time.sleep(0.5)  # let the replays after the last kill be answered
        stop.set()
        for w in writers:
            w.join(timeout=30)
        problems = check_games(server.port, writers)
        assert not problems, f"at the end (TORTURE_SEED={seed}): {problems[:5]}"
    finally:
        stop.set()
        server.stop()
    acked = sum(len(g["acked"]) for w in writers for g in w.games.values())
    failures = [f for w in writers for f in w.failures]
    print(
        f"crash torture: {acked} hands acknowledged in "
        f"{sum(len(w.games) for w in writers)} games; {unanswered_at_kill} hands unanswered "
        f"at a kill, {sum(w.replayed for w in writers)} writes answered after a replay; "
        f"statuses {[w.statuses for w in writers]}"
    )
    assert not failures, failures[:5]
    assert acked > kills, "the writers hardly wrote: the test measured nothing"
    return writers


def kill_count(request):
    """20 kills, 200 with --long; and the seed (printed; TORTURE_SEED fixes it)."""
    kills = 200 if request.config.getoption("--long") else 20
    seed = int(os.environ.get("TORTURE_SEED", time.time_ns() % 2**32))
    print(f"crash torture: {kills} kills, TORTURE_SEED={seed}")
    return kills, seed


def test_kill_nine_under_write_load_loses_nothing(tmp_path, request):
    """20 kills (200 with --long) at random moments; nothing acked is lost or doubled."""
    kills, seed = kill_count(request)
    db_path = tmp_path / "tally42.sqlite3"
    server = AppServer(f"sqlite:///{db_path}", tmp_path / "gunicorn.log")

    def kill(rng):
        server.kill9()
        server.start()

    torture(server, kills, seed, kill)
    ok, fk = integrity(db_path)
    assert ok == [("ok",)], ok
    assert fk == [], fk


def workers_of(server):
    """The PIDs of gunicorn's workers (the master's children)."""
    out = subprocess.run(["pgrep", "-P", str(server.proc.pid)], capture_output=True, text=True)
    return [int(pid) for pid in out.stdout.split()]


def wait_for_workers(server, count, timeout=30.0):
    """Wait until the master runs `count` workers again (it respawns a killed one)."""
    deadline = time.monotonic() + timeout
    while len(workers_of(server)) < count:
        assert time.monotonic() < deadline, "gunicorn did not replace a killed worker"
        time.sleep(0.02)


@pytest.mark.skipif(not PG_URL, reason="needs TEST_DATABASE_URL (set by tests/run-all)")
def test_kill_nine_of_server_or_worker_on_postgresql_loses_nothing(tmp_path, request):
    """PostgreSQL: kills of the whole server or of one worker (whose replacement boots under
    write load); nothing acked is lost or doubled, no write gets a 5xx, indexes verify."""
    kills, seed = kill_count(request)
    with pg_schema(f"torture_{os.getpid()}") as (url, check):
        server = AppServer(url, tmp_path / "gunicorn.log")
        worker_kills = []

        def kill(rng):
            if rng.random() < 0.5:
                server.kill9()
                server.start()
                return
            workers = workers_of(server)
            os.kill(rng.choice(workers), signal.SIGKILL)
            worker_kills.append(len(workers))
            wait_for_workers(server, len(workers))

        torture(server, kills, seed, kill)
        print(
            f"crash torture (PostgreSQL): {len(worker_kills)} of {kills} kills were of one worker"
        )
        assert check() == [], "amcheck found a damaged index"
