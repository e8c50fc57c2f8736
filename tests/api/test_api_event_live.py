"""The event's live stream, `GET /api/e/{public_token}/events` ("The board ... updates
live (the live issue)"; docs/tournaments.md "Live: the event's stream"), against the
Procfile's topology: the streams on the live process, the director and the tables writing to
the API. On PostgreSQL (TEST_DATABASE_URL) two API servers write beside one live process, so
every change crossed processes by LISTEN/NOTIFY ("every app server learns of a
change"); on SQLite the live process found it by its poll.
"""

import os
import sqlite3
import time

import pytest
from helpers.apitest import PG_URL
from helpers.eventtest import Director
from helpers.leagues import League
from helpers.live_client import Client, Events

from bench.servers import pg_drop_schema, pg_schema_url, web_and_live

SERVER_ENV = {
    "RATELIMIT_PER_GAME": "10000",
    "RATELIMIT_PER_CLIENT": "10000",
    "RATELIMIT_TOKEN_FAILURES": "10000",
    "LIVE_HEARTBEAT_SECONDS": "1",
    "LIVE_MAX_STREAM_SECONDS": "60",
    "LIVE_POLL_SECONDS": "0.1",
    "LIVE_THREADS": "16",
}


class Reply:
    """What a webtest response offers the tournament helpers: `.json`, `.headers`."""

    def __init__(self, status, headers, body):
        self.status_int, self.headers, self.json = status, headers, body


class Http(Client):
    """live_client.Client speaking the webtest calls eventtest.Director and TablePhone make,
    so the same helpers drive real servers."""

    def post_json(self, path, body=None, headers=None, status=200):
        got = Reply(*self.call("POST", path, body if body is not None else {}, headers))
        assert got.status_int == status, (path, got.status_int, got.json)
        return got

    def get(self, path, headers=None, status=200):
        got = Reply(*self.call("GET", path, headers=headers))
        assert got.status_int == status, (path, got.status_int, got.json)
        return got


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """(live process, [API servers], database URL): two API servers on PostgreSQL, one on
    SQLite."""
    if PG_URL:
        schema = f"event_live_{os.getpid()}"
        url = pg_schema_url(PG_URL, schema)
    else:
        url = f"sqlite:///{tmp_path_factory.mktemp('eventlive') / 'tally42.sqlite3'}"
    webs, live = web_and_live(
        {**SERVER_ENV, "DATABASE_URL": url}, web_workers=1, live_workers=1, webs=2 if PG_URL else 1
    )
    try:
        yield live, webs, url
    finally:
        for server in (*webs, live):
            server.stop()
        if PG_URL:
            pg_drop_schema(PG_URL, schema)


@pytest.fixture(autouse=True)
def close_streams():
    yield
    Events.close_all()


@pytest.fixture
def live(servers):
    return servers[0]


