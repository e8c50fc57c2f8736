"""Scale ("128 teams double elimination, 40 tables at once, on PostgreSQL, with several
app servers"): a 128-team double-elimination event at 40 tables, its 40 first matches played
at once by 40 table threads posting hands (and the director's forfeits) to two API servers
on one PostgreSQL database (on SQLite, its one-server store: one API server), each table then
reading the board, so the servers race to call the next matches.

Checked afterwards: every bracket match was called once (one api Match per called match, the
first 40 never called again, no table holding two matches); every result advanced as the
pure bracket logic says (`brackets.Tournament` replaying the same results gives the public
view's teams, status and winners for all 255 matches); and the event's live stream ends on
the same view. Bounded: the whole test is under 60 s on this 2-core machine.
"""

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers.apitest import PG_URL
from helpers.live_client import Events

from bench.servers import pg_drop_schema, pg_schema_url, web_and_live
from brackets import BYE, Format, Result, Tournament

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
from event_seed import EventSeed  # noqa: E402

TEAMS, TABLES = 128, 40
SERVER_ENV = {
    "RATELIMIT_ENABLED": "false",
    "LIVE_POLL_SECONDS": "0.1",
    "LIVE_HEARTBEAT_SECONDS": "1",
    "LIVE_MAX_STREAM_SECONDS": "120",
}
STATUS = {  # the public view's status -> brackets' MatchState.status
    "waiting": "waiting",
    "waiting-for-table": "ready",
    "playing": "ready",
    "played": "played",
    "bye": "bye",
    "void": "void",
}


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """([API servers], live process, database URL)."""
    if PG_URL:
        schema = f"event_scale_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('scale') / 'tally42.sqlite3'}"
    webs, live = web_and_live(
        {**SERVER_ENV, "DATABASE_URL": url}, web_workers=2, live_workers=1, webs=2 if PG_URL else 1
    )
    try:
        yield webs, live, url
    finally:
        for server in (*webs, live):
            server.stop()
        if PG_URL:
            pg_drop_schema(PG_URL, schema)


def rows(url, sql):
    """Rows of `sql` read straight from the store (what was stored, not what a view says)."""
    if PG_URL:
        import psycopg

        with psycopg.connect(PG_URL) as conn:
            conn.execute(f'SET search_path TO "event_scale_{os.getpid()}"')
            return conn.execute(sql).fetchall()
    import sqlite3

    with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
        return conn.execute(sql).fetchall()


def expected_bracket(view, results):
    """brackets.Tournament from the seeds the event drew and the results the tables made."""
    seeds = [str(t["id"]) for t in sorted(view["teams"], key=lambda t: t["seed"])]
    return Tournament(Format.DOUBLE, tuple(seeds), tuple(results), None, (1,))


def board(view):
    """The view's matches without the estimated start times (they move with the clock)."""
    return [{k: v for k, v in m.items() if k != "est_start"} for m in view["matches"]]


def side(team):
    return BYE if team == "bye" else None if team is None else str(team)


def test_128_teams_40_tables_two_servers(servers):
    webs, live, url = servers
    began = time.monotonic()
    urls = [w.url for w in webs]
    event = EventSeed(urls[0], teams=TEAMS, tables=TABLES)
    event.check_in_all()
    started = event.start()
    at_tables = [m for m in started["matches"] if m["status"] == "playing"]
    assert len(at_tables) == TABLES  # 40 tables at once
    assert sorted(m["table"] for m in at_tables) == list(range(1, TABLES + 1))
    first_calls = {m["id"]: m["match_id"] for m in at_tables}
    stream = Events(live.url, f"/api/e/{event.public}/events")
    assert stream.status == 200
    stream.next_event()

    def play(index):
        """One table: a forfeit every 8th match, else the side (index % 2) wins its game,
        the hands going to both servers in turn; then the director reads the event."""
        match = at_tables[index]
        server = urls[index % len(urls)]
        if index % 8 == 0:
            event.forfeit(match["id"], match["teams"][1], base_url=server)
            result = Result(match["id"], str(match["teams"][0]), forfeit=True)
        else:
            won = index % 2
            game = match["games"][0]
            for hand_no in range(1, 5):  # 2 marks a hand: the 4th makes 8 of 7
                event.call(
                    "POST",
                    f"/api/games/{game['id']}/hands",
                    {
                        "hand_no": hand_no,
                        "bidder": won,
                        "bid": {"marks": 2},
                        "result": {"captured": 42},
                    },
                    status=201,
                    base_url=urls[hand_no % len(urls)],
                    headers={"Idempotency-Key": f"{index:04d}{hand_no:02d}" + "0" * 26},
                )
            result = Result(match["id"], str(match["teams"][won]))
        # the director's read calls what is callable (a public read never writes)
        event.view(base_url=server)
        return result

    with ThreadPoolExecutor(TABLES) as pool:
        results = list(pool.map(play, range(TABLES)))
    views = [event.public_view(base_url=u) for u in urls]
    view = views[-1]
    assert all(board(v) == board(view) for v in views)  # every server says the same

    # Called exactly once: one api Match (and one first game) per called bracket match; the
    # first 40 kept their match; no table holds two matches.
    called = {m["id"]: m for m in view["matches"] if m.get("match_id")}
    stored = rows(url, 'SELECT "bracket_id", "match_id" FROM "eventmatch"')
    assert sorted(stored) == sorted((bid, m["match_id"]) for bid, m in called.items())
    assert rows(url, 'SELECT COUNT(*) FROM "match"')[0][0] == len(stored)
    assert rows(url, 'SELECT COUNT(*) FROM "game"')[0][0] == len(stored)
    assert {bid: called[bid]["match_id"] for bid in first_calls} == first_calls
    playing = [m["table"] for m in view["matches"] if m["status"] == "playing"]
    assert len(playing) == len(set(playing)) == TABLES  # the freed tables took new matches

    # Advanced as the bracket logic says, for every match of the event.
    expected = expected_bracket(view, results)
    assert len(view["matches"]) == len(expected.matches()) == 2 * TEAMS - 1
    for match in view["matches"]:
        want = expected.match(match["id"])
        got_teams = tuple(side(t) for t in match["teams"])
        assert got_teams == tuple(want.teams), match["id"]
        assert STATUS[match["status"]] == want.status, match["id"]
        assert side(match["winner"]) == want.winner, match["id"]
    assert sum(m["status"] == "played" for m in view["matches"]) == TABLES

    # The event's live stream ends on this same view.
    deadline = time.monotonic() + 15
    while True:
        item = stream.next_event(max(0.05, deadline - time.monotonic()))
        if board(item["data"]["event"]) == board(view):
            break
    assert time.monotonic() - began < 60
