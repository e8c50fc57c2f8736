"""A crew's players split into flights A and B by rating (docs/crews.md "Flights"):
A the top half by the rating shown, B the rest, the middle player of an odd number in A,
level ratings by name; a player with no rated game at 0.

The crew is test_api_crew_ratings.py's golden one (worked there by hand: Bob and Di 1.28,
Ann and Cy 0.51) with Eve, who has played no game (0.0).
"""

import uuid

from helpers.crew_ratings import decided, golden_with_eve
from helpers.crews import NAMES, Crew


def flights(crew, status=200, players=(), **headers):
    """GET the crew's flights (of `players`, names, when given)."""
    query = [("player", crew.ids[name]) for name in players]
    return crew.client.get(
        f"{crew.url}/flights", query, headers={**crew.auth, **headers}, status=status
    )


def names(body):
    return [p["name"] for p in body["a"]], [p["name"] for p in body["b"]]


def test_flights_split_the_crew_by_rating(client):
    crew = golden_with_eve(client)
    everybody = flights(crew)
    assert names(everybody.json) == (["Bob", "Di", "Ann"], ["Cy", "Eve"])  # 5: 3 in A
    assert [p["rating"] for p in everybody.json["a"] + everybody.json["b"]] == [
        1.28,
        1.28,
        0.51,
        0.51,
        0.0,
    ]
    assert everybody.json["b"][1] == {
        "id": crew.ids["Eve"],
        "name": "Eve",
        "rating": 0.0,
        "games": 0,
        "provisional": True,
    }
    assert everybody.json["provisional_games"] == 5  # as the ratings' answer says it
    here = flights(crew, players=("Eve", "Cy", "Di", "Ann"))
    assert names(here.json) == (["Di", "Ann"], ["Cy", "Eve"])
    # unchanged: 304; a game later the ratings, and so the flights, move on
    flights(crew, status=304, **{"If-None-Match": everybody.headers["ETag"]})
    decided(client, crew, 1)  # Bob and Di again
    moved = flights(crew, **{"If-None-Match": everybody.headers["ETag"]})
    assert moved.json["a"][0]["rating"] > 1.28


def test_flights_refuse_a_stranger_and_take_one_player(client):
    crew = Crew(client)
    for name in NAMES:
        crew.player(name)
    alone = flights(crew, players=("Ann",)).json
    assert names(alone) == (["Ann"], [])  # one player: the middle one, in A
    unknown = crew.client.get(
        f"{crew.url}/flights",
        [("player", crew.ids["Ann"]), ("player", str(uuid.uuid4()))],
        headers=crew.auth,
        status=422,
    ).json
    assert unknown["rule_code"] == "NOT_ON_ROSTER" and "list" in unknown["message"]
    doc = client.get("/api/openapi.json").json
    operation = doc["paths"]["/api/crews/{crew_id}/flights"]["get"]
    assert operation["operationId"] == "getCrewFlights"
    assert operation["security"] == [{"crewToken": []}]
