"""Hypothesis properties of export and import: export then import
into a fresh store gives back the same games, hand for hand, with the same totals and state;
importing twice changes nothing; the CSV has one row per hand. Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

import csv
import io
import tempfile
from pathlib import Path

from helpers.apitest import TestApp, close_pool, make_app
from helpers.export_play import VIEW_KEYS, games, play
from hypothesis import HealthCheck, given, settings

from api.store.db import flask_db
from api.store.games import Game, Hand


def stored(app):
    """(games, hands) in the store."""
    with flask_db.database.connection_context():
        return Game.select().count(), Hand.select().count()


def same_view(before, after):
    """The parts of two full game views the table entered or the engine derives."""
    return all(before[k] == after[k] for k in VIEW_KEYS)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_export_then_import_gives_back_the_same_games_and_twice_changes_nothing(plan):
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp, "a"), Path(tmp, "b")
        first.mkdir(), second.mkdir()
        app = make_app(first)
        client = TestApp(app)
        tables = [play(client, *game) for game in plan]
        views = {t.id: t.get().json for t in tables}
        docs = [client.get(f"{t.url}/export", headers=t.auth).json for t in tables]
        rows = [
            list(
                csv.DictReader(
                    io.StringIO(client.get(f"{t.url}/export?format=csv", headers=t.auth).text)
                )
            )
            for t in tables
        ]
        close_pool(app)
        # CSV rows = hands, each row numbered as its hand
        for table, table_rows in zip(tables, rows, strict=True):
            assert [int(r["hand"]) for r in table_rows] == [
                h["hand_no"] for h in views[table.id]["hands"]
            ]
        # everything in one file, as the phone's backup writes it
        everything = {**docs[0], "games": [d["games"][0] for d in docs]}
        app = make_app(second)  # a fresh store (PostgreSQL: this run's schema emptied)
        try:
            fresh = TestApp(app)
            answer = fresh.post_json("/api/import", everything, status=201).json
            assert [g["outcome"] for g in answer["games"]] == ["created"] * len(plan)
            tokens = {g["id"]: g["edit_token"] for g in answer["games"]}
            for game_id, before in views.items():
                auth = {"Authorization": f"Bearer {tokens[game_id]}"}
                after = fresh.get(f"/api/games/{game_id}", headers=auth).json
                assert same_view(before, after)
            count = stored(app)
            again = fresh.post_json("/api/import", everything, status=200).json
            assert [g["outcome"] for g in again["games"]] == ["unchanged"] * len(plan)
            assert stored(app) == count
        finally:
            close_pool(app)
