"""A hand costs the same at hand 150 as at hand 1: a write reads the game row, its key and
at most the hands it touches, never the whole log (counted, not timed). And the longest game."""

from contextlib import contextmanager

import pytest
from helpers.apitest import Table, made
from helpers.set_aside import edit

import rules.game
from api.play import hand_log as play_hand_log
from api.store.db import flask_db

RESHUFFLE = {"bids": ["pass"] * 4}


class Reads:
    """SELECT statements run and rows fetched, and statements written through `run`."""

    def __init__(self):
        """Nothing counted yet."""
        self.selects = self.rows = self.writes = self.scored = 0


class CountingCursor:
    """A DB-API cursor that counts the rows fetched from it."""

    def __init__(self, cursor, reads):
        self._cursor, self._reads = cursor, reads

    def __getattr__(self, name):
        return getattr(self._cursor, name)

    def fetchone(self):
        row = self._cursor.fetchone()
        self._reads.rows += row is not None
        return row

    def fetchall(self):
        rows = self._cursor.fetchall()
        self._reads.rows += len(rows)
        return rows

    def __iter__(self):
        for row in self._cursor:
            self._reads.rows += 1
            yield row


@contextmanager
def counting(app, monkeypatch):
    """Count what the requests inside read and write."""
    reads = Reads()
    database = app.config["DATABASE"]
    execute_sql = database.execute_sql

    def counted_execute_sql(sql, params=None, *args, **kwargs):
        cursor = execute_sql(sql, params, *args, **kwargs)
        if sql.lstrip().upper().startswith("SELECT"):
            reads.selects += 1
            return CountingCursor(cursor, reads)
        return cursor

    run = play_hand_log.run

    def counted_run(statements):
        statements = list(statements)
        # the live layer's NOTIFY (PostgreSQL) rides in the same pipeline: it writes no row
        reads.writes += sum("pg_notify" not in sql for sql, _ in statements)
        return run(statements)

    score_hand = rules.game.score_hand

    def counted_score_hand(*args, **kwargs):
        reads.scored += 1
        return score_hand(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(rules.game, "score_hand", counted_score_hand)
        patch.setattr(database, "execute_sql", counted_execute_sql)
        patch.setattr(play_hand_log, "run", counted_run)
        yield reads


def long_game(client, hands):
    """A game whose first `hands` hands are all-pass reshuffles (it never ends)."""
    table = Table(client, rules={"all_pass": "reshuffle"})
    for n in range(1, hands + 1):
        table.hand(n, **RESHUFFLE)
    return table


def cost(app, monkeypatch, request):
    """(selects, rows read, statements written, hands scored) by one request."""
    with counting(app, monkeypatch) as reads:
        request()
    return reads.selects, reads.rows, reads.writes, reads.scored


def test_a_post_reads_as_much_at_hand_150_as_at_hand_1(app, client, monkeypatch):
    short, long = Table(client, rules={"all_pass": "reshuffle"}), long_game(client, 150)
    at_1 = cost(app, monkeypatch, lambda: short.hand(1, **made()))
    at_151 = cost(app, monkeypatch, lambda: long.hand(151, **made()))
    assert at_1 == at_151
    selects, rows, writes, scored = at_151
    assert scored == 1
    # the game row (auth, lock; no key found); hand, game, key, and the revision of the game's
    # crew (one UPDATE, a no-op for a game in no crew: its statistics' ETag, docs/crews.md)
    assert rows <= 2 and writes == 4
    # a repeat of a stored hand reads that one hand
    again = cost(app, monkeypatch, lambda: long.hand(151, **made()))
    assert again[1] <= 3 and again[2] == 1  # only its new key is written


def test_an_edit_reads_the_edited_hand_on_and_the_one_before(app, client, monkeypatch):
    table = long_game(client, 150)
    last = cost(app, monkeypatch, lambda: edit(table, 150, made(bidder=2), if_match="*"))
    # game row (auth, lock), hands 149-150; hand 150, game, the crew's revision
    assert last[1] <= 4 and last[2] == 3
    assert last[3] == 1
    tail = cost(app, monkeypatch, lambda: edit(table, 141, made(bidder=2), if_match="*"))
    assert tail[1] <= 13 and tail[3] == 10  # game row twice, hands 140..150; 141..150 scored
    assert table.get().json["totals"] == [2, 0]


def test_an_edit_writes_only_the_hands_it_changes(app, client, monkeypatch):
    table = long_game(client, 40)
    # a reshuffle for a reshuffle given with its dealer: hand 2's body changes, no result does
    body = {**RESHUFFLE, "dealer": 1}
    _, _, writes, _ = cost(app, monkeypatch, lambda: edit(table, 2, body, if_match="*"))
    assert writes == 3  # hand 2, the game row and the crew's revision, not hands 3..40


def test_undo_scores_nothing(app, client, monkeypatch):
    table = long_game(client, 150)
    headers = {**table.auth, "If-Match": "*"}
    _, rows, writes, scored = cost(
        app, monkeypatch, lambda: client.delete(f"{table.url}/hands/150", headers=headers)
    )
    # game row (auth, lock), the log once (the answer is the game); hand 149 gives the state;
    # written: the game row and the crew's revision
    assert scored == 0 and rows <= 2 + 150 and writes == 3
    assert table.get().json["next_hand_no"] == 150


def test_edits_and_appends_give_what_a_full_replay_gives(client):
    """Scoring from a cached state must agree with scoring the whole log (table talk counts
    and scored hands carried across requests)."""
    talk = {"kind": "table_talk", "side": 0}
    table = Table(client, rules={"all_pass": "reshuffle", "table_talk_warning_first": True})
    table.hand(1, **made(bidder=0), penalties=[talk])
    table.hand(2, **RESHUFFLE)
    table.hand(3, **made(bidder=1), penalties=[talk])  # the second: a mark to side 1
    assert table.get().json["totals"] == [1, 2]
    edit(table, 1, made(bidder=1))  # no more warning first: hand 3's talk is now the warning
    assert [h["result"]["totals"] for h in table.get().json["hands"]] == [[0, 1], [0, 1], [0, 2]]
    table.hand(4, **made(bidder=0), penalties=[talk])  # the second talk now: a mark
    assert table.get().json["totals"] == [1, 3]
    table.client.delete(f"{table.url}/hands/4", headers={**table.auth, "If-Match": "*"})
    table.hand(4, **made(bidder=0))
    assert table.get().json["totals"] == [1, 2]


def test_a_log_stored_before_the_counts_is_scored_from_hand_1(app, client):
    table = Table(client, rules={"all_pass": "reshuffle", "table_talk_warning_first": True})
    talk = {"kind": "table_talk", "side": 0}
    table.hand(1, **made(bidder=0), penalties=[talk])
    table.hand(2, **RESHUFFLE)
    before = table.get().json
    with app.app_context(), flask_db.database.connection_context():  # as an older release
        flask_db.database.execute_sql('UPDATE "hand" SET "counts" = NULL')
        flask_db.database.execute_sql(
            """UPDATE "game" SET "state" = '{"game_over":false,"next_dealer":2,"""
            """"next_hand_no":3,"sides":2,"totals":[1,0],"winner":null}'"""
        )
    table.hand(3, **made(bidder=1), penalties=[talk])
    assert table.get().json["totals"] == [1, 2]  # the talk of hand 1 was counted
    edit(table, 2, RESHUFFLE)
    table.client.delete(f"{table.url}/hands/3", headers={**table.auth, "If-Match": "*"})
    assert table.get().json["totals"] == before["totals"]


def test_a_game_keeps_at_most_500_hands(client, monkeypatch):
    assert play_hand_log.MAX_GAME_HANDS == 500
    monkeypatch.setattr(play_hand_log, "MAX_GAME_HANDS", 3)
    table = long_game(client, 3)
    error = table.hand(4, status=422, **RESHUFFLE).json
    assert error["rule_code"] == "GAME_TOO_LONG" and "at most 3 hands" in error["message"]
    assert table.get().json["next_hand_no"] == 4


def test_the_500th_hand_is_the_last(client):
    table = long_game(client, 500)
    assert table.hand(501, status=422, **RESHUFFLE).json["rule_code"] == "GAME_TOO_LONG"


@pytest.mark.parametrize("route", ["put", "delete"])
def test_hand_numbers_past_the_limit_are_not_routes(table, route):
    call = getattr(table.client, route)
    headers = {**table.auth, "If-Match": "*"}
    call(f"{table.url}/hands/501", headers=headers, status=404)