@pytest.fixture
def director(servers):
    """A started 4-team single-elimination event (first to 1 game), run through the first
    API server."""
    director = Director(Http(servers[1][0].url), teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    return director


@pytest.fixture
def other(servers):
    """A client of the last API server (the second one on PostgreSQL)."""
    return Http(servers[1][-1].url)


def event_stream(live, director, **headers):
    return Events(live.url, f"/api/e/{director.public}/events", headers)


def public(client, director):
    """(ETag, body) of the public view as the API answers it."""
    status, headers, body = client.call("GET", f"/api/e/{director.public}")
    assert status == 200
    return headers["ETag"], body


def until(stream, check, timeout=15.0):
    """The first `event` event whose data passes `check` (streams send only the latest
    state: several writes may arrive as one event)."""
    deadline = time.monotonic() + timeout
    while True:
        item = stream.next_event(max(0.05, deadline - time.monotonic()))
        assert item.get("event") == "event", item
        if check(item["data"]):
            return item


def match(view, bracket_id):
    return next(m for m in view["matches"] if m["id"] == bracket_id)


def test_the_stream_starts_with_the_public_view_and_its_etag(live, director, other):
    stream = event_stream(live, director)
    assert stream.status == 200
    assert stream.headers["Content-Type"].startswith("text/event-stream")
    assert stream.headers["Access-Control-Allow-Origin"] == "*"  # any board page may follow
    assert stream.next() == {"retry": "2000", "received": pytest.approx(time.monotonic(), abs=30)}
    first = stream.next_event()
    assert first["event"] == "event" and first["id"] == str(first["data"]["revision"])
    etag, body = public(other, director)
    # exactly what GET /api/e/{public_token} answers, with its ETag (docs/tournaments.md)
    assert first["data"]["event"] == body and first["data"]["etag"] == etag
    assert match(body, "W1.1")["status"] == "playing"


def test_a_hand_posted_at_a_table_reaches_an_open_event_stream(live, director, other):
    stream = event_stream(live, director)
    before = stream.next_event()["data"]
    phone = director.table("W1.1")
    game_id = phone.view()["current_game"]
    status, _, _ = other.call(  # one hand, at the table, through the other API server
        "POST",
        f"/api/games/{game_id}/hands",
        {"hand_no": 1, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}},
        {**phone.auth, "Idempotency-Key": "a" * 32},
    )
    assert status == 201
    sent = time.monotonic()
    got = until(stream, lambda d: match(d["event"], "W1.1")["games"][0]["totals"] == [2, 0])
    assert got["received"] - sent < 2.0  # on every open screen within a second
    assert got["data"]["revision"] > before["revision"]
    # the rest of the game: the match is decided, its winner goes on to W2.1
    phone.win_game(0)
    done = until(stream, lambda d: match(d["event"], "W1.1")["status"] == "played")
    assert (
        match(done["data"]["event"], "W1.1")["winner"] == match(before["event"], "W1.1")["teams"][0]
    )
    etag, body = public(other, director)
    latest = (
        until(stream, lambda d: d["etag"] == etag, timeout=5)
        if done["data"]["etag"] != etag
        else done
    )
    assert latest["data"]["event"] == body


def test_a_forfeit_and_a_correction_reach_the_stream(live, director, other):
    stream = event_stream(live, director)
    view = stream.next_event()["data"]["event"]
    w11, w12 = match(view, "W1.1"), match(view, "W1.2")
    director.post("/matches/W1.1/forfeit", {"team": w11["teams"][1], "reason": "forfeit"})
    got = until(stream, lambda d: match(d["event"], "W1.1")["how"] == "forfeit")
    assert match(got["data"]["event"], "W1.1")["winner"] == w11["teams"][0]
    director.post("/matches/W1.2/forfeit", {"team": w12["teams"][0], "reason": "forfeit"})
    until(stream, lambda d: match(d["event"], "W1.2")["winner"] == w12["teams"][1])
    # W2.1 (the final) has no hand yet: the director may still change who won W1.1
    director.post("/matches/W1.1/correction", {"winner": w11["teams"][1]})
    got = until(stream, lambda d: match(d["event"], "W1.1")["how"] == "correction")
    final = match(got["data"]["event"], "W2.1")
    assert match(got["data"]["event"], "W1.1")["winner"] == w11["teams"][1]
    got = (
        until(
            stream,
            lambda d: w11["teams"][1] in match(d["event"], "W2.1")["teams"],
            timeout=5,
        )
        if w11["teams"][1] not in final["teams"]
        else got
    )
    assert got["data"]["event"] == public(other, director)[1]


def test_reconnect_with_last_event_id_skips_or_catches_up(live, director):
    first = event_stream(live, director)
    revision = first.next_event()["id"]
    first.close()
    same = event_stream(live, director, **{"Last-Event-ID": revision})
    assert same.next()["retry"] == "2000"
    assert same.next(5) == {"comment": "keep-alive"}  # has it already: nothing but heartbeats
    same.close()
    # missed while away: a forfeit; a reconnect with the old id gets the new state at once
    view = director.view()
    director.post(
        "/matches/W1.2/forfeit", {"team": match(view, "W1.2")["teams"][0], "reason": "forfeit"}
    )
    caught_up = event_stream(live, director, **{"Last-Event-ID": revision}).next_event()
    assert int(caught_up["id"]) > int(revision)
    assert match(caught_up["data"]["event"], "W1.2")["how"] == "forfeit"


