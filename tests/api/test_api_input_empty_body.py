"""A request body, required or not, as the OpenAPI document says: walked over every operation
that takes one. An empty body was read as `{}`, so a route of optional fields (a team's PATCH)
took none where the document said one is required (api/core/blueprint.py)."""

from helpers.apitest import Table
from helpers.event_clock import started
from helpers.event_exports import MOMENT
from helpers.leagues import League

# The token each security scheme of the document names, and each path parameter's value: the
# world below fills them in.
SCHEMES = {
    "editToken": "game",
    "directorToken": "director",
    "tableLink": "director",
    "crewToken": "crew",
    "partyDirector": "party",
}


def world(client):
    """(tokens by owner, path parameters): a game with a hand, a match, a started event with
    the round clock on, a crew with a player and a season, a progressive party."""
    table = Table(client)
    table.hand(1, bidder=1, bid=30, result={"captured": 31})
    match = client.post_json(
        "/api/matches", {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2}
    ).json
    director, _links, _games = started(client)
    league = League(client)
    player = next(iter(league.players.values()))
    season = league.post(league.base, league.body())
    party = client.post_json(
        "/api/parties", {"name": "Church social", "ruleset": "straight-42", "rounds": 4}
    ).json
    tokens = {
        "game": table.token,
        "match": match["edit_token"],
        "director": director.token,
        "crew": league.auth["Authorization"].split()[1],
        "party": party["director_token"],
    }
    params = {
        "game_id": table.id,
        "hand_no": "1",
        "match_id": match["id"],
        "event_id": director.id,
        "team_id": str(next(iter(director.team_ids().values()))),
        "bracket_id": "W1.1",
        "table": "1",
        "crew_id": league.crew,
        "player_id": player,
        "season_id": season["id"],
        "number": "1",
        "party_id": party["id"],
    }
    return tokens, params


def body_operations(doc):
    """(method, path, body required) of every operation whose document has a request body;
    the optional ones last (each of them writes)."""
    found = [
        (method, path, operation["requestBody"].get("required", False))
        for path, item in doc["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "requestBody" in operation
    ]
    return sorted(found, key=lambda op: not op[2])


def send_empty(client, doc, tokens, params, method, path):
    """The operation with its right token and no body at all."""
    operation = doc["paths"][path][method]
    scheme = next(iter(operation["security"][0])) if operation.get("security") else None
    token = tokens["match"] if "{match_id}" in path else tokens.get(SCHEMES.get(scheme))
    url = path
    for name, value in params.items():
        url = url.replace(f"{{{name}}}", value)
    headers = {"Idempotency-Key": "empty-body", "If-Match": "*"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return getattr(client, method)(url, headers=headers, expect_errors=True)


def stored(client, tokens, params):
    """The event's director view (less the moment it was read) and the game's ETag."""
    auth = {"Authorization": f"Bearer {tokens['director']}"}
    event = client.get(f"/api/events/{params['event_id']}", headers=auth).json
    event = {key: value for key, value in event.items() if key not in MOMENT}
    auth = {"Authorization": f"Bearer {tokens['game']}"}
    return event, client.get(f"/api/games/{params['game_id']}", headers=auth).etag


def test_every_body_the_document_requires_is_required_and_every_optional_one_optional(client):
    """OpenAPI `requestBody.required`: an empty body where it is required is a 422
    MISSING_BODY or MISSING_FIELD in words, never a 2xx or a 500, and nothing is stored;
    where it is optional (calling time, "We're seated"), an empty body works."""
    doc = client.get("/api/openapi.json").json
    tokens, params = world(client)
    operations = body_operations(doc)
    assert {(m, p) for m, p, required in operations if not required} == {
        ("post", "/api/events/{event_id}/tables/{table}/seated"),
        ("post", "/api/events/{event_id}/tables/{table}/time"),
        ("post", "/api/events/{event_id}/time"),
    }
    before = stored(client, tokens, params)
    wrong = []
    for number, (method, path, required) in enumerate(operations):
        if not required and operations[number - 1][2]:  # the required ones, all refused, came
            assert stored(client, tokens, params) == before  # first and stored nothing
        response = send_empty(client, doc, tokens, params, method, path)
        status, body = response.status_int, response.json
        if required:
            refused = status == 422 and body["rule_code"] in ("MISSING_BODY", "MISSING_FIELD")
            if not refused or "{" in body["message"]:
                wrong.append((method, path, status, body))
        elif not 200 <= status < 300:
            wrong.append((method, path, status, body))
    assert wrong == []
