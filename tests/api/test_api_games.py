"""POST/GET/DELETE /api/games and GET /api/rulesets."""

import uuid

import pytest
from helpers.apitest import Table, made

STRONG = "i8VMrPDanzh5xF6lTr0R6qB-3Tvw1kk5Rt8ctYkvjoE"  # as the phone makes one: 32 random bytes


def test_rulesets_list_every_preset_with_knobs(client):
    presets = client.get("/api/rulesets").json
    ids = [p["id"] for p in presets]
    assert "straight-42" in ids and "moon" in ids
    for preset in presets:
        assert {"name", "description", "min_bid", "sides", "scoring", "target"} <= set(preset)


def test_ruleset_by_id_and_unknown_id(client):
    assert client.get("/api/rulesets/moon").json["players"] == 3
    error = client.get("/api/rulesets/nope", status=404).json
    assert error["code"] == 404 and error["status"] == "Not Found" and error["message"]


def test_create_game_defaults(client):
    game = Table(client).created
    assert game["teams"] == [{"name": "Us", "players": []}, {"name": "Them", "players": []}]
    assert game["totals"] == [0, 0] and game["next_hand_no"] == 1 and game["status"] == "live"
    assert game["next_dealer"] == 0 and game["winner"] is None
    assert len(game["edit_token"]) >= 22 and game["share_url"].endswith(game["share_token"])
    assert game["rules"]["id"] == "straight-42"


def test_create_game_with_client_id_token_teams_and_start_totals(client):
    gid = str(uuid.uuid4())
    teams = [{"name": "Aces", "players": ["Ann", "Cy"]}, {"name": "Deuces", "players": ["Bo"]}]
    body = {
        "id": gid,
        "ruleset": "points-250",
        "teams": teams,
        "first_dealer": 3,
        "start_totals": [10, 20],
        "edit_token": STRONG,
    }
    game = client.post_json("/api/games", body, status=201).json
    assert game["id"] == gid and game["edit_token"] == STRONG
    assert game["totals"] == [10, 20] and game["next_dealer"] == 3 and game["teams"] == teams


def test_replayed_create_returns_same_game_other_token_409(client):
    body = {
        "id": str(uuid.uuid4()),
        "ruleset": "straight-42",
        "first_dealer": 1,
        "edit_token": STRONG,
    }
    first = client.post_json("/api/games", body, status=201).json
    again = client.post_json("/api/games", body, status=201).json
    assert again == first
    other = {**body, "edit_token": "Q" + STRONG[1:]}
    assert client.post_json("/api/games", other, status=409).json["code"] == 409
    changed = {**body, "first_dealer": 2}
    client.post_json("/api/games", changed, status=409)


def test_rule_overrides_apply_and_bad_override_is_422(client):
    game = Table(client, rules={"target": 5}).created
    assert game["rules"]["target"] == 5 and game["overrides"] == {"target": 5}
    error = client.post_json(
        "/api/games",
        {"ruleset": "straight-42", "first_dealer": 0, "rules": {"bogus": 1}},
        status=422,
    ).json
    assert error["rule_code"] == "BAD_OVERRIDE" and error["message"]


@pytest.mark.parametrize(
    "body, field",
    [
        ({"ruleset": "straight-42"}, "first_dealer"),
        ({"ruleset": "straight-42", "first_dealer": 0, "colour": "red"}, "colour"),
        ({"ruleset": "straight-42", "first_dealer": 1.5}, "first_dealer"),
        ({"ruleset": "straight-42", "first_dealer": "1"}, "first_dealer"),
        ({"ruleset": "straight-42", "first_dealer": 2**63}, "first_dealer"),
        ({"ruleset": "straight-42", "first_dealer": 0, "edit_token": "short"}, "edit_token"),
        ({"ruleset": "straight-42", "first_dealer": 0, "edit_token": "a" * 30}, "edit_token"),
        ({"ruleset": "straight-42", "first_dealer": 0, "edit_token": STRONG + "\n"}, "edit_token"),
        ({"ruleset": "straight-42", "first_dealer": 0, "id": "not-a-uuid"}, "id"),
    ],
)
def test_create_game_rejects_bad_fields(client, body, field):
    error = client.post_json("/api/games", body, status=422).json
    assert field in error["errors"]["json"]
    assert set(error) >= {"code", "status", "message", "errors"}


@pytest.mark.parametrize(
    "extra, field",
    [
        ({"teams": [{"name": "Only one"}]}, "teams"),
        ({"first_dealer": 4}, "first_dealer"),
        ({"start_totals": [1, 2, 3]}, "start_totals"),
    ],
)
def test_create_game_checks_shape_against_ruleset(client, extra, field):
    body = {"ruleset": "straight-42", "first_dealer": 0, **extra}
    assert field in client.post_json("/api/games", body, status=422).json["errors"]["json"]


def test_unknown_ruleset_is_422_with_rule_code(client):
    error = client.post_json("/api/games", {"ruleset": "chess", "first_dealer": 0}, status=422).json
    assert error["rule_code"] == "UNKNOWN_RULESET"


def test_malformed_json_is_400(client):
    error = client.post("/api/games", "{nope", content_type="application/json", status=400).json
    assert error["code"] == 400


def test_get_game_with_etag_and_304(table):
    table.hand(1, **made())
    response = table.get()
    game = response.json
    assert [h["hand_no"] for h in game["hands"]] == [1]
    assert game["hands"][0]["result"]["outcome"] == "made"
    assert game["totals"] == [0, 1] and game["next_hand_no"] == 2
    table.get(status=304, **{"If-None-Match": response.headers["ETag"]})


@pytest.mark.parametrize(
    "auth, status",
    [(None, 401), ("Basic abc", 401), ("Bearer " + "x" * 40, 401), ("Bearer short", 401)],
)
def test_get_game_needs_a_known_edit_token(table, auth, status):
    headers = {"Authorization": auth} if auth else {}
    error = table.client.get(table.url, headers=headers, status=status).json
    assert error["code"] == status
    assert (
        table.client.get(table.url, headers=headers, status=status)
        .headers["WWW-Authenticate"]
        .startswith("Bearer")
    )


def test_get_game_with_share_or_other_games_token_is_403(client, table):
    other = Table(client)
    client.get(table.url, headers=other.auth, status=403)
    client.get(table.url, headers={"Authorization": f"Bearer {table.share_token}"}, status=403)


def test_unknown_game_with_known_token_is_404(table):
    table.client.get(f"/api/games/{uuid.uuid4()}", headers=table.auth, status=404)


def test_delete_game(table):
    table.hand(1, **made())
    table.client.delete(table.url, headers=table.auth, status=204)
    # the token died with its game: it is now unknown
    table.client.get(table.url, headers=table.auth, status=401)
    table.client.get(f"/api/share/{table.share_token}", status=404)


def test_rules_of_a_game_are_serialised_once_per_ruleset_and_never_shared_mutably(table):
    """The cached rules dict is the ruleset's to_dict(), and a response is a copy of it."""
    import rules
    from api.games.rulesets import rules_dict

    ruleset = rules.get_ruleset("straight-42")
    assert rules_dict(ruleset) is rules_dict(ruleset)
    assert rules_dict(ruleset) == ruleset.to_dict()
    first = table.client.get(table.url, headers=table.auth).json["rules"]
    assert first == ruleset.to_dict()
    assert rules_dict(ruleset) == ruleset.to_dict()