def test_the_revision_only_grows_through_a_match_called_again(live, director, other):
    """A correction changes who plays a called match with no hand yet: it is deleted and
    called again (docs/tournaments.md), and the revision must still grow."""
    stream = event_stream(live, director)
    view = stream.next_event()["data"]["event"]
    w11, w12 = match(view, "W1.1"), match(view, "W1.2")
    director.post("/matches/W1.1/forfeit", {"team": w11["teams"][1], "reason": "forfeit"})
    director.post("/matches/W1.2/forfeit", {"team": w12["teams"][1], "reason": "forfeit"})
    director.view()  # calls W2.1 to a table
    called = until(stream, lambda d: match(d["event"], "W2.1")["status"] == "playing")
    director.post("/matches/W1.1/correction", {"winner": w11["teams"][1]})
    director.view()
    again = until(
        stream,
        lambda d: (
            w11["teams"][1] in match(d["event"], "W2.1")["teams"]
            and match(d["event"], "W2.1")["status"] == "playing"
        ),
    )
    assert again["data"]["revision"] > called["data"]["revision"]
    assert (
        match(again["data"]["event"], "W2.1")["match_id"]
        != match(called["data"]["event"], "W2.1")["match_id"]
    )


def test_the_api_sends_the_event_stream_to_the_live_process(servers, director):
    live, webs, _url = servers
    stream = Events(webs[0].url, f"/api/e/{director.public}/events")  # EventSource's ask
    assert stream.status == 307
    assert stream.headers["Location"] == f"{live.url}/api/e/{director.public}/events"


def test_a_link_that_opens_nothing_is_404(live):
    stream = Events(live.url, "/api/e/" + "x" * 43 + "/events")
    assert stream.status == 404 and stream.body["rule_code"] == "NOT_FOUND"


def test_a_deleted_event_ends_its_streams(servers, director):
    """No route deletes an event yet; the row goes as a database cleanup would take it."""
    live, _webs, url = servers
    stream = event_stream(live, director)
    stream.next_event()
    if PG_URL:
        import psycopg

        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'SET search_path TO "event_live_{os.getpid()}"')  # the fixture's
            conn.execute('DELETE FROM "event" WHERE "id" = %s', [director.id])
            conn.execute("SELECT pg_notify('tally42_live', %s)", [f"e:{director.id}"])
    else:
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute('DELETE FROM "event" WHERE "id" = ?', [director.id])
    item = stream.next_event()
    assert item["event"] == "gone" and item["data"] == {"reason": "deleted"}
    assert stream.next_event() == {"closed": True}


def test_the_director_view_names_the_stream_etag_it_shows(live, director, other):
    """docs/tournaments.md "Live: the event's stream": the director view's `live_etag` is the
    stream's ETag as it stood before the view was read, so the director's phone reads again
    for an `event` with any other ETag and skips the one it has drawn."""
    stream = event_stream(live, director)
    first = stream.next_event()["data"]
    view = director.view()
    assert view["live_etag"] == first["etag"] == public(other, director)[0]
    phone = director.table("W1.1")
    game_id = phone.view()["current_game"]
    status, _, _ = other.call(
        "POST",
        f"/api/games/{game_id}/hands",
        {"hand_no": 1, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}},
        {**phone.auth, "Idempotency-Key": "b" * 32},
    )
    assert status == 201
    moved = until(stream, lambda d: d["etag"] != first["etag"])["data"]
    after = director.view()
    assert after["live_etag"] == moved["etag"] != view["live_etag"]
    assert match(after, "W1.1")["games"][0]["totals"] == [2, 0]


