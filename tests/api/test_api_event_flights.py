"""An event of a crew's players split into an A flight and a B flight by the crew's
ratings before it starts (docs/tournaments.md "Flights").

The crew is test_api_crew_ratings.py's golden one, as test_api_event_rating_seed.py uses it
(worked by hand there): Bob + Di's chance against an average pair 0.5180, Ann + Cy's 0.4820,
and any pair of players new to the crew's ratings (Eve has played no game; Flo, Gus, Hal, Jo
and Kay are not on the list) exactly 0.5. Listed: Ann & Cy, Eve & Flo, Gus & Hal, Bob & Di,
Jo & Kay. By chance: Bob & Di 0.5180, then Eve & Flo, Gus & Hal, Jo & Kay level at 0.5 (as
listed), then Ann & Cy 0.4820. Five teams: A keeps three (Bob & Di, Eve & Flo, Gus & Hal),
B gets Jo & Kay and Ann & Cy.
"""

import uuid

from helpers.apitest import Table
from helpers.crew_ratings import golden_with_eve
from helpers.crews import Crew
from helpers.eventtest import Director
from helpers.rating_seed import LISTED, event_body

from api.store.db import flask_db
from api.store.events import Event, Team

FIVE = [*LISTED, {"name": "Jo & Kay", "players": ["Jo", "Kay"]}]


def split(director, token, status=201):
    """POST the event's flights with the crew's `token`."""
    return director.post("/flights", {"crew_token": token}, status=status)


def team_names(view):
    return [t["name"] for t in view["teams"]]


def stored(app):
    """Every event's name and its teams' names, as the store holds them."""
    with app.app_context(), flask_db.database.connection_context():
        return sorted(
            (e.name, sorted(t.name for t in Team.select().where(Team.event == e.id)))
            for e in Event.select()
        )


def test_an_event_split_into_flights_by_the_crews_ratings(client):
    crew = golden_with_eve(client)
    director = Director(client, teams=FIVE, seeding="listed", crew_token=crew.token, **event_body())
    checked = director.team_ids()["Ann & Cy"]
    director.post(f"/teams/{checked}/check-in")
    answer = split(director, crew.token).json

    a, b = answer["a"], answer["b"]
    assert a["id"] == director.id and a["name"] == "Thursday ladder, A flight"
    assert team_names(a) == ["Eve & Flo", "Gus & Hal", "Bob & Di"]  # listed order kept
    assert b["name"] == "Thursday ladder, B flight" and b["id"] != director.id
    assert team_names(b) == ["Ann & Cy", "Jo & Kay"]
    assert [t.get("checked_in_at") is not None for t in b["teams"]] == [True, False]
    for key in ("format", "first_to", "tables", "seeding", "crew_id", "ruleset", "date"):
        assert b[key] == a[key], key
    assert b["crew_id"] == crew.id and b["first_to"] == [1] and b["tables"] == 2
    assert b["started_at"] is None

    # the new event's tokens, shown once, open it: the director's runs it, the public reads
    second = {"Authorization": f"Bearer {b['director_token']}"}
    assert client.get(f"/api/events/{b['id']}", headers=second).json["name"] == b["name"]
    assert client.get(f"/api/e/{b['public_token']}").json["id"] == b["id"]
    assert b["public_url"].endswith(f"/api/e/{b['public_token']}")
    assert "director_token" not in a
    # this event's director no longer reaches the teams gone to B
    moved = b["teams"][1]["id"]
    refused = director.post(f"/teams/{moved}/check-in", status=404).json
    assert refused["rule_code"] == "NOT_FOUND"


def test_an_even_count_splits_in_half_and_each_flight_starts(client):
    crew = golden_with_eve(client)
    director = Director(
        client, teams=LISTED, seeding="rating", crew_token=crew.token, **event_body()
    )
    answer = split(director, crew.token).json
    assert team_names(answer["a"]) == ["Eve & Flo", "Bob & Di"]
    assert team_names(answer["b"]) == ["Ann & Cy", "Gus & Hal"]
    for team in answer["a"]["teams"]:
        director.post(f"/teams/{team['id']}/check-in")
    started = director.start()
    assert sorted((t["seed"], t["name"]) for t in started["teams"]) == [
        (1, "Bob & Di"),
        (2, "Eve & Flo"),
    ]
    second = {"Authorization": f"Bearer {answer['b']['director_token']}"}
    url = f"/api/events/{answer['b']['id']}"
    for team in answer["b"]["teams"]:
        client.post_json(f"{url}/teams/{team['id']}/check-in", None, headers=second)
    view = client.post_json(f"{url}/start", None, headers=second).json
    assert sorted((t["seed"], t["name"]) for t in view["teams"]) == [
        (1, "Gus & Hal"),  # 0.5 against Ann & Cy's 0.4820
        (2, "Ann & Cy"),
    ]
    # started: no second split
    refused = split(director, crew.token, status=409).json
    assert refused["rule_code"] == "EVENT_STARTED" and "started" in refused["message"]


def test_a_split_is_refused_in_a_directors_words_and_stores_nothing(app, client):
    crew = golden_with_eve(client)
    other = Crew(client, name="Friday table")
    game = Table(client)
    director = Director(client, teams=FIVE, crew_token=crew.token, **event_body())
    three = Director(client, teams=LISTED[:3], crew_token=crew.token, **event_body(name="Trio"))
    plain = Director(client, teams=FIVE, **event_body(name="No crew"))
    long_name = "L" * 75
    lengthy = Director(client, teams=FIVE, crew_token=crew.token, **event_body(name=long_name))
    before = stored(app)

    cases = [
        (plain, crew.token, 409, "NO_CREW", "not made for a crew"),
        (director, other.token, 403, "WRONG_TOKEN", "another crew's token"),
        (director, game.token, 403, "WRONG_TOKEN", "not a crew's token"),
        (director, "x" * 43, 403, "WRONG_TOKEN", "not a crew's token"),
        (three, crew.token, 409, "TOO_FEW_TEAMS", "Trio has 3 teams"),
        (lengthy, crew.token, 409, "NAME_TOO_LONG", "too long"),
    ]
    for who, token, status, code, words in cases:
        refused = split(who, token, status=status).json
        assert refused["rule_code"] == code, code
        assert words in refused["message"], refused["message"]
        assert "crew_token" not in refused["message"]
    empty = director.post("/flights", {}, status=422).json
    assert empty["rule_code"] and "crew_token" in empty["errors"]["json"]
    missing = client.post_json(
        f"/api/events/{uuid.uuid4()}/flights",
        {"crew_token": crew.token},
        headers=director.auth,
        expect_errors=True,
    )
    assert missing.status_int in (403, 404)
    assert stored(app) == before  # nothing changed anywhere


def test_the_split_is_documented(client):
    doc = client.get("/api/openapi.json").json
    operation = doc["paths"]["/api/events/{event_id}/flights"]["post"]
    assert operation["operationId"] == "splitEventIntoFlights"
    assert operation["security"] == [{"directorToken": []}]
    assert {"201", "403", "409"} <= set(operation["responses"])
