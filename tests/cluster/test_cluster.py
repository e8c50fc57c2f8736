"""Several servers on one PostgreSQL database (docs/deploy.md, "Several servers"): two API
servers (gunicorn app:app), two live processes (gunicorn live:app), a third API server whose
clock runs 2 s behind, and Redis for the rate limits. What one server writes, every other one
answers from: a stream on the other live process, an Idempotency-Key, an ETag, a crew's
statistics, the rate limits, an event's public read. And three servers booting at once on an
empty database answer no 5xx.

Needs TEST_DATABASE_URL (PostgreSQL) and Redis at 127.0.0.1:6379 (tests/run-all runs it on
both); without either a test fails, never skips.
"""

import os
import pathlib
import signal
import threading
import time
import uuid

import psycopg
import pytest
import redis
from helpers.live_client import Client, Events

from bench.servers import Gunicorn, pg_drop_schema, pg_schema_url

ROOT = pathlib.Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("TEST_DATABASE_URL")
REDIS_URL = "redis://127.0.0.1:6379"
TOKEN_FAILURES = 6  # the cluster's RATELIMIT_TOKEN_FAILURES: low, so the shared count shows
WITHIN_S = 10.0  # a generous bound for what docs/deploy.md says arrives within a second
COLD_BOOTS = 3

# A server whose clock runs 2 s behind: the app as app.py builds it, with every read of "now"
# (api/store/base.utcnow: the stamps of every write, its defaults included) moved back.
SKEWED = '''"""The API, its clock 2 s behind."""
import datetime

from api.store import base


def _late():
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(seconds=2)


base.utcnow.__code__ = _late.__code__  # every reference to utcnow, field defaults too

from app import app  # noqa: E402
'''


def redis_answers():
    """True if Redis answers at REDIS_URL."""
    try:
        return redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping()
    except redis.RedisError:
        return False


def need_pg():
    if not PG_URL:
        pytest.fail("TEST_DATABASE_URL is not set: several servers share one PostgreSQL")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Two live processes, two API servers and the late one, on one fresh schema; yields
    {"live": [L1, L2], "web": [W1, W2], "late": W3} (bench.servers.Gunicorn, started)."""
    need_pg()
    scratch = tmp_path_factory.mktemp("cluster")
    (scratch / "late_app.py").write_text(SKEWED)
    schema = f"cluster_{os.getpid()}"
    env = {
        "DATABASE_URL": pg_schema_url(PG_URL, schema),
        "RATELIMIT_STORAGE_URI": REDIS_URL if redis_answers() else "memory://",
        "RATELIMIT_KEY_PREFIX": f"cluster{os.getpid()}-{uuid.uuid4().hex[:8]}",
        "RATELIMIT_PER_CLIENT": "100000",
        "RATELIMIT_PER_GAME": "100000",
        "RATELIMIT_TOKEN_FAILURES": str(TOKEN_FAILURES),
        "PROXY_FIX_HOPS": "1",  # each test names its own client (X-Forwarded-For)
        "LIVE_THREADS": "16",
        "LIVE_LISTEN_CHECK_SECONDS": "1",  # the LISTEN connection's round trip, every second
        "LIVE_ROLE": "web",
    }
    servers = {"live": [], "web": [], "late": None}
    started = []
    try:
        for n in (1, 2):
            live = Gunicorn(
                "live:app",
                env={**env, "PGAPPNAME": f"tally42-live-{n}-{os.getpid()}"},
                workers=1,
                probe="/api/live/health",
                config=str(ROOT / "gunicorn.live.conf.py"),
                log=scratch / f"live{n}.log",
            )
            started.append(live.start())
            servers["live"].append(live)
        for n in (1, 2):
            web = Gunicorn("app:app", env={**env}, workers=1, log=scratch / f"web{n}.log")
            started.append(web.start())
            servers["web"].append(web)
        late = Gunicorn(
            "late_app:app",
            env={**env, "PYTHONPATH": f"{scratch}{os.pathsep}{ROOT}"},
            workers=1,
            log=scratch / "late.log",
        )
        started.append(late.start())
        servers["late"] = late
        yield servers
    finally:
        Events.close_all()
        for server in started:
            server.stop()
        pg_drop_schema(PG_URL, schema)


def client(server, address="198.51.100.1"):
    """A JSON client of `server`, as a phone at `address` (X-Forwarded-For)."""
    return Phone(server.url, address)


class Phone(Client):
    """live_client.Client that says which client it is, through the proxy's header."""

    def __init__(self, base, address):
        super().__init__(base)
        self.address = address

    def call(self, method, path, body=None, headers=None):
        return super().call(
            method, path, body, {"X-Forwarded-For": self.address, **(headers or {})}
        )


def auth(game, **headers):
    return {"Authorization": f"Bearer {game['edit_token']}", **headers}


