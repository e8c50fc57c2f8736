"""Every crew route against the crew token, another crew's token, a
game's edit token, a game's share token and no token. Only the crew's own token reaches the
crew (401 without a token, 403 with any other known one), and a refusal changes nothing."""

import uuid

import pytest
from helpers.apitest import Table, made

# (method, path under the crew, body maker) -> the right token's status
ROUTES = [
    ("get", "", None, 200),
    ("patch", "", lambda t: {"name": "Friday table"}, 200),
    ("post", "/players", lambda t: {"id": str(uuid.uuid4()), "name": "Eve"}, 201),
    ("patch", "/players/{player}", lambda t: {"name": "Annie"}, 200),
    ("put", "/games/{game}", lambda t: {"game_token": t.token, "seats": [None] * 4}, 201),
    ("delete", "/games/{attached}", None, 204),
    ("get", "/stats", None, 200),
    ("get", "/ratings", None, 200),
    ("get", "/flights", None, 200),
    ("get", "/export", None, 200),
    ("get", "/export?format=csv", None, 200),
]
CREDENTIALS = {"none": 401, "other_crew": 403, "edit": 403, "share": 403, "right": None}


def new_crew(client):
    """A crew with one player and one attached game: (crew json, player id, attached table)."""
    crew = client.post_json("/api/crews", {"name": "Thursday table"}, status=201).json
    auth = {"Authorization": f"Bearer {crew['token']}"}
    player = str(uuid.uuid4())
    client.post_json(
        f"/api/crews/{crew['id']}/players", {"id": player, "name": "Ann"}, headers=auth
    )
    attached = Table(client)
    client.put_json(
        f"/api/crews/{crew['id']}/games/{attached.id}",
        {"game_token": attached.token, "seats": [player, None, None, None]},
        headers=auth,
    )
    return crew, player, attached


@pytest.mark.parametrize("credential", CREDENTIALS)
@pytest.mark.parametrize("route", ROUTES, ids=[f"{m.upper()} {p or '/'}" for m, p, _, _ in ROUTES])
def test_crew_route_by_credential(client, route, credential):
    method, path, body, right_status = route
    crew, player, attached = new_crew(client)
    other, _, _ = new_crew(client)
    table = Table(client)
    table.hand(1, **made())
    url = f"/api/crews/{crew['id']}" + path.format(
        player=player, game=table.id, attached=attached.id
    )
    token = {
        "none": None,
        "other_crew": other["token"],
        "edit": table.token,
        "share": table.share_token,
        "right": crew["token"],
    }[credential]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    crew_auth = {"Authorization": f"Bearer {crew['token']}"}
    before = client.get(f"/api/crews/{crew['id']}", headers=crew_auth).json
    kwargs = {"headers": headers, "expect_errors": True}
    if body is None:
        response = getattr(client, method)(url, **kwargs)
    else:
        response = getattr(client, f"{method}_json")(url, body(table), **kwargs)
    if credential == "right":
        assert response.status_int == right_status, response
        return
    assert response.status_int == CREDENTIALS[credential], response
    assert response.json["code"] == CREDENTIALS[credential]
    assert response.json["rule_code"] in ("NEEDS_TOKEN", "WRONG_TOKEN")
    assert "crew" in response.json["message"]  # said for people: which crew, what to do
    assert client.get(f"/api/crews/{crew['id']}", headers=crew_auth).json == before


@pytest.mark.parametrize("credential", ["none", "crew", "share", "other_edit"])
def test_seats_of_a_game_need_the_games_edit_token(client, credential):
    """Who sat where is the game's editor's to change: the crew token is 403 there."""
    crew, player, attached = new_crew(client)
    stranger = Table(client)
    token = {
        "none": None,
        "crew": crew["token"],
        "share": attached.share_token,
        "other_edit": stranger.token,
    }[credential]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.put_json(
        f"/api/games/{attached.id}/seats",
        {"seats": [None, player, None, None]},
        headers=headers,
        expect_errors=True,
    )
    assert response.status_int == (401 if credential == "none" else 403)
    right = client.put_json(
        f"/api/games/{attached.id}/seats",
        {"seats": [None, player, None, None]},
        headers=attached.auth,
    )
    assert right.json["seats"] == [None, player, None, None]


def test_a_game_joins_a_crew_only_with_its_own_edit_token(client):
    """The crew token alone cannot claim someone else's game: its edit token must come too."""
    crew, _, _ = new_crew(client)
    auth = {"Authorization": f"Bearer {crew['token']}"}
    game, other = Table(client), Table(client)
    for token in (other.token, game.share_token, crew["token"]):
        refused = client.put_json(
            f"/api/crews/{crew['id']}/games/{game.id}",
            {"game_token": token, "seats": [None] * 4},
            headers=auth,
            expect_errors=True,
        )
        assert refused.status_int == 403 and refused.json["rule_code"] == "WRONG_TOKEN"
    second, _, _ = new_crew(client)
    client.put_json(
        f"/api/crews/{crew['id']}/games/{game.id}",
        {"game_token": game.token, "seats": [None] * 4},
        headers=auth,
        status=201,
    )
    taken = client.put_json(
        f"/api/crews/{second['id']}/games/{game.id}",
        {"game_token": game.token, "seats": [None] * 4},
        headers={"Authorization": f"Bearer {second['token']}"},
        expect_errors=True,
    )
    assert taken.status_int == 409 and taken.json["rule_code"] == "GAME_IN_OTHER_CREW"


def test_a_crew_token_does_not_reach_a_game(client):
    """The crew token is no game token: reading a crew's game with it is 403."""
    crew, _, attached = new_crew(client)
    response = client.get(
        f"/api/games/{attached.id}",
        headers={"Authorization": f"Bearer {crew['token']}"},
        expect_errors=True,
    )
    assert response.status_int == 403
