"""The statistics of a crew equal the sum over its games, through the
API and the store (SQLite and, with TEST_DATABASE_URL, PostgreSQL), not only in stats/.

Each random game (carried-over scores, an edited past hand) is played twice with the same
hands: once in the crew of all the games, once in a crew of its own with the same names in
the same seats. Every count of the big crew (the crew line and each player's, by name) is
the sum of the small crews' counts; only the percentages and streaks are not sums
(docs/crews.md, "Always a sum")."""

import uuid

import pytest
from helpers.apitest import TestApp, close_pool, make_app
from helpers.export_play import games, play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# A failing property's report touches mypy_extensions.TypedDict; its DeprecationWarning (an
# error here) would hide the failure (as tests/stats/conftest.py says).
pytestmark = pytest.mark.filterwarnings(
    "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning"
)
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
NOT_SUMS = ("win_pct", "made_pct", "streaks")
seatings = st.lists(
    st.lists(st.one_of(st.none(), st.sampled_from(NAMES)), min_size=4, max_size=4).map(
        lambda seats: [s if s is None or seats.index(s) == i else None for i, s in enumerate(seats)]
    ),
    min_size=3,
    max_size=3,
)


def counts(line):
    """The additive numbers of a statistics line, flattened: {"by_level.30-34.bids": 2, ...}."""
    flat = {}
    for key, value in line.items():
        if key in NOT_SUMS or key in ("id", "name"):
            continue
        if isinstance(value, dict):
            flat.update({f"{key}.{k}": v for k, v in counts(value).items()})
        elif isinstance(value, int) and not isinstance(value, bool):
            flat[key] = value
    return flat


def add(total, line):
    """Add a flattened line into `total`."""
    for key, value in line.items():
        total[key] = total.get(key, 0) + value


class Crew:
    """A crew with the roster NAMES (its own player ids)."""

    def __init__(self, client):
        self.client = client
        made = client.post_json("/api/crews", {"name": "Thursday table"}, status=201).json
        self.url, self.auth = (
            f"/api/crews/{made['id']}",
            {"Authorization": f"Bearer {made['token']}"},
        )
        self.ids = {}
        for name in NAMES:
            self.ids[name] = str(uuid.uuid4())
            client.post_json(
                f"{self.url}/players", {"id": self.ids[name], "name": name}, headers=self.auth
            )

    def attach(self, table, seats):
        self.client.put_json(
            f"{self.url}/games/{table.id}",
            {"game_token": table.token, "seats": [s and self.ids[s] for s in seats]},
            headers=self.auth,
            status=201,
        )

    def stats(self):
        return self.client.get(f"{self.url}/stats", headers=self.auth).json


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, seatings)
def test_a_crews_statistics_are_the_sum_over_its_games(tmp_path_factory, plan, seatings):
    app = make_app(tmp_path_factory.mktemp("sum"))
    try:
        client = TestApp(app)
        everything, alone = Crew(client), []
        for game, seats in zip(plan, seatings, strict=False):
            everything.attach(play(client, *game), seats)
            own = Crew(client)
            own.attach(play(client, *game), seats)  # the same hands, in a crew of its own
            alone.append(own.stats())
        whole = everything.stats()
        crew_total, players_total = {}, {}
        for part in alone:
            add(crew_total, counts(part["crew"]))
            for player in part["players"]:
                add(players_total.setdefault(player["name"], {}), counts(player))
        assert {"hands", "bids", "made", "sets_suffered", "forced.bids"} <= set(crew_total)
        assert counts(whole["crew"]) == crew_total
        assert whole["games"] == sum(part["games"] for part in alone)
        assert {p["name"]: counts(p) for p in whole["players"]} == players_total
    finally:
        close_pool(app)
