"""An event's or a party's file makes only the tables the routes make (docs/export.md "An
event", "A party"): a called match is one its bracket makes, with the bracket's two teams in
the bracket's order (api/events/derive.py `check_calls`, what `progress.call_match` makes),
and every match the import creates holds its game 1, as the match routes make it (a table
plays it; api/transfer/importer.py `_check_numbering`). Before, such files imported (201)
and their reads failed: the table's read a 404, the party's every read a 500."""

import copy

import pytest
from helpers.event_exports import swiss_two_rounds_in
from helpers.import_mutations import renamed, stored
from helpers.party_exports import two_rounds_in

from api.store.db import flask_db
from api.store.games import Game


def _other_team(teams):
    """A team of the Swiss (numbered 1 to 8 in the file) that is not in `teams`."""
    return next(n for n in range(1, 9) if n not in teams)


CALLS = {
    "its teams the other way round": lambda m, e: m.update(teams=m["teams"][::-1]),
    "another pair": lambda m, e: m.update(teams=[m["teams"][0], _other_team(m["teams"])]),
    "one team twice": lambda m, e: m.update(teams=[m["teams"][0]] * 2),
    "a bracket id its bracket does not have": lambda m, e: m.update(bracket_id="S9.9"),
    "its format changed": lambda m, e: e.update(format="round-robin", rounds=None, advance=None),
}


def _refused(client, doc):
    """Import `doc` (its ids new): the refusal, with nothing stored."""
    before = stored()
    refused = client.post_json("/api/import", renamed(doc), status=422).json
    assert stored() == before
    return refused


@pytest.mark.parametrize("what", CALLS)
def test_an_events_file_calling_a_match_its_bracket_does_not_make_is_refused(client, what):
    director, _view = swiss_two_rounds_in(client)
    doc = client.get(f"{director.url}/export", headers=director.auth).json
    changed = copy.deepcopy(doc)
    CALLS[what](changed["event"]["matches"][0], changed["event"])
    refused = _refused(client, changed)
    assert refused["rule_code"] == "CALL_NOT_IN_BRACKET", refused
    assert refused["message"].startswith("The event of the file: match S"), refused


def test_an_events_file_calling_a_match_the_other_way_round_says_so(client):
    director, _view = swiss_two_rounds_in(client)
    doc = client.get(f"{director.url}/export", headers=director.auth).json
    called = doc["event"]["matches"][0]
    names = {t["number"]: t["name"] for t in doc["event"]["teams"]}
    a, b = (names[n] for n in called["teams"])
    called["teams"].reverse()
    refused = _refused(client, doc)
    assert refused["message"] == (
        f"The event of the file: match {called['bracket_id']} of {doc['event']['name']} is "
        f"called with {b} and {a}, and its bracket has {a} and {b} in it, in that order"
    )


def test_a_partys_file_whose_table_has_no_game_is_refused(client, monkeypatch):
    """A party's table plays game 1 of its match; the route makes both at once and never
    takes the game away (DELETE of a match's game: 409 GAME_IN_MATCH)."""
    url, boss, _view = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    table = doc["party"]["tables"][0]
    game = next(g for g in doc["games"] if g["match"]["id"] == table["match_id"])
    kept = client.delete(f"/api/games/{game['id']}", headers=boss, status=409).json
    assert kept["rule_code"] == "GAME_IN_MATCH"
    doc["games"].remove(game)
    refused = _refused(client, doc)
    assert refused["rule_code"] == "GAME_MISSING", refused
    assert refused["message"].endswith(
        "has no game: a match is made with its game 1, so the file holds it"
    )


def test_a_party_whose_table_lost_its_game_still_reads(client, monkeypatch):
    """No route leaves a party's table without its game (the import refuses it above, a
    match's game is never deleted), yet a read must never fail on what is stored: a table of
    round 3 with its game taken out of the store reads as not played, on every read, and the
    next round waits for it (409 ROUND_NOT_OVER) rather than a 500."""
    url, boss, _view = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    match, _game = _table(doc, 3, 1)
    with flask_db.database.connection_context():
        Game.delete().where(Game.match_id == match["id"]).execute()
    view = client.get(url, headers=boss, status=200).json
    line = view["seating"][2]["tables"][0]
    assert (line["table"], line["game_id"], line["over"]) == (1, None, False)
    assert view["next_round"] is None
    assert len(view["standings"]) == 12
    client.get(f"{url}/tables/1", headers=boss, status=200)
    client.get(f"{url}/export", headers=boss, status=200)
    waits = client.post_json(f"{url}/rounds", {"round": 4}, headers=boss, status=409).json
    assert waits["rule_code"] == "ROUND_NOT_OVER" and "table 1" in waits["message"]


