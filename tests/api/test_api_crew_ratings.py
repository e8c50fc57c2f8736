"""A crew's ratings through the API, and a rating that changes when a
past hand is edited (docs/crews.md "Ratings").

The games are tests/stats/test_ratings_golden.py's, played through table links: Ann and Cy
(seats 1 and 3) against Bob and Di, straight-42 carried over from paper at 6 to 6, so one
hand decides each game (docs/rules.md 9: first to 7 marks). The numbers are worked by hand
there from Plackett-Luce's formulas:
  game 1 Ann makes 30 (Ann and Cy win), game 2 Bob makes 30 (Bob and Di win):
    Ann, Cy 0.51 after both (2.43 after game 1); Bob, Di 1.28 (-1.50 after game 1);
    Ann + Cy's chance against an average pair 0.4820, Bob + Di's 0.5180.
After game 1's hand is edited to Ann's 30 set (Bob and Di win game 1 too), by the same steps:
    game 1 as before with the sides swapped: Bob, Di mu 26.964295, Ann, Cy 23.035705;
    game 2: M = 53.928589 (Bob + Di, the winners), 46.071411; c = 17.385807 as before;
      p(Bob + Di) = 22.239597 / 36.392839 = 0.611098, Omega = 0.388902 * 133.772034 /
      17.385807 = 2.992337, so mu = 26.964295 + 1.496168 = 28.460463 (Bob, Di) and
      23.035705 - 1.496168 = 21.539537 (Ann, Cy); s = 8.034052 as before (delta is the same)
    shown: 28.460463 - 24.102157 = 4.36 (Bob, Di); 21.539537 - 24.102157 = -2.56 (Ann, Cy)
    Bob + Di's chance: Phi((56.920926 - 50) / 17.114503) = Phi(0.404390) = 0.6570.
"""

import pytest
from helpers.apitest import Table, made
from helpers.crew_ratings import ANN, BOB, CY, DI, by_name, decided, ratings
from helpers.crews import NAMES, Crew, edit

from api.crews import ratings as replay_module
from api.schemas.crews import CrewRatingsOut
from api.store import games as game_rows
from api.store.db import flask_db
from api.store.games import Game


def chances(body):
    """Each partnership's chance, by its names."""
    return {"+".join(sorted(p["names"])): p["chance"] for p in body["partnerships"]}


@pytest.fixture
def crew(client):
    """The crew with the two golden games played."""
    crew = Crew(client)
    for name in NAMES:
        crew.player(name)
    crew.tables = (decided(client, crew, 0), decided(client, crew, 1))
    return crew


def test_the_golden_ratings_through_the_api(crew):
    body = ratings(crew).json
    players = by_name(body)
    assert {n: p["rating"] for n, p in players.items()} == {
        ANN: 0.51,
        CY: 0.51,
        BOB: 1.28,
        DI: 1.28,
    }
    assert [p["rating"] for p in players[ANN]["history"]] == [2.43, 0.51]
    assert [p["rating"] for p in players[BOB]["history"]] == [-1.5, 1.28]
    assert [p["name"] for p in body["players"]][:2] in ([BOB, DI], [DI, BOB])  # highest first
    assert chances(body) == {f"{ANN}+{CY}": 0.482, f"{BOB}+{DI}": 0.518}
    assert {(p["career"], p["games"], p["provisional"]) for p in body["players"]} == {(2, 2, True)}
    assert [g["id"] for g in body["rated_games"]] == [t.id for t in crew.tables]
    assert body["provisional_games"] == 5


def test_a_rating_changes_when_a_past_hand_is_edited(crew):
    """Ratings are replayed from the hand logs, so editing game 1's only hand (Ann's
    30 made becomes set: Bob and Di win it) re-rates game 1 and every game after it."""
    first = ratings(crew)
    edit(crew.tables[0], 1, **made(bidder=0, bid=30, captured=20))
    assert crew.tables[0].get().json["winner"] == 1
    # the old ETag no longer matches: the answer is the re-rated crew
    body = ratings(crew, **{"If-None-Match": first.headers["ETag"]}).json
    players = by_name(body)
    assert {n: p["rating"] for n, p in players.items()} == {
        ANN: -2.56,
        CY: -2.56,
        BOB: 4.36,
        DI: 4.36,
    }
    assert [p["rating"] for p in players[BOB]["history"]] == [2.43, 4.36]
    assert chances(body) == {f"{ANN}+{CY}": 0.343, f"{BOB}+{DI}": 0.657}
    assert (players[BOB]["career"], players[ANN]["career"]) == (4, 0)


