"""A progressive party as a file
(docs/export.md "A party"), valid against docs/export.schema.json, and back on another server
with nothing lost: the 12-player party of test_api_party exported after round 2, its seating,
tables' scores, totals and standings the same after the import. Importing twice changes
nothing; a party here with other content is left as it is; a bad file stores nothing."""

import copy

import jsonschema
import pytest
from helpers.apitest import close_pool
from helpers.exports import SCHEMA, counts, validate
from helpers.parties import HANDS, PLAYERS, auth, hand
from helpers.party_exports import two_rounds_in

from api.parties import director as party_director
from api.store.db import flask_db
from api.store.parties import Party, PartyGame, PartyPlayer, PartyTable
from brackets.progressive import PARTY_PLAYERS, PARTY_ROUNDS


def party_counts():
    with flask_db.database.connection_context():
        return tuple(m.select().count() for m in (Party, PartyPlayer, PartyTable, PartyGame))


def test_a_party_exported_after_round_two_comes_back_the_same_elsewhere(
    client, app, fresh, monkeypatch
):
    url, boss, before = two_rounds_in(client, monkeypatch)
    response = client.get(f"{url}/export", headers=boss)
    doc = response.json
    validate(doc)
    assert 'filename="tally42-party-' in response.headers["Content-Disposition"]
    client.get(
        f"{url}/export", headers={**boss, "If-None-Match": response.headers["ETag"]}, status=304
    )
    part = doc["party"]
    assert (part["players"], part["current_round"], part["seed"]) == (PLAYERS, 3, 42)
    assert [(t["round"], t["table"]) for t in part["tables"]] == [
        (r, t) for r in (1, 2, 3) for t in (1, 2, 3)
    ]
    assert [len(g["hands"]) for g in doc["games"]] == [2] * 6 + [0] * 3
    assert boss["Authorization"].split()[1] not in response.text
    rows = client.get(f"{url}/export?format=csv", headers=boss).text.split("\r\n")
    assert len(rows) == 1 + 12 + 1  # a header, the 12 hands of rounds 1 and 2, the end
    close_pool(app)
    other = fresh()
    answer = other.post_json("/api/import", doc, status=201).json
    assert answer["party"]["outcome"] == "created"
    assert [g["outcome"] for g in answer["games"]] == ["created"] * 9
    director = auth(answer["party"]["director_token"])
    after = other.get(url, headers=director).json
    assert after == before
    assert [[t["totals"] for t in r["tables"]] for r in after["seating"][:2]] == [
        [[2, 0], [1, 1], [0, 2]],
        [[1, 1], [2, 0], [0, 2]],
    ]
    assert other.get(f"{url}/export", headers=director).json == doc
    public = other.get(url, headers=auth(answer["party"]["public_token"])).json
    assert public["standings"] == before["standings"]
    # round 3 plays on: the director makes table 1's new link
    link = other.post(f"{url}/tables/1/link", headers=director).json["table_token"]
    game = other.get(f"{url}/tables/1", headers=auth(link)).json["game"]
    hand(other, game["id"], link, 1, HANDS[(3, 1)][0])


def test_importing_a_party_twice_changes_nothing_and_other_content_is_left(
    client, app, monkeypatch
):
    url, boss, before = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    stored = (counts(app), party_counts())
    answer = client.post_json("/api/import", doc, status=200).json
    assert answer["party"]["outcome"] == "unchanged" and "director_token" not in answer["party"]
    tampered = copy.deepcopy(doc)
    tampered["party"]["players"][0] = "Annie"
    answer = client.post_json("/api/import", tampered, status=200).json
    assert answer["party"]["outcome"] == "conflict"
    assert "left as it is" in answer["party"]["message"]
    assert (counts(app), party_counts()) == stored
    assert client.get(url, headers=boss).json == before


def test_a_bad_party_file_is_refused_in_words_with_nothing_stored(client, app, fresh, monkeypatch):
    url, boss, _before = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    close_pool(app)
    other = fresh()
    twice = copy.deepcopy(doc)
    twice["party"]["players"][1] = "ann"
    refused = other.post_json("/api/import", twice, status=422).json
    assert refused["rule_code"] == "DUPLICATE_PLAYER"
    assert refused["message"].startswith("The party of the file: ann is entered twice")
    reseated = copy.deepcopy(doc)
    reseated["party"]["tables"][0]["table"] = 4
    refused = other.post_json("/api/import", reseated, status=422).json
    assert refused["message"] == (
        "The party of the file: round 1's tables are not those its seating makes"
    )
    gone = copy.deepcopy(doc)
    lost = gone["party"]["tables"][-1]["match_id"]
    gone["matches"] = [m for m in gone["matches"] if m["id"] != lost]
    gone["games"] = [g for g in gone["games"] if g["match"]["id"] != lost]
    refused = other.post_json("/api/import", gone, status=422).json
    assert refused["rule_code"] == "MATCH_MISSING"
    assert party_counts() == (0, 0, 0, 0)
    with flask_db.database.connection_context():
        assert counts(other.app)[0] == 0


def test_the_files_schema_bounds_a_party_as_the_api_does(client, monkeypatch):
    """docs/export.schema.json bounds a party's players and rounds as brackets.progressive
    declares them (PARTY_PLAYERS, PARTY_ROUNDS), the bounds the import takes: a file of 21
    rounds fails the schema, and the import refuses it in words, nothing stored."""
    party = SCHEMA["$defs"]["party"]["properties"]
    assert party["players"]["maxItems"] == PARTY_PLAYERS
    assert party["players"]["items"]["maxLength"] == party_director.PLAYER_NAME
    assert party["rounds"]["maximum"] == PARTY_ROUNDS
    assert party["current_round"]["maximum"] == PARTY_ROUNDS
    assert party["tables"]["items"]["properties"]["round"]["maximum"] == PARTY_ROUNDS
    url, boss, _view = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    doc["party"]["rounds"] = PARTY_ROUNDS + 1
    with pytest.raises(jsonschema.ValidationError):
        validate(doc)
    before = party_counts()
    refused = client.post_json("/api/import", doc, status=422).json
    assert party_counts() == before
    assert f"1 to {PARTY_ROUNDS} rounds" in refused["message"], refused
    doc["party"]["rounds"] = 4
    doc["party"]["tables"][0]["round"] = PARTY_ROUNDS + 1  # the words say the same bound
    refused = client.post_json("/api/import", doc, status=422).json
    assert f"rounds are numbered from 1 to {PARTY_ROUNDS}" in refused["message"], refused