def hand(hand_no, bidder=1, captured=35):
    return {"hand_no": hand_no, "bidder": bidder, "bid": 30, "result": {"captured": captured}}


def test_a_hand_written_on_one_api_server_reaches_a_stream_on_the_other_live_process(cluster):
    """Every live process LISTENs: a hand posted to W1 reaches a stream held by L2."""
    w1 = client(cluster["web"][0])
    game = w1.new_game()
    stream = Events(cluster["live"][1].url, f"/api/share/{game['share_token']}/events")
    assert stream.next_event()["data"]["revision"] == 0
    started = time.monotonic()
    w1.post_hand(game, 1)
    pushed = stream.next_event(timeout=WITHIN_S)
    assert (pushed["event"], pushed["data"]["revision"]) == ("game", 1)
    assert len(pushed["data"]["game"]["hands"]) == 1
    print(f"W1 -> L2: {time.monotonic() - started:.3f} s")
    stream.close()


def test_the_same_idempotency_key_sent_to_two_servers_counts_once(cluster):
    """docs/architecture.md, a hand's journey: a retry never counts twice, whichever server
    the proxy sends it to (the keys are rows in the shared database)."""
    w1, w2 = (client(server) for server in cluster["web"])
    game = w1.new_game()
    key = {"Idempotency-Key": uuid.uuid4().hex}
    first = w1.call("POST", f"/api/games/{game['id']}/hands", hand(1), auth(game, **key))
    again = w2.call("POST", f"/api/games/{game['id']}/hands", hand(1), auth(game, **key))
    assert first[0] == 201 and again[0] in (200, 201), (first, again)
    assert again[2] == first[2]  # the stored answer
    status, _, body = w2.call("GET", f"/api/games/{game['id']}", headers=auth(game))
    assert status == 200 and len(body["hands"]) == 1


def test_an_etag_made_stale_by_another_server_gets_412(cluster):
    """An edit sent with the ETag read before another server's write is refused (412): the
    ETag is the game's stored revision, the same on every server."""
    w1, w2 = (client(server) for server in cluster["web"])
    game = w1.new_game()
    w1.post_hand(game, 1)
    _, headers, _ = w1.call("GET", f"/api/games/{game['id']}", headers=auth(game))
    stale = headers["ETag"]
    w2.post_hand(game, 2)
    status, _, body = w1.call(
        "PUT",
        f"/api/games/{game['id']}/hands/1",
        {"bidder": 1, "bid": 30, "result": {"captured": 40}},
        auth(game, **{"If-Match": stale}),
    )
    assert status == 412, body


def test_a_crews_statistics_read_on_one_server_after_a_write_on_another(cluster):
    """A crew's statistics are cached by the revisions the writes move (docs/crews.md): W2,
    which answered them before, answers the hand W1 wrote since."""
    w1, w2 = (client(server) for server in cluster["web"])
    status, _, crew = w1.call("POST", "/api/crews", {"name": "Thursday table"})
    assert status == 201, crew
    crew_auth = {"Authorization": f"Bearer {crew['token']}"}
    seats = []
    for name in ("Ann", "Bob", "Cy", "Di"):
        seats.append(str(uuid.uuid4()))
        status, _, body = w1.call(
            "POST", f"/api/crews/{crew['id']}/players", {"id": seats[-1], "name": name}, crew_auth
        )
        assert status == 201, body
    game = w1.new_game()
    status, _, body = w1.call(
        "PUT",
        f"/api/crews/{crew['id']}/games/{game['id']}",
        {"game_token": game["edit_token"], "seats": seats},
        crew_auth,
    )
    assert status == 201, body
    w1.post_hand(game, 1)
    status, _, before = w2.call("GET", f"/api/crews/{crew['id']}/stats", headers=crew_auth)
    assert status == 200, before
    w1.post_hand(game, 2)
    status, _, after = w2.call("GET", f"/api/crews/{crew['id']}/stats", headers=crew_auth)
    assert status == 200 and after != before
    assert hands_counted(after) == hands_counted(before) + 1


def hands_counted(stats):
    """The hands a crew's statistics counted (the crew's own sum)."""
    return stats["crew"]["hands"]


def test_the_rate_limits_hold_across_servers_on_redis(cluster):
    """docs/deploy.md, several servers: with RATELIMIT_STORAGE_URI on Redis every server
    counts together, so a client's wrong tokens spread over both API servers meet the 429
    at the limit (in memory each server would allow the whole limit again)."""
    assert redis_answers(), "Redis does not answer at 127.0.0.1:6379: the limits cannot be shared"
    game = client(cluster["web"][0]).new_game()
    guesser = [client(server, address="203.0.113.7") for server in cluster["web"]]
    wrong = {"Authorization": f"Bearer {'x' * 43}"}
    statuses = [
        guesser[n % 2].call("GET", f"/api/games/{game['id']}", headers=wrong)[0]
        for n in range(TOKEN_FAILURES + 2)
    ]
    assert statuses[:TOKEN_FAILURES] == [401] * TOKEN_FAILURES
    assert statuses[TOKEN_FAILURES:] == [429, 429], statuses
    # another client is not held back by this one's guesses
    assert (
        client(cluster["web"][1]).call("GET", f"/api/games/{game['id']}", headers=auth(game))[0]
        == 200
    )