def test_an_edit_stamped_at_the_same_instant_still_re_rates(crew, monkeypatch):
    """A worker's kept replay is compared game by game with what the store holds now: by each
    game's revision, never its last change's time (two servers' clocks differ, and a coarse
    or stopped clock stamps two writes alike). Game 1's edit, stamped at the very instant of
    its first hand, still re-rates the crew: Bob and Di 4.36, as above."""
    with crew.client.app.app_context(), flask_db.database.connection_context():
        stamped = Game.get_by_id(crew.tables[0].id).updated_at
    monkeypatch.setattr(game_rows, "utcnow", lambda: stamped)
    ratings(crew)  # this worker keeps the replay of games 1 and 2
    edit(crew.tables[0], 1, **made(bidder=0, bid=30, captured=20))
    replay_module._RESULTS.clear()  # the answer is made again from the kept replay
    assert by_name(ratings(crew).json)[BOB]["rating"] == 4.36


def test_going_on_from_a_kept_replay_gives_what_a_replay_from_nothing_gives(client, crew):
    """A worker keeps its last replay of a crew and replays only the games after it when
    those before are unchanged (api/crews/ratings.py): the answer must equal a replay of the
    whole history from nothing, whichever way the history changed."""
    ratings(crew)  # kept: games 1 and 2
    in_play = Table(client, start_totals=[6, 6])
    crew.attach(in_play, NAMES)
    ratings(crew)  # kept through game 2: game 3 is not over
    third = decided(client, crew, 1)  # game 4, finished after game 3 started
    in_play.hand(1, **made(bidder=2, bid=30, captured=35))  # game 3 ends: Ann and Cy win
    for change in (None, lambda: decided(client, crew, 0), lambda: edit(third, 1, **made())):
        if change:
            change()
        going_on = ratings(crew).json
        replay_module._REPLAYS.clear()
        replay_module._RESULTS.clear()
        assert ratings(crew).json == going_on
    assert len(going_on["rated_games"]) == 5


def test_an_unchanged_crew_answers_304(crew):
    first = ratings(crew)
    ratings(crew, status=304, **{"If-None-Match": first.headers["ETag"]})
    stats_etag = crew.stats().headers["ETag"]
    assert stats_etag != first.headers["ETag"]  # two resources, two tags


def test_a_stranger_at_the_table_is_not_rated(client, crew):
    """docs/crews.md "Ratings": a game with a seat naming nobody moves no rating, but its
    winners still earn career points."""
    before = by_name(ratings(crew).json)
    table = Table(client, start_totals=[6, 6])
    crew.attach(table, (ANN, BOB, CY, None))
    table.hand(1, **made(bidder=0, bid=30, captured=35))
    after = by_name(ratings(crew).json)
    assert after[ANN]["rating"] == before[ANN]["rating"]
    assert after[ANN]["career"] == before[ANN]["career"] + 2
    assert after[DI]["career"] == before[DI]["career"]


def test_a_crew_with_no_games_has_no_ratings(client):
    crew = Crew(client)
    crew.player(ANN)
    body = ratings(crew).json
    assert (body["players"], body["partnerships"], body["rated_games"]) == ([], [], [])
    assert body["average"] == {"mu": 25.0, "sigma": 8.3333}


def test_the_answer_is_exactly_what_its_schema_documents(client, crew):
    """The route writes the service's answer without the schema's dump (it is slow for a big
    club), so the answer must already be the schema's shape: dumping it changes nothing."""
    table = Table(client, start_totals=[6, 6])
    crew.attach(table, (ANN, BOB, CY, None))
    table.hand(1, **made(bidder=0, bid=30, captured=35))
    body = ratings(crew).json
    assert CrewRatingsOut().dump(body) == body
    assert CrewRatingsOut().validate(body) == {}


def test_the_ratings_route_is_in_the_openapi_document(client):
    doc = client.get("/api/openapi.json").json
    operation = doc["paths"]["/api/crews/{crew_id}/ratings"]["get"]
    assert operation["operationId"] == "getCrewRatings"
    assert operation["security"] == [{"crewToken": []}]
    assert "CrewRatingsOut" in str(operation["responses"]["200"])