def test_an_events_and_a_partys_file_still_come_back_with_their_tables_readable(
    client, monkeypatch
):
    """The checks take what the routes made: both files import, their ids new, and every
    table reads 200."""
    director, _view = swiss_two_rounds_in(client)
    event_doc = client.get(f"{director.url}/export", headers=director.auth).json
    url, boss, _view = two_rounds_in(client, monkeypatch)
    party_doc = client.get(f"{url}/export", headers=boss).json
    event = client.post_json("/api/import", renamed(event_doc), status=201).json["event"]
    auth = {"Authorization": f"Bearer {event['director_token']}"}
    for table in {m["table"] for m in event_doc["event"]["matches"]}:
        client.get(f"/api/events/{event['id']}/tables/{table}", headers=auth, status=200)
    party = client.post_json("/api/import", renamed(party_doc), status=201).json["party"]
    auth = {"Authorization": f"Bearer {party['director_token']}"}
    client.get(f"/api/parties/{party['id']}", headers=auth, status=200)
    for table in {t["table"] for t in party_doc["party"]["tables"]}:
        client.get(f"/api/parties/{party['id']}/tables/{table}", headers=auth, status=200)


def _table(doc, number, table):
    """(the match, its game 1) of `table` in round `number` of a party's file."""
    match_id = next(
        t["match_id"] for t in doc["party"]["tables"] if (t["round"], t["table"]) == (number, table)
    )
    match = next(m for m in doc["matches"] if m["id"] == match_id)
    game = next(g for g in doc["games"] if g["match"]["id"] == match_id)
    return match, game


def _swap_tables(doc):
    """Round 1's tables 1 and 2 trade matches: each table's hands go to the other's four."""
    one, two = (t for t in doc["party"]["tables"] if t["round"] == 1 and t["table"] < 3)
    one["match_id"], two["match_id"] = two["match_id"], one["match_id"]


def _sides_turned(doc):
    """Round 3's table 1 (no hand yet) has its two sides the other way round, game too."""
    match, game = _table(doc, 3, 1)
    match["teams"].reverse()
    game["teams"] = match["teams"]


def _dealer_moved(doc):
    match, game = _table(doc, 3, 1)
    match["first_dealer"] = game["first_dealer"] = (match["first_dealer"] + 1) % 4


def _two_games_to_win(doc):
    _table(doc, 3, 1)[0]["first_to"] = 2


def _game_dealt_otherwise(doc):
    _table(doc, 3, 1)[1]["first_dealer"] = 0  # round 3 deals from seat 3


def _game_of_other_teams(doc):
    """Round 3's table 1's game names a player its match and seat do not."""
    game = _table(doc, 3, 1)[1]
    game["teams"] = [{**game["teams"][0], "name": "Zed and Yan"}, game["teams"][1]]


# (what the file changes, its refusal's rule, and words the refusal says)
TABLES = {
    "round 1's tables 1 and 2 trading matches": (_swap_tables, "BAD_PARTY", "table 1 of round 1"),
    "a table's two sides the other way round": (_sides_turned, "BAD_PARTY", "table 1 of round 3"),
    "a table dealt first by another seat": (_dealer_moved, "BAD_PARTY", "deals first from seat"),
    "a table of two games to win": (_two_games_to_win, "BAD_PARTY", "more than one game"),
    "a table's game dealt otherwise than its match": (
        _game_dealt_otherwise,
        "BAD_PARTY",
        "table 1 of round 3's game deals first from seat 1, and its match from seat 3",
    ),
    "a game of other teams than its match's": (_game_of_other_teams, "MATCH_TEAMS", "Zed and Yan"),
}


@pytest.mark.parametrize("what", TABLES)
def test_a_partys_table_that_is_not_what_its_round_start_makes_is_refused(
    client, monkeypatch, what
):
    """A round's start makes each table's match from the seating the party's seed gives
    (api/parties/director.py `table_match`: its two sides in the seating's order, the
    party's rules, the round's first dealer, one game to win) and its game 1 with the
    match's teams and dealer. A file that moves a table's players, its sides or its dealer
    would give the standings' points to other players, or deal from another seat."""
    change, rule, words = TABLES[what]
    url, boss, _view = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    change(doc)
    refused = _refused(client, doc)
    assert refused["rule_code"] == rule, refused
    assert words in refused["message"], refused


def test_a_partys_tables_trading_matches_say_who_the_seating_puts_there(client, monkeypatch):
    url, boss, view = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    one, two = (t for t in view["seating"][0]["tables"][:2])
    _swap_tables(doc)
    refused = _refused(client, doc)
    assert refused["message"] == (
        f"The party of the file: table 1 of round 1 is played by {' and '.join(two['north'])} "
        f"against {' and '.join(two['south'])} in the file, and the party's seating puts "
        f"{' and '.join(one['north'])} against {' and '.join(one['south'])} there"
    )