@pytest.mark.parametrize("revoked_by", ["a new table link", "a forfeit"])
def test_a_revoked_table_link_ends_its_game_stream(live, director, other, revoked_by):
    """A game stream opened with a table's token ends with `gone` ("revoked") as soon as the
    director re-issues that table's link or records a forfeit of its match: a revoked token
    reaches nothing, streams included. The director's own stream of the game goes on."""
    phone = director.table("W1.1")
    game_id = phone.view()["current_game"]
    path = f"/api/games/{game_id}/events"
    table, directing = Events(live.url, path, phone.auth), Events(live.url, path, director.auth)
    assert table.next_event()["event"] == directing.next_event()["event"] == "game"
    if revoked_by == "a new table link":
        director.post("/matches/W1.1/table-token", status=201)
    else:
        view = director.view()
        loser = match(view, "W1.1")["teams"][1]
        director.post("/matches/W1.1/forfeit", {"team": loser, "reason": "forfeit"})
    gone = table.next_event(5)
    assert (gone["event"], gone["data"]) == ("gone", {"reason": "revoked"})
    assert table.next_event() == {"closed": True}
    assert Events(live.url, path, phone.auth).status == 401  # and opens no new one: unknown
    status, _, _ = other.call(  # a hand the director writes reaches the director's stream
        "POST",
        f"/api/games/{game_id}/hands",
        {"hand_no": 1, "bidder": 0, "bid": {"marks": 2}, "result": {"captured": 42}},
        {**director.auth, "Idempotency-Key": "b" * 32},
    )
    if status == 201:  # (a forfeited match takes no more hands: 409)
        assert directing.next_event(5)["data"]["revision"] == 1
    else:
        assert (revoked_by, status) == ("a forfeit", 409)
    directing.next(5)  # still open: its heartbeat


def test_a_new_table_link_ends_the_old_links_game_stream(live, director, other):
    """A game stream opened with a table's own link (docs/tournaments.md "A table's link")
    ends with `gone` ("revoked") as soon as the director gives the table a new link (a lost
    phone), and the old link opens no new one; the new link's stream of the game goes on."""
    old = {"Authorization": f"Bearer {director.links['1']}"}
    read = other.get(f"/api/events/{director.id}/tables/1", headers=old).json
    path = f"/api/games/{read['match']['current_game']}/events"
    stream = Events(live.url, path, old)
    assert stream.next_event()["event"] == "game"
    new = director.post("/tables/1/link", status=201).json["table_token"]
    gone = stream.next_event(5)
    assert (gone["event"], gone["data"]) == ("gone", {"reason": "revoked"})
    assert stream.next_event() == {"closed": True}
    assert Events(live.url, path, old).status == 403  # known, ended: refused
    fresh = Events(live.url, path, {"Authorization": f"Bearer {new}"})
    assert fresh.next_event()["event"] == "game"


def test_a_deleted_party_ends_its_tables_game_streams(live, servers, other):
    """DELETE /api/parties/{id} (docs/tournaments.md "How a party runs" 6): the stream a
    table's phone holds on its game, opened with the table's link, ends with `gone`
    ("deleted") as soon as the party goes, and the link opens no new one (unknown: 401)."""
    director = Http(servers[1][0].url)
    body = {"name": "Church social", "ruleset": "straight-42", "rounds": 2}
    status, _, party = director.call("POST", "/api/parties", {**body, "players": list("ABCD")})
    assert status == 201
    boss = {"Authorization": f"Bearer {party['director_token']}"}
    url = f"/api/parties/{party['id']}"
    started = director.call("POST", f"{url}/start", None, boss)[2]
    link = {"Authorization": f"Bearer {started['table_links']['1']}"}
    status, _, table = other.call("GET", f"{url}/tables/1", headers=link)
    assert status == 200
    path = f"/api/games/{table['game']['id']}/events"
    stream = Events(live.url, path, link)
    assert stream.next_event()["event"] == "game"
    status, _, gone = other.call("DELETE", url, headers=boss)
    assert (status, gone["games"]) == (200, 1)
    item = stream.next_event(5)
    assert (item["event"], item["data"]) == ("gone", {"reason": "deleted"})
    assert stream.next_event() == {"closed": True}
    assert Events(live.url, path, link).status == 401


