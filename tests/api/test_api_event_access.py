"""Access to the tournament routes (docs/tournaments.md "Access"), generated from the
OpenAPI document like test_api_access.py: every event route against the director token, a
table token, a table's link and another table's, the public token, another event's director
token and no token. Only the director changes an event; a table token reaches its own match's
games and nothing else; a table's link (docs/tournaments.md "A table's link") reads its
table, signs and calls the director, and nothing else; the public link only reads."""

import uuid

import pytest
from helpers.apitest import Table, close_pool, make_app
from helpers.eventtest import TWO_MARKS, Director

EVENT_PATHS = ("/api/events", "/api/e/")
CREDENTIALS = ["director", "table", "table link", "other table link", "public", "other", "none"]
# A valid body per operation; a new event operation fails the test until it gets one here.
BODIES = {
    ("post", "/api/events"): {
        "name": "Club night",
        "ruleset": "straight-42",
        "format": "round-robin",
    },
    ("patch", "/api/events/{event_id}"): {"tables": 2},
    ("post", "/api/events/{event_id}/teams"): {"name": "Late Pair", "players": ["Al", "Bea"]},
    ("patch", "/api/events/{event_id}/teams/{team_id}"): {"players": ["Cy", "Dot"]},
    ("post", "/api/events/{event_id}/matches/{bracket_id}/forfeit"): {"team": 0},  # filled in
    ("post", "/api/events/{event_id}/matches/{bracket_id}/correction"): {"winner": 0},
    ("post", "/api/events/{event_id}/tables/{table}/sign-off"): {"game_id": None},  # filled in
    ("post", "/api/events/{event_id}/tables/{table}/seated"): {},  # both teams sat down
    ("post", "/api/events/{event_id}/tables/{table}/time"): {},  # time called (rules.md 36)
    ("post", "/api/events/{event_id}/time"): {},
    ("post", "/api/events/{event_id}/flights"): {"crew_token": "x" * 43},
}
# Routes acting on an event that has started (the others: one still taking entries).
RUNNING = {
    "/api/events/{event_id}",
    "/api/events/{event_id}/matches/{bracket_id}",
    "/api/events/{event_id}/matches/{bracket_id}/table-token",
    "/api/events/{event_id}/matches/{bracket_id}/forfeit",
    "/api/events/{event_id}/matches/{bracket_id}/correction",
    "/api/events/{event_id}/rounds/{number}/start",
    "/api/events/{event_id}/tables/{table}",
    "/api/events/{event_id}/tables/{table}/link",
    "/api/events/{event_id}/tables/{table}/sign-off",
    "/api/events/{event_id}/tables/{table}/call",
    "/api/events/{event_id}/tables/{table}/seated",
    "/api/events/{event_id}/tables/{table}/time",
    "/api/events/{event_id}/time",
}
# What the right token gets where the event has nothing for the operation to act on.
RIGHT_STATUS = {
    ("post", "/api/events/{event_id}/teams/{team_id}/drop"): 409,  # check-in is still open
    ("post", "/api/events/{event_id}/matches/{bracket_id}/correction"): 409,  # not played yet
    ("post", "/api/events/{event_id}/rounds/{number}/start"): 409,  # not played in rounds
    ("post", "/api/events/{event_id}/tables/{table}/sign-off"): 409,  # game 1 is not over
    ("post", "/api/events/{event_id}/flights"): 409,  # made for no crew
}
PUBLIC = {
    ("post", "/api/events"),
    ("get", "/api/e/{token}"),
    ("get", "/api/e/{token}/events"),
    ("get", "/api/e/{token}/results.csv"),  # the results sheet, for a spreadsheet
}
# Who may call each secured operation besides the director.
TABLE_TOO = {("get", "/api/events/{event_id}/matches/{bracket_id}")}
# What a table's own link opens (its table, table 1), besides the director.
TABLE_LINK_TOO = {
    ("get", "/api/events/{event_id}/tables/{table}"),
    ("post", "/api/events/{event_id}/tables/{table}/sign-off"),
    ("post", "/api/events/{event_id}/tables/{table}/call"),
    ("post", "/api/events/{event_id}/tables/{table}/seated"),  # "We're seated"
}


def event_operations(app):
    """Every (method, path, secured) of the tournament routes in the OpenAPI document."""
    doc = app.test_client().get("/api/openapi.json").get_json()
    return [
        (method, path, "security" in operation)
        for path, item in doc["paths"].items()
        if path.startswith(EVENT_PATHS)
        for method, operation in item.items()
        if method != "parameters"
    ]


def pytest_generate_tests(metafunc):
    """One test per event operation x credential, from the live OpenAPI document."""
    if "operation" in metafunc.fixturenames:
        import tempfile
        from pathlib import Path

        with tempfile.TemporaryDirectory() as tmp:
            app = make_app(Path(tmp))
            ops = event_operations(app)
            close_pool(app)
        metafunc.parametrize("operation", ops, ids=[f"{m.upper()} {p}" for m, p, _ in ops])


def test_every_event_route_is_documented_with_its_security(operation):
    method, path, secured = operation
    assert secured == ((method, path) not in PUBLIC), "security not documented"
    assert (
        method not in ("post", "patch")
        or (method, path) in BODIES
        or path.endswith(("/check-in", "/drop", "/start", "/table-token", "/link", "/call"))
    ), f"add a body for {method} {path}"


