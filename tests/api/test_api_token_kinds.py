"""Every kind of token the server makes, read-only ones too, is a token it knows: sent as
`Authorization: Bearer` where it opens nothing it is 403 WRONG_TOKEN, and only a token no row
holds is 401 UNKNOWN_TOKEN (docs/api-errors.md "Statuses"; api/core/access.py). A season
board's token was 401 there."""

import importlib
import pkgutil

import peewee
from helpers.apitest import Table
from helpers.eventtest import Director
from helpers.leagues import League

import api.store


def token_columns():
    """(model, field) of every stored token: a column of api/store whose name says token."""
    found = set()
    for module in pkgutil.iter_modules(api.store.__path__):
        loaded = importlib.import_module(f"api.store.{module.name}")
        for model in vars(loaded).values():
            if isinstance(model, type) and issubclass(model, peewee.Model):
                found |= {(model.__name__, name) for name in model._meta.fields if "token" in name}
    return found


def one_of_each(client):
    """{(model, field): a token of that kind}, each made through the API."""
    table = Table(client)
    match = client.post_json(
        "/api/matches", {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2}
    ).json
    director = Director(client, teams=2, tables=1, first_to=[1])
    director.check_in_all()
    director.start()
    league = League(client)
    season = league.post(league.base, league.body())
    board = league.post(f"{league.base}/{season['id']}/board-link")
    party = client.post_json(
        "/api/parties",
        {"name": "Social", "ruleset": "straight-42", "rounds": 2, "players": list("ABCD")},
    ).json
    boss = {"Authorization": f"Bearer {party['director_token']}"}
    url = f"/api/parties/{party['id']}"
    ended = client.post(f"{url}/start", headers=boss).json["table_links"]["1"]
    current = client.post(f"{url}/tables/1/link", headers=boss).json["table_token"]
    return {
        ("Game", "edit_token_hash"): table.token,
        ("Game", "share_token"): table.share_token,
        ("Match", "edit_token_hash"): match["edit_token"],
        ("Event", "director_token_hash"): director.token,
        ("Event", "public_token_hash"): director.public,
        ("EventTable", "token_hash"): director.links["1"],
        ("Crew", "token_hash"): league.auth["Authorization"].split()[1],
        ("Season", "board_token_hash"): board["board_token"],
        ("Party", "director_token_hash"): party["director_token"],
        ("Party", "public_token_hash"): party["public_token"],
        ("PartyTable", "token_hash"): current,
        ("PartyEndedLink", "token_hash"): ended,
    }


def test_every_kind_of_token_is_known_where_it_opens_nothing(client):
    """A game of its own, which none of the tokens below reaches: each kind of token read
    there is 403 in words, and a token the server never made is 401."""
    tokens = one_of_each(client)
    assert set(tokens) == token_columns()  # a new kind of token joins this walk
    target = Table(client)
    wrong = {}
    for kind, token in tokens.items():
        headers = {"Authorization": f"Bearer {token}"}
        refused = client.get(target.url, headers=headers, expect_errors=True)
        if (refused.status_int, refused.json["rule_code"]) != (403, "WRONG_TOKEN"):
            wrong[kind] = (refused.status_int, refused.json["rule_code"])
    assert wrong == {}
    never = {"Authorization": f"Bearer {Table(client).token[::-1]}"}
    assert client.get(target.url, headers=never, status=401).json["rule_code"] == "UNKNOWN_TOKEN"