def started_event(server):
    """A 4-team event on 2 tables, started: (its public token, the two called matches' table
    tokens), made on `server`."""
    director = client(server)
    body = {
        "name": "Schulenburg 42",
        "ruleset": "straight-42",
        "tables": 2,
        "format": "single-elimination",
        "teams": [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in (1, 2, 3, 4)],
    }
    status, _, made = director.call("POST", "/api/events", body)
    assert status == 201, made
    lead = {"Authorization": f"Bearer {made['director_token']}"}
    for team in made["teams"]:
        status, _, body = director.call(
            "POST", f"/api/events/{made['id']}/teams/{team['id']}/check-in", None, lead
        )
        assert status == 200, body
    status, _, started = director.call("POST", f"/api/events/{made['id']}/start", None, lead)
    assert status == 200, started
    return made["public_token"], started["new_table_tokens"]


def test_an_events_public_read_after_a_write_stamped_by_a_late_clock(cluster):
    """docs/architecture.md: a kept answer and its ETag move with every committed write, never
    by a clock. Table 1's hand is written by W1; table 2's, a moment later, by the server whose
    clock runs 2 s behind (its stamp is older than table 1's). W2's public read of the event
    must not answer 304 to the ETag read between the two writes, and must show table 2's
    score."""
    w1, w2, late = cluster["web"][0], cluster["web"][1], cluster["late"]
    public, tokens = started_event(w1)
    first, second = sorted(tokens)
    status, _, view = client(w2).call("GET", f"/api/e/{public}")
    assert status == 200, view
    games = {}
    for bracket_id in (first, second):
        match = next(m for m in view["matches"] if m["id"] == bracket_id)
        table = {"Authorization": f"Bearer {tokens[bracket_id]}"}
        status, _, body = client(w1).call(
            "POST", f"/api/matches/{match['match_id']}/games", {"game_no": 1}, table
        )
        assert status in (200, 201), body  # the start may have made it
        games[bracket_id] = (body["game"]["id"], table)

    def post(server, bracket_id):
        game_id, table = games[bracket_id]
        status, _, body = client(server).call(
            "POST",
            f"/api/games/{game_id}/hands",
            {"hand_no": 1, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}},
            {**table, "Idempotency-Key": uuid.uuid4().hex},
        )
        assert status == 201, body

    post(w1, first)
    status, headers, before = client(w2).call("GET", f"/api/e/{public}")
    assert status == 200
    post(late, second)  # well within 2 s of the first: stamped before it
    status, _, after = client(w2).call(
        "GET", f"/api/e/{public}", headers={"If-None-Match": headers["ETag"]}
    )
    assert status == 200, "304: the public read kept the answer from before the late write"
    assert after != before


def boot_three_at_once(schema_url, scratch, round_no):
    """Three API servers (two workers each) started at once on an empty schema, written to
    as soon as each answers; returns every 5xx (and every server that failed to boot)."""
    env = {"DATABASE_URL": schema_url, "RATELIMIT_ENABLED": "0", "LIVE_ROLE": "web"}
    servers = [
        Gunicorn("app:app", env=env, workers=2, log=scratch / f"boot{round_no}-{n}.log")
        for n in range(3)
    ]
    failures, booted = [], []

    def start(server):
        try:
            server.start()
            booted.append(server)
        except RuntimeError as exc:
            failures.append(f"did not boot: {exc}")

    starters = [threading.Thread(target=start, args=(s,)) for s in servers]
    for starter in starters:
        starter.start()
    try:
        written = {server.url: 0 for server in servers}
        deadline = time.monotonic() + 90
        while any(starter.is_alive() for starter in starters) or min(written.values()) < 3:
            assert time.monotonic() < deadline, f"the servers did not all answer: {written}"
            for server in list(booted):
                failures += write_once(server)
                written[server.url] += 1
            if not booted:
                time.sleep(0.05)  # none answers yet: wait for the first (no write to make)
        return failures
    finally:
        for starter in starters:
            starter.join()
        for server in servers:
            server.stop()