def setup(client):
    """(an event taking entries, a running event with W1.1 called, another event)."""
    fresh = Director(client, teams=2, format="round-robin", first_to=[1], tables=1)
    fresh.check_in_all()
    running = Director(client, teams=4, first_to=[1], tables=2)
    running.check_in_all()
    running.start()
    return fresh, running, Director(client, teams=2)


def snapshot(client, *directors):
    """Everything an event route could change, as each director sees it."""
    views = []
    for director in directors:
        view = client.get(director.url, headers=director.auth).json
        view.pop("new_table_tokens")
        view.pop("now")  # the server's clock (for the phones' countdowns), not the event's
        views.append(view)
    return views


@pytest.mark.parametrize("credential", CREDENTIALS)
def test_every_event_route_by_credential(client, operation, credential):
    method, path, secured = operation
    fresh, running, other = setup(client)
    event = running if path in RUNNING and method != "patch" else fresh
    teams = [t["id"] for t in client.get(event.url, headers=event.auth).json["teams"]]
    url = (
        path.replace("{event_id}", event.id)
        .replace("{team_id}", str(teams[0]))
        .replace("{bracket_id}", "W1.1")
        .replace("{table}", "1")
        .replace("{number}", "2")
        .replace("{token}", event.public)
    )
    body = BODIES.get((method, path))
    if body and "team" in body:
        body = {"team": teams[0]}
    if body and "winner" in body:
        body = {"winner": teams[0]}
    if body and "game_id" in body:
        body = {"game_id": running.match(running.view(), "W1.1")["games"][0]["id"]}
    token = {
        "director": event.token,
        "table": running.tables["W1.1"],
        "table link": running.links["1"],
        "other table link": running.links["2"],
        "public": event.public,
        "other": other.token,
        "none": None,
    }[credential]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    before = snapshot(client, fresh, running, other)
    kwargs = {"headers": headers, "expect_errors": True}
    if method in ("post", "patch"):
        response = getattr(client, f"{method}_json")(url, body, **kwargs)
    else:
        response = getattr(client, method)(url, **kwargs)
    allowed = (
        credential == "director"
        or (credential == "table" and (method, path) in TABLE_TOO)
        or (credential == "table link" and (method, path) in TABLE_LINK_TOO)
    )
    if not secured:
        assert 200 <= response.status_int < 300, response
    elif allowed and (method, path) in RIGHT_STATUS:
        assert response.status_int == RIGHT_STATUS[(method, path)], response
    elif allowed:
        assert 200 <= response.status_int < 300, response
    else:
        expected = 401 if credential == "none" else 403
        assert response.status_int == expected, response
        assert response.json["code"] == expected and response.json["rule_code"]
        assert "Bearer" not in response.json["message"] or credential == "none"
        assert snapshot(client, fresh, running, other) == before  # nothing changed


def test_the_public_link_reads_only_and_a_table_token_is_no_public_link(client):
    _fresh, running, _other = setup(client)
    assert client.get(f"/api/e/{running.public}").json["id"] == running.id
    for token in (running.tables["W1.1"], "x" * 43):
        refused = client.get(f"/api/e/{token}", status=404).json
        assert refused["rule_code"] == "NOT_FOUND"
    headers = {"Authorization": f"Bearer {running.public}"}
    refused = client.post_json(f"{running.url}/start", None, headers=headers, status=403).json
    assert refused["rule_code"] == "WRONG_TOKEN"


def test_table_token_reaches_its_match_games_only_and_the_director_reaches_them_all(client):
    """A table token is its match's edit token: its own games, not the next table's, not a
    casual game; the director token reaches every match and game of its event."""
    running = Director(client, teams=4, first_to=[2], tables=2)
    running.check_in_all()
    running.start()
    one, two = running.table("W1.1").view(), running.table("W1.2").view()
    game_two = two["match"]["games"][0]["id"]
    body = {"hand_no": 1, "bidder": 0, **TWO_MARKS}

    def post_hand(game_id, token, status):
        headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex}
        return client.post_json(f"/api/games/{game_id}/hands", body, headers=headers, status=status)

    assert post_hand(game_two, running.tables["W1.1"], 403).json["rule_code"] == "WRONG_TOKEN"
    casual = Table(client)
    post_hand(casual.id, running.tables["W1.1"], 403)
    post_hand(casual.id, running.token, 403)  # the director's reach ends at its event
    post_hand(game_two, running.token, 201)  # the director may keep any table's score
    headers = {"Authorization": f"Bearer {running.token}"}
    assert client.get(f"/api/matches/{one['match']['id']}", headers=headers).json["score"] == [0, 0]
    other_table = {"Authorization": f"Bearer {running.tables['W1.2']}"}
    client.get(f"/api/events/{running.id}/matches/W1.1", headers=other_table, status=403)
    # A new table token ends the old one.
    old = running.tables.pop("W1.1")
    new_phone = running.table("W1.1")
    client.get(
        f"/api/events/{running.id}/matches/W1.1",
        headers={"Authorization": f"Bearer {old}"},
        status=401,
    )
    assert new_phone.view()["table"] == 1
