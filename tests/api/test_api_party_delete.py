"""Deleting a party (DELETE /api/parties/{id}, docs/tournaments.md "Progressive parties"): a
party two rounds in goes with its players, tables' links, games and hands, in one
transaction; every link of it then finds nothing, said in words; another party is untouched;
a token that is not the director's is refused with nothing deleted."""

from helpers.parties import NORTH, PLAYERS, SOUTH, FixedDraw, auth, hand, make_party

from api.parties import director as party_director
from api.store.db import flask_db
from api.store.games import Game, Hand, IdempotencyKey, Match
from api.store.parties import Party, PartyEndedLink, PartyGame, PartyPlayer, PartyTable

MODELS = (Party, PartyPlayer, PartyTable, PartyEndedLink, PartyGame, Match, Game, Hand)


def counts(app):
    """Rows of every table a party writes, in MODELS' order, then the idempotency keys."""
    with app.app_context(), flask_db.database.connection_context():
        return [model.select().count() for model in (*MODELS, IdempotencyKey)]


def table_game(client, url, table, token):
    return client.get(f"{url}/tables/{table}", headers=auth(token)).json["game"]["id"]


def test_a_party_two_rounds_in_is_deleted_with_everything_of_it(app, client, monkeypatch):
    """8 players at 2 tables: round 1 played (2 hands a table), round 2 started with one hand
    at table 1, table 2's link replaced; another party of 4 has one hand. The delete takes
    the first party's rows and nothing of the other's."""
    monkeypatch.setattr(party_director, "_DRAW", FixedDraw())
    party = make_party(client, hands_per_round=2, players=PLAYERS[:8])
    boss, url = auth(party["director_token"]), f"/api/parties/{party['id']}"
    links = client.post(f"{url}/start", headers=boss).json["table_links"]
    for table in (1, 2):
        game = table_game(client, url, table, links[str(table)])
        hand(client, game, links[str(table)], 1, NORTH)
        hand(client, game, links[str(table)], 2, SOUTH)
    client.post_json(f"{url}/rounds", {"round": 2}, headers=boss)
    share = client.get(f"{url}/tables/1", headers=auth(links["1"])).json["game"]
    hand(client, share["id"], links["1"], 1, NORTH)
    old_link = links["2"]
    links["2"] = client.post(f"{url}/tables/2/link", headers=boss, status=201).json["table_token"]
    with app.app_context(), flask_db.database.connection_context():
        share_token = Game.get_by_id(share["id"]).share_token

    other = make_party(client, players=PLAYERS[8:])
    other_boss, other_url = auth(other["director_token"]), f"/api/parties/{other['id']}"
    other_link = client.post(f"{other_url}/start", headers=other_boss).json["table_links"]["1"]
    hand(client, table_game(client, other_url, 1, other_link), other_link, 1, NORTH)
    other_view = client.get(other_url, headers=other_boss).json

    # By hand: 2 parties; 8 + 4 players; 2 + 1 tables' links; 1 link replaced; a match (and
    # its one game) for each table of each round started: 2 + 2 + 1; hands 2 + 2 + 1 + 1,
    # each sent once with its key.
    assert counts(app) == [2, 12, 3, 1, 5, 5, 5, 6, 6]
    gone = client.delete(url, headers=boss).json
    assert gone == {"deleted": party["id"], "players": 8, "tables": 2, "rounds": 2, "games": 4}
    assert counts(app) == [1, 4, 1, 0, 1, 1, 1, 1, 1]  # the other party's, every one

    # every link of it finds nothing, said in words
    for token in (party["director_token"], party["public_token"], links["1"], old_link):
        refused = client.get(url, headers=auth(token), status=401).json
        assert refused["message"] == "this server does not know that token"
    client.get(f"{url}/tables/1", headers=auth(links["1"]), status=401)
    refused = hand(client, share["id"], links["1"], 2, NORTH, status=401).json
    assert refused["rule_code"] == "UNKNOWN_TOKEN"  # the table's game went with its link
    board = client.get(f"/party/{party['public_token']}", status=404).text
    assert "There is no party at this link" in board and "deleted" in board
    assert (
        "deleted with its tournament or party" in client.get(f"/s/{share_token}", status=404).text
    )
    # the other party's director reads it as it was, and it plays on
    assert client.get(other_url, headers=other_boss).json == other_view
    game = table_game(client, other_url, 1, other_link)
    hand(client, game, other_link, 2, SOUTH)
    assert client.get(other_url, headers=other_boss).json["seating"][0]["tables"][0]["totals"] == [
        1,
        1,
    ]
    client.delete(url, headers=other_boss, status=404)  # deleted already: nothing there


def test_only_the_director_deletes_a_party_and_a_refusal_deletes_nothing(app, client):
    """The public token, a table's link, another party's director: 403 in words; no token
    401; the party and its game stay whole."""
    party = make_party(client, players=PLAYERS[:4])
    boss, url = auth(party["director_token"]), f"/api/parties/{party['id']}"
    link = client.post(f"{url}/start", headers=boss).json["table_links"]["1"]
    hand(client, table_game(client, url, 1, link), link, 1, NORTH)
    other = make_party(client)
    before = counts(app)
    for token in (party["public_token"], link, other["director_token"]):
        refused = client.delete(url, headers=auth(token), status=403).json
        assert refused["message"].startswith("only the party's director can do that")
    client.delete(url, status=401)
    assert counts(app) == before == [2, 4, 1, 0, 1, 1, 1, 1, 1]
    assert client.get(url, headers=boss).json["seating"][0]["tables"][0]["totals"] == [1, 0]
