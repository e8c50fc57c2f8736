"""Hypothesis properties of a crew's export and import: on random
crews (a roster, games with random seats, a carried-over score, an edited past hand), the
crew's export imported into a fresh store gives back the same games, hand for hand, and the
same statistics (every filter-free number, streaks included); importing it twice changes
nothing. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""

import tempfile
import uuid
from pathlib import Path

from helpers.apitest import TestApp, close_pool, make_app
from helpers.export_play import VIEW_KEYS, games, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.store.crews import Crew, CrewGame, CrewPlayer
from api.store.db import flask_db
from api.store.games import Game, Hand

ROSTER = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
# Who sat where: each seat a roster index or None (empty), no one twice (checked below).
seatings = st.lists(
    st.lists(st.one_of(st.none(), st.integers(0, len(ROSTER) - 1)), min_size=4, max_size=4).map(
        lambda seats: [s if s is None or seats.index(s) == i else None for i, s in enumerate(seats)]
    ),
    min_size=3,
    max_size=3,
)


def stored(app):
    """Everything a crew import may write, counted."""
    with flask_db.database.connection_context():
        return tuple(m.select().count() for m in (Game, Hand, Crew, CrewPlayer, CrewGame))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seatings, st.integers(2, len(ROSTER)))
def test_crew_export_then_import_gives_back_games_and_statistics_and_twice_changes_nothing(
    plan, seatings, size
):
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp, "a"), Path(tmp, "b")
        first.mkdir(), second.mkdir()
        app = make_app(first)
        client = TestApp(app)
        crew = client.post_json("/api/crews", {"name": "Thursday table"}, status=201).json
        url, auth = f"/api/crews/{crew['id']}", {"Authorization": f"Bearer {crew['token']}"}
        ids = [str(uuid.uuid4()) for _ in range(size)]
        for player_id, name in zip(ids, ROSTER, strict=False):
            client.post_json(f"{url}/players", {"id": player_id, "name": name}, headers=auth)
        tables = []
        for game, seats in zip(plan, seatings, strict=False):
            table = play(client, *game)
            named = [None if s is None or s >= size else ids[s] for s in seats]
            client.put_json(
                f"{url}/games/{table.id}",
                {"game_token": table.token, "seats": named},
                headers=auth,
                status=201,
            )
            tables.append(table)
        views = {t.id: t.get().json for t in tables}
        stats = client.get(f"{url}/stats", headers=auth).json
        roster = client.get(url, headers=auth).json
        doc = client.get(f"{url}/export", headers=auth).json
        close_pool(app)
        app = make_app(second)  # a fresh store (PostgreSQL: this run's schema emptied)
        try:
            fresh = TestApp(app)
            answer = fresh.post_json("/api/import", doc, status=201).json
            assert answer["crew"]["outcome"] == "created"
            assert [g["outcome"] for g in answer["games"]] == ["created"] * len(tables)
            token = {"Authorization": f"Bearer {answer['crew']['token']}"}
            tokens = {g["id"]: g["edit_token"] for g in answer["games"]}
            for game_id, before in views.items():
                game_auth = {"Authorization": f"Bearer {tokens[game_id]}"}
                after = fresh.get(f"/api/games/{game_id}", headers=game_auth).json
                assert all(before[k] == after[k] for k in VIEW_KEYS)  # hand for hand
            assert fresh.get(url, headers=token).json == roster  # roster, games, seats
            assert fresh.get(f"{url}/stats", headers=token).json == stats
            count = stored(app)
            again = fresh.post_json("/api/import", doc, status=200).json
            assert again["crew"]["outcome"] == "unchanged"
            assert [g["outcome"] for g in again["games"]] == ["unchanged"] * len(tables)
            assert stored(app) == count
            assert fresh.get(f"{url}/stats", headers=token).json == stats
        finally:
            close_pool(app)
