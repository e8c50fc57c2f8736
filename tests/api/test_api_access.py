"""Access, generated from the OpenAPI document: every operation against no token, another
game's edit token, the share token and the right token. A share token never changes anything."""

import pytest
from helpers.apitest import Table, close_pool, made, make_app

# A valid request body per operation; a new operation in the document fails the test below
# until it gets one here.
BODIES = {
    ("post", "/api/games"): {"ruleset": "straight-42", "first_dealer": 0},
    ("post", "/api/games/{game_id}/hands"): {"hand_no": 2, **made(bidder=2)},
    ("put", "/api/games/{game_id}/hands/{hand_no}"): made(bidder=1, captured=40),
    ("post", "/api/games/{game_id}/share"): {"action": "rotate"},
    ("put", "/api/games/{game_id}/first-dealer"): {"first_dealer": 1},
    ("post", "/api/games/{game_id}/set-aside/restore"): None,  # no body
    ("post", "/api/matches"): {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2},
    ("post", "/api/matches/{match_id}/games"): {"game_no": 1},  # game 1 exists: returned
    ("post", "/api/import"): {
        "format": "tally42-export",
        "version": 1,
        "games": [
            {
                "id": "0b5a6c1e-4f7d-4c1a-9d1e-2a3b4c5d6e7f",
                "ruleset": "straight-42",
                "teams": [{"name": "Us"}, {"name": "Them"}],
                "first_dealer": 0,
                "hands": [{"hand_no": 1, "hand": made()}],
            }
        ],
    },
    ("post", "/api/crews"): {"name": "Thursday table"},
    ("patch", "/api/crews/{crew_id}"): {"name": "Friday table"},
    ("post", "/api/crews/{crew_id}/players"): {
        "id": "00000000-0000-4000-8000-000000000002",
        "name": "Bob",
    },
    ("patch", "/api/crews/{crew_id}/players/{player_id}"): {"name": "Annie"},
    # the game's edit token goes in the body: call() fills it in
    ("put", "/api/crews/{crew_id}/games/{game_id}"): {"seats": [None] * 4},
    ("put", "/api/games/{game_id}/seats"): {"seats": [None] * 4},
}
# What the right token gets where the game below has nothing for the operation to act on.
RIGHT_STATUS = {
    ("post", "/api/games/{game_id}/set-aside/restore"): 409,  # nothing set aside
    ("put", "/api/games/{game_id}/seats"): 409,  # the game is in no crew
    ("put", "/api/games/{game_id}/first-dealer"): 409,  # the game has a hand
}
# Operations anyone may call (the share token is in the path, not in Authorization).
PUBLIC = {
    ("get", "/api/rulesets"),
    ("get", "/api/rulesets/{ruleset_id}"),
    ("post", "/api/games"),
    ("get", "/api/share/{token}"),
    ("post", "/api/matches"),
    ("get", "/api/share/{token}/events"),
    ("post", "/api/import"),
    ("post", "/api/crews"),
    ("get", "/api/live/health"),
}
EXPECTED = {"none": 401, "other": 403, "share": 403}
# The tournament routes take other tokens (director, table, public): test_api_event_access.py
# checks every one of them the same way, and test_api_party.py the progressive parties'.
EVENT_PATHS = ("/api/events", "/api/e/", "/api/parties")
# A crew's seasons need a season made with the crew's roster first: test_api_leagues.py checks
# every season route against each token the same way.
SEASON_PATHS = "/seasons"


def operations(app):
    """Every (method, path template, needs edit token) in the OpenAPI document."""
    doc = app.test_client().get("/api/openapi.json").get_json()
    found = []
    for path, item in doc["paths"].items():
        if path.startswith(EVENT_PATHS):  # director, table and public tokens: their own file
            continue
        if SEASON_PATHS in path:
            continue
        for method, operation in item.items():
            if method == "parameters":
                continue
            found.append((method, path, "security" in operation))
    return found


def pytest_generate_tests(metafunc):
    """One test per operation x credential, from the live OpenAPI document."""
    if "operation" in metafunc.fixturenames:
        import tempfile
        from pathlib import Path

        with tempfile.TemporaryDirectory() as tmp:
            app = make_app(Path(tmp))
            ops = operations(app)
            close_pool(app)
        metafunc.parametrize("operation", ops, ids=[f"{m.upper()} {p}" for m, p, _ in ops])


def call(table, method, path, credential, other):
    """Call one operation on `table`'s game with a credential; returns the response."""
    url = (
        path.replace("{game_id}", table.id)
        .replace("{hand_no}", "1")
        .replace("{ruleset_id}", "straight-42")
        .replace("{token}", table.share_token)
    )
    right = table.token
    if "{match_id}" in path:  # a match's route: the right token is that match's own
        match = table.client.post_json("/api/matches", BODIES[("post", "/api/matches")]).json
        url, right = url.replace("{match_id}", match["id"]), match["edit_token"]
    body = BODIES.get((method, path))
    if "{crew_id}" in path:  # a crew's route: the right token is the crew's own (docs/crews.md)
        url, right, body = crew_route(table, url, body)
    token = {"none": None, "other": other.token, "share": table.share_token, "right": right}[
        credential
    ]
    headers = {"Idempotency-Key": f"access-{credential}", "If-Match": "*"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    kwargs = {"headers": headers, "expect_errors": True}
    if body is not None:
        return getattr(table.client, f"{method}_json")(url, body, **kwargs)
    return getattr(table.client, method)(url, **kwargs)


def crew_route(table, url, body):
    """(url, crew token, body) for a crew route: a new crew, with `table`'s game in it and one
    player (PLAYER), so every route has something to act on."""
    client = table.client
    crew = client.post_json("/api/crews", {"name": "Thursday table"}).json
    auth = {"Authorization": f"Bearer {crew['token']}"}
    client.post_json(
        f"/api/crews/{crew['id']}/players", {"id": PLAYER, "name": "Ann"}, headers=auth
    )
    client.put_json(
        f"/api/crews/{crew['id']}/games/{table.id}",
        {"game_token": table.token, "seats": [None] * 4},
        headers=auth,
    )
    if body is not None and "seats" in body and "/api/crews/" in url:
        body = {**body, "game_token": table.token}
    url = url.replace("{crew_id}", crew["id"]).replace("{player_id}", PLAYER)
    return url, crew["token"], body


PLAYER = "00000000-0000-4000-8000-000000000001"


def snapshot(table):
    """Everything about the game an edit could change."""
    game = table.get().json
    return game, table.client.get(f"/api/share/{game['share_token']}").json


@pytest.mark.parametrize("credential", ["none", "other", "share", "right"])
def test_every_operation_by_credential(client, operation, credential):
    method, path, secured = operation
    assert secured == ((method, path) not in PUBLIC), "security not documented"
    needs_body = method in ("post", "put")
    assert not needs_body or (method, path) in BODIES, f"add a body for {method} {path}"
    table, other = Table(client), Table(client)
    table.hand(1, **made())
    before = snapshot(table)
    response = call(table, method, path, credential, other)
    if (method, path) in RIGHT_STATUS and credential == "right":
        assert response.status_int == RIGHT_STATUS[(method, path)], response
    elif not secured or credential == "right":
        assert 200 <= response.status_int < 300, response
    else:
        assert response.status_int == EXPECTED[credential], response
        assert response.json["code"] == EXPECTED[credential]
    if credential != "right":
        assert snapshot(table) == before  # only the edit token changes a game