def party_table_stream(live, servers, other, hands_per_round=None):
    """A started four-player party of two rounds: (its director's client, url and headers,
    table 1's link headers, the stream table 1's phone holds on its game, opened with the
    link, its first event read)."""
    director = Http(servers[1][0].url)
    body = {"name": "Church social", "ruleset": "straight-42", "rounds": 2}
    body = {**body, "players": list("ABCD"), "hands_per_round": hands_per_round}
    status, _, party = director.call("POST", "/api/parties", body)
    assert status == 201
    boss = {"Authorization": f"Bearer {party['director_token']}"}
    url = f"/api/parties/{party['id']}"
    started = director.call("POST", f"{url}/start", None, boss)[2]
    link = {"Authorization": f"Bearer {started['table_links']['1']}"}
    game_id = other.call("GET", f"{url}/tables/1", headers=link)[2]["game"]["id"]
    stream = Events(live.url, f"/api/games/{game_id}/events", link)
    assert stream.next_event()["event"] == "game"
    return director, url, boss, link, game_id, stream


def first_hand_seen(stream, client, game_id, auth):
    """Hand 1 of `game_id`, and its event on `stream`: the live process is listening now (it
    starts to when its first stream opens), so what it hears next was sent after."""
    hand = {"hand_no": 1, "bidder": 0, "bid": 30, "result": {"captured": 35}}
    status, _, _ = client.call(
        "POST", f"/api/games/{game_id}/hands", hand, {**auth, "Idempotency-Key": "p" * 32}
    )
    assert status == 201
    assert stream.next_event(5)["data"]["revision"] == 1


def assert_revoked_at_once(stream):
    """The stream's next event is its end, `gone` ("revoked"), within the 5 s a screen may
    wait (LIVE_HEARTBEAT_SECONDS 1: heartbeats are comments, not events), with no further
    change to the game."""
    gone = stream.next_event(5)
    assert (gone["event"], gone["data"]) == ("gone", {"reason": "revoked"})
    assert stream.next_event() == {"closed": True}


def test_a_party_tables_new_link_ends_the_old_links_game_stream(live, servers, other):
    """docs/tournaments.md "How a party runs": the director's new link for a table (a phone
    lost) ends the old link's stream of the table's game at once, on PostgreSQL too (a
    NOTIFY in the write's transaction), not at the game's next change."""
    director, url, boss, link, game_id, stream = party_table_stream(live, servers, other)
    first_hand_seen(stream, other, game_id, link)
    status, _, _ = director.call("POST", f"{url}/tables/1/link", None, boss)
    assert status == 201
    assert_revoked_at_once(stream)


def test_a_partys_next_round_ends_the_table_streams_of_the_round_before(live, servers, other):
    """The next round moves each table's link to its new game: the link's stream of the
    round before's game ends at once (its token reaches that game no more)."""
    director, url, boss, link, game_id, stream = party_table_stream(
        live, servers, other, hands_per_round=1
    )
    first_hand_seen(stream, other, game_id, link)  # round 1 is over
    status, _, _ = director.call("POST", f"{url}/rounds", {"round": 2}, boss)
    assert status == 200
    assert_revoked_at_once(stream)


def test_a_nights_new_director_link_ends_the_old_directors_game_stream(live, servers, other):
    """docs/leagues.md: a night's director link made again (a phone lost) stops the old one,
    and the old director token's stream of a game of the night ends at once."""
    league = League(Http(servers[1][0].url))
    season = league.post(league.base, league.body(nights=1))
    url = f"{league.base}/{season['id']}"
    night = league.post(f"{url}/nights")
    old = {"Authorization": f"Bearer {night['director_token']}"}
    event = f"/api/events/{night['event_id']}"
    links = other.call("POST", f"{event}/start", None, old)[2]["new_table_links"]
    table = {"Authorization": f"Bearer {links['1']}"}
    game_id = other.call("GET", f"{event}/tables/1", headers=table)[2]["match"]["current_game"]
    stream = Events(live.url, f"/api/games/{game_id}/events", old)
    assert stream.next_event()["event"] == "game"
    first_hand_seen(stream, other, game_id, table)
    league.post(f"{url}/nights/1/director-link")
    assert_revoked_at_once(stream)
