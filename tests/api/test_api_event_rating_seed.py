"""An event of a crew's players seeded "rating" (docs/tournaments.md "Seeding"):
at the start the teams go in order of their chance against an average pair of the crew,
strongest first; level chances keep the listed order.

The crew is test_api_crew_ratings.py's golden one: Ann and Cy won game 1, Bob and Di game 2,
worked by hand there: Bob + Di's chance against an average pair 0.5180, Ann + Cy's 0.4820.
Every rated player has played the same two games, so the crew's average is mu 25 (each
game's update is zero-sum between sides of equal sigma) and sigma 8.034052; a pair of new
players (mu 25, sigma 25/3) against it: Phi((50 - 50) / c) = 0.5 exactly, whoever they are.
Listed: Ann & Cy, Eve & Flo (Eve on the crew's list with no game, Flo not on it), Gus & Hal
(strangers), Bob & Di. Seeded: Bob & Di 0.5180, Eve & Flo 0.5 and Gus & Hal 0.5 (level:
as listed), Ann & Cy 0.4820. A 4-team single elimination then plays 1 v 4 and 2 v 3.
"""

from helpers.apitest import Table
from helpers.crew_ratings import golden_with_eve, ratings
from helpers.eventtest import Director
from helpers.rating_seed import LISTED, event_body

from api.store.db import flask_db
from api.store.events import Event


def test_an_event_seeded_by_rating_puts_the_strongest_pair_first(client):
    crew = golden_with_eve(client)
    chances = {
        "+".join(sorted(p["names"])): p["chance"] for p in ratings(crew).json["partnerships"]
    }
    assert chances == {"Ann+Cy": 0.482, "Bob+Di": 0.518}  # the worked numbers

    director = Director(client, teams=0, seeding="rating", crew_token=crew.token, **event_body())
    assert director.created["seeding"] == "rating"
    assert director.created["crew_id"] == crew.id
    assert "crew_token" not in director.created
    for team in LISTED:
        director.post("/teams", team, status=201)
    ids = {t["name"]: t["id"] for t in director.view()["teams"]}
    for team_id in ids.values():
        director.post(f"/teams/{team_id}/check-in")
    view = director.start()
    seeded = sorted((t["seed"], t["name"]) for t in view["teams"])
    assert seeded == [(1, "Bob & Di"), (2, "Eve & Flo"), (3, "Gus & Hal"), (4, "Ann & Cy")]
    first_round = sorted(sorted(m["teams"]) for m in view["matches"] if m["round"] == 1)
    assert first_round == sorted(
        [sorted([ids["Bob & Di"], ids["Ann & Cy"]]), sorted([ids["Eve & Flo"], ids["Gus & Hal"]])]
    )


def test_seeding_by_rating_needs_a_crew_and_its_token(app, client):
    """422 NO_CREW without a crew, 403 WRONG_TOKEN with a token that opens no crew (a game's
    edit token here); nothing is stored either way. A listed event changed to rating later
    is refused the same way, and keeps its seeding."""
    game = Table(client)
    refused = client.post_json(
        "/api/events", event_body(seeding="rating", teams=LISTED), status=422
    ).json
    assert refused["rule_code"] == "NO_CREW" and "rating" in refused["message"]
    wrong = client.post_json(
        "/api/events", event_body(seeding="rating", crew_token=game.token), status=403
    ).json
    assert wrong["rule_code"] == "WRONG_TOKEN" and "crew" in wrong["message"]
    with app.app_context(), flask_db.database.connection_context():
        assert Event.select().count() == 0
    listed = Director(client, teams=4, **event_body())
    patched = client.patch_json(
        listed.url, {"seeding": "rating"}, headers=listed.auth, status=422
    ).json
    assert patched["rule_code"] == "NO_CREW"
    assert listed.view()["seeding"] == "listed" and listed.view()["crew_id"] is None