def write_once(server):
    """A game and a hand on `server`: the 5xx answers among them (as strings)."""
    phone = Client(server.url)
    status, _, game = phone.call(
        "POST", "/api/games", {"ruleset": "straight-42", "first_dealer": 0}
    )
    if status >= 500:
        return [f"{server.url} POST /api/games: {status} {game}"]
    status, _, body = phone.call(
        "POST",
        f"/api/games/{game['id']}/hands",
        hand(1),
        auth(game, **{"Idempotency-Key": uuid.uuid4().hex}),
    )
    return [f"{server.url} POST hand: {status} {body}"] if status >= 500 else []


def test_three_servers_booting_at_once_on_an_empty_database_answer_no_5xx(tmp_path):
    """Each server's workers find the schema incomplete and queue on the advisory lock; the
    ones after the first create nothing (api/store/schema.create_tables reads the catalog
    again under the lock), so none runs DDL under another's writes ("deadlock detected")."""
    need_pg()
    failures = {}
    for round_no in range(COLD_BOOTS):
        schema = f"coldboot_{os.getpid()}_{round_no}"
        pg_drop_schema(PG_URL, schema)
        try:
            failures[round_no] = boot_three_at_once(
                pg_schema_url(PG_URL, schema), tmp_path, round_no
            )
        finally:
            pg_drop_schema(PG_URL, schema)
    print(f"cold boots with a 5xx: {sum(bool(f) for f in failures.values())} of {COLD_BOOTS}")
    assert failures == {n: [] for n in range(COLD_BOOTS)}


WARNING = "rate limits are counted in memory"


def test_memory_rate_limits_with_two_workers_are_warned_at_start_up(cluster, tmp_path):
    """docs/deploy.md, several servers: with the default memory storage each worker counts
    alone (three servers of two workers let 90 of a 30-a-minute limit through, and said
    nothing), so gunicorn says so at start-up and names the setting that shares them; on
    Redis (the cluster's servers) it says nothing."""
    env = {"DATABASE_URL": cluster["web"][0].env["DATABASE_URL"], "LIVE_ROLE": "web"}
    env["RATELIMIT_STORAGE_URI"] = "memory://"
    log = tmp_path / "memory.log"
    with Gunicorn("app:app", env=env, workers=2, log=log):
        pass
    said = [line for line in log.read_text().splitlines() if WARNING in line]
    assert len(said) == 1, log.read_text()  # once, by the server, not once a worker
    assert "2 workers" in said[0] and "RATELIMIT_STORAGE_URI=redis://" in said[0]
    for server in (*cluster["web"], *cluster["live"]):
        assert WARNING not in pathlib.Path(server.log).read_text()


def listen_backend(live):
    """The pid of `live`'s LISTEN connection (pg_stat_activity, by its PGAPPNAME), once open."""
    name = live.env["PGAPPNAME"]
    deadline = time.monotonic() + WITHIN_S
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        while time.monotonic() < deadline:
            row = admin.execute(
                "SELECT pid FROM pg_stat_activity WHERE application_name = %s "
                "AND query LIKE 'LISTEN %%'",
                (name,),
            ).fetchone()
            if row:
                return row[0]
            time.sleep(0.05)
    raise AssertionError(f"{name} opened no LISTEN connection within {WITHIN_S} s")


def health(live):
    status, _, body = Client(live.url).call("GET", "/api/live/health")
    assert status == 200, body
    return body["listen"]


def wait_for(what, check, timeout=WITHIN_S):
    """Wait until `check()` is true (AssertionError naming `what` after `timeout` s)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(0.05)


@pytest.mark.parametrize("how", ["terminated", "silent"])
def test_a_lost_listen_connection_is_opened_again_and_the_health_route_says_so(cluster, how):
    """The live process's LISTEN connection lost (PostgreSQL ended it: an error; or its server
    stopped answering, as after a NAT's timeout or a failover: no error ever) is found within
    LIVE_LISTEN_CHECK_SECONDS and opened again: a write made meanwhile still reaches the
    stream, and the health route says the state and counts the reconnection."""
    live, w1 = cluster["live"][0], client(cluster["web"][0])
    game = w1.new_game()
    stream = Events(live.url, f"/api/share/{game['share_token']}/events")
    assert stream.next_event()["data"]["revision"] == 0
    pid = listen_backend(live)
    before = health(live)
    assert before["state"] == "listening"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        if how == "silent":
            os.kill(pid, signal.SIGSTOP)  # the backend stops: the socket stays open, mute
        try:
            if how == "terminated":
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            w1.post_hand(game, 1)
            pushed = stream.next_event(timeout=WITHIN_S)
            assert (pushed["event"], pushed["data"]["revision"]) == ("game", 1)
        finally:
            if how == "silent":
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
                os.kill(pid, signal.SIGCONT)
    wait_for("the health route says listening again", lambda: health(live)["state"] == "listening")
    assert health(live)["reconnects"] == before["reconnects"] + 1
    assert listen_backend(live) != pid
    stream.close()
