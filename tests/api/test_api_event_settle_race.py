"""A director's forfeit or correction and the table's write to the same match, in a forced
order on PostgreSQL: a third connection holds the event row's lock, the
director's write queues for it, then the table's write queues behind the director's; the
third connection lets go. The director's write commits first, so the table's write must see
its record and answer 409 MATCH_SETTLED (docs/tournaments.md "Forfeits and no-shows"), as on
SQLite, where the writer queue serializes the two (test_api_event_settled.py covers that
order on both stores one request after the other).

Under READ COMMITTED a statement reads the rows as they were when it began: a settled check
that read the director's records in the statement that waited for the event row's lock saw
them as before the director's commit, and the table was told its hand counted in a match
already over."""

import threading
import time
import uuid

import psycopg
import pytest
from helpers.apitest import PG_SCHEMA, PG_URL
from helpers.event_settled import refused_as_over, stored
from helpers.eventtest import TWO_MARKS, Director

from api.store.db import flask_db
from api.store.games import Game

pytestmark = pytest.mark.skipif(not PG_URL, reason="the lock order is PostgreSQL's")


class EventRowHeld:
    """A third connection holding the event row FOR UPDATE until `release`; `waiting(n)`
    blocks until `n` other backends wait behind it (directly or behind one that does)."""

    def __init__(self, event_id):
        self.conn = psycopg.connect(PG_URL, options=f"-c search_path={PG_SCHEMA}")
        self.pid = self.conn.info.backend_pid
        self.conn.execute('SELECT 1 FROM "event" WHERE "id" = %s FOR UPDATE', (event_id,))

    def queued(self):
        """The backends waiting, directly or not, on this connection's lock."""
        with psycopg.connect(PG_URL, autocommit=True) as watcher:
            rows = watcher.execute(
                "SELECT pid, pg_blocking_pids(pid) FROM pg_stat_activity "
                "WHERE wait_event_type = 'Lock'"
            ).fetchall()
        behind, grew = {self.pid}, True
        while grew:
            grew = False
            for pid, blockers in rows:
                if pid not in behind and behind.intersection(blockers):
                    behind.add(pid)
                    grew = True
        return behind - {self.pid}

    def waiting(self, count):
        deadline = time.monotonic() + 10
        while len(self.queued()) < count:
            assert time.monotonic() < deadline, "the write never queued for the event row"
            time.sleep(0.02)

    def release(self):
        self.conn.commit()
        self.conn.close()


def in_order(app, event_id, director_write, table_write):
    """Run `director_write` then `table_write` (each given its own Flask test client, each
    returning a response), queued in that order behind a held event row; return both."""
    held = EventRowHeld(event_id)
    answers = {}

    def run(name, write):
        answers[name] = write(app.test_client())

    threads = []
    try:
        for count, (name, write) in enumerate(
            (("director", director_write), ("table", table_write)), start=1
        ):
            thread = threading.Thread(target=run, args=(name, write))
            thread.start()
            threads.append(thread)
            held.waiting(count)
    finally:
        held.release()
        for thread in threads:
            thread.join(timeout=60)
    return answers["director"], answers["table"]


def response_of(flask_response):
    """A Flask test response as `refused_as_over` reads a webtest one."""

    class Answer:
        status_int = flask_response.status_code
        json = flask_response.get_json()

    return Answer


def test_a_deciding_hand_queued_behind_a_forfeit_is_refused(app, client):
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    view = director.start()
    table = director.table("W1.1")
    game_id = table.view()["current_game"]
    for hand_no in (1, 2, 3):  # 6 marks: the next hand decides the game and the match
        client.post_json(
            f"/api/games/{game_id}/hands",
            {"hand_no": hand_no, "bidder": 0, **TWO_MARKS},
            headers={**table.auth, "Idempotency-Key": uuid.uuid4().hex},
        )
    absent = director.match(view, "W1.1")["teams"][1]

    def forfeit(own):
        return own.post(
            f"{director.url}/matches/W1.1/forfeit", json={"team": absent}, headers=director.auth
        )

    def deciding_hand(own):
        return own.post(
            f"/api/games/{game_id}/hands",
            json={"hand_no": 4, "bidder": 1, **TWO_MARKS},
            headers={**table.auth, "Idempotency-Key": uuid.uuid4().hex},
        )

    forfeited, hand = in_order(app, director.id, forfeit, deciding_hand)
    assert forfeited.status_code == 200, forfeited.get_json()
    refused_as_over(response_of(hand), "W1.1", "the director recorded a forfeit")
    assert stored(app, game_id)[0] == 3
    assert director.match(director.view(), "W1.1")["how"] == "forfeit"


def test_an_edit_of_the_deciding_hand_queued_behind_a_correction_is_refused(app, client):
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    table = director.table("W1.1")
    table.win_game(0)
    game_id = table.view()["match"]["games"][0]["id"]
    loser = director.match(director.view(), "W1.1")["teams"][1]
    etag = client.get(f"/api/games/{game_id}", headers=table.auth).headers["ETag"]
    before = stored(app, game_id)

    def correct(own):
        return own.post(
            f"{director.url}/matches/W1.1/correction",
            json={"winner": loser},
            headers=director.auth,
        )

    def edit(own):  # the deciding hand, now set the other way: it reopens the game
        return own.put(
            f"/api/games/{game_id}/hands/4",
            json={"bidder": 1, **TWO_MARKS},
            headers={**table.auth, "If-Match": etag},
        )

    corrected, edited = in_order(app, director.id, correct, edit)
    assert corrected.status_code == 200, corrected.get_json()
    refused_as_over(response_of(edited), "W1.1", "the director corrected its result")
    assert stored(app, game_id) == before


def test_the_next_game_queued_behind_a_forfeit_is_not_started(app, client):
    """The next-game route takes the same check (by the match): a game started there after
    the forfeit committed would be a game of a match that is over."""
    director = Director(client, teams=4, first_to=[2], tables=2)
    director.check_in_all()
    view = director.start()
    table = director.table("W1.1")
    table.win_game(0)  # 1-0 in a first to 2: game 2 is next
    match_id = table.view()["match"]["id"]
    absent = director.match(view, "W1.1")["teams"][1]

    def forfeit(own):
        return own.post(
            f"{director.url}/matches/W1.1/forfeit", json={"team": absent}, headers=director.auth
        )

    def next_game(own):
        return own.post(f"/api/matches/{match_id}/games", json={"game_no": 2}, headers=table.auth)

    forfeited, started = in_order(app, director.id, forfeit, next_game)
    assert forfeited.status_code == 200, forfeited.get_json()
    refused_as_over(response_of(started), "W1.1", "the director recorded a forfeit")
    with app.app_context(), flask_db.database.connection_context():
        assert Game.select().where(Game.match_id == match_id).count() == 1
