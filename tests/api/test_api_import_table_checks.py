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
