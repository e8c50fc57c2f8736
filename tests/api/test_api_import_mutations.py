"""The new files under a crash probe: an event's, a party's and a crew's file with its
seasons, each changed at one place at a time (a value of the wrong kind, out of range, too
long, emptied, a list item doubled, a key dropped) and imported. Whatever the change, the
answer is never a 500; a refusal is a 4xx in the one error shape, in words, with nothing
stored; and what an import makes can be read, every table of it too (and an event deleted),
by the tokens it gives.

Each try is given new ids throughout (event, party, crew, matches, games, players, seasons),
so it is a new object to this store and the import has to check it all, not find it here."""

import random
import re

import orjson
import pytest
from helpers.event_exports import swiss_two_rounds_in
from helpers.import_mutations import renamed, stored
from helpers.party_exports import two_rounds_in
from helpers.season_exports import played_season

TRIES = {False: 60, True: 400}  # per file, by --long; a fixed seed: a failure fails again


@pytest.fixture
def tries(request):
    return TRIES[bool(request.config.getoption("--long"))]


ODD_VALUES = (
    None,
    -1,
    0,
    1.5,
    2**63,
    "",
    "x" * 300,
    "\u0000",
    "2026-13-45T25:61:00Z",
    True,
    [],
    {},
    [1, 1],
    "S9.9",
)


def places(value, path=()):
    """Every place in `value` (a path of keys and indexes), leaves and containers alike."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from places(inner, (*path, index))


def changed(doc, part, rng):
    """(a copy of `doc` changed at one place under `doc[part]`, what was done)."""
    doc = orjson.loads(orjson.dumps(doc))
    path = rng.choice([p for p in places(doc[part], (part,)) if len(p) > 1])
    *parents, last = path
    holder = doc
    for key in parents:
        holder = holder[key]
    how = rng.choice(("value", "value", "value", "drop", "double"))
    if how == "drop":
        del holder[last]
    elif how == "double" and isinstance(holder[last], list) and holder[last]:
        holder[last].append(holder[last][0])
    else:
        holder[last] = rng.choice(ODD_VALUES)
    return doc, f"{how} at {'/'.join(map(str, path))}"


def refused_in_words(response, what):
    body = response.json
    assert set(body) >= {"message", "rule_code"}, what
    message = body["message"]
    assert message and not re.search(r"\b[a-z]+(_[a-z]+)+\b|\w\[\d+\]", message), (what, message)
    assert "what this asks for" not in message, (what, message)  # every field of a file has words
    assert ": The " not in message, (what, message)  # "The party of the file: the target ..."


def probe(client, doc, part, opened, seed, tries):
    """Import `tries` changed copies of `doc` (changed under `part`); `opened(client, answer)`
    reads what a created import made."""
    rng = random.Random(seed)
    made = 0
    for _ in range(tries):
        candidate, what = changed(renamed(doc), part, rng)
        before = stored()
        response = client.post_json("/api/import", candidate, expect_errors=True)
        assert response.status_int < 500, (what, response.status_int, response.text[:300])
        if response.status_int >= 400:
            refused_in_words(response, what)
            assert stored() == before, what
        else:
            made += 1
            opened(client, response.json)
    return made


def open_event(client, answer):
    event = answer["event"]
    assert event["outcome"] == "created", answer
    auth = {"Authorization": f"Bearer {event['director_token']}"}
    client.get(f"/api/events/{event['id']}", headers=auth)
    client.get(f"/api/e/{event['public_token']}")
    # every table's read answers 200 too (the director's token reads any table): a table a
    # file called a match to that its bracket does not make was a 404 (api/events/derive.py
    # `check_calls`)
    tables = {
        m["table"]
        for m in client.get(f"/api/events/{event['id']}/export", headers=auth).json["event"][
            "matches"
        ]
    }
    for table in sorted(tables):
        client.get(f"/api/events/{event['id']}/tables/{table}", headers=auth)
    client.get(f"/b/{event['public_token']}")
    client.get(f"/api/events/{event['id']}/export", headers=auth)
    client.delete(f"/api/events/{event['id']}", headers=auth)


def open_party(client, answer):
    party = answer["party"]
    assert party["outcome"] == "created", answer
    auth = {"Authorization": f"Bearer {party['director_token']}"}
    view = client.get(f"/api/parties/{party['id']}", headers=auth).json
    for table in {
        t["table"]
        for t in client.get(f"/api/parties/{party['id']}/export", headers=auth).json["party"][
            "tables"
        ]
    }:
        client.get(f"/api/parties/{party['id']}/tables/{table}", headers=auth)
    assert view["id"] == party["id"]
    client.get(f"/party/{party['public_token']}")
    client.get(f"/api/parties/{party['id']}/export", headers=auth)


def open_crew(client, answer):
    crew = answer["crew"]
    assert crew["outcome"] == "created", answer
    auth = {"Authorization": f"Bearer {crew['token']}"}
    client.get(f"/api/crews/{crew['id']}", headers=auth)
    for season in client.get(f"/api/crews/{crew['id']}/seasons", headers=auth).json["seasons"]:
        client.get(f"/api/crews/{crew['id']}/seasons/{season['id']}", headers=auth)
    client.get(f"/api/crews/{crew['id']}/stats", headers=auth)
    client.get(f"/api/crews/{crew['id']}/ratings", headers=auth)
    client.get(f"/api/crews/{crew['id']}/export", headers=auth)


def test_a_changed_event_file_is_refused_in_words_or_makes_an_event_that_opens(client, tries):
    director, _view = swiss_two_rounds_in(client)
    doc = client.get(f"{director.url}/export", headers=director.auth).json
    made = probe(client, doc, "event", open_event, 21, tries)
    assert made < tries  # the probe reached the checks: some changes must be refused


def test_a_changed_party_file_is_refused_in_words_or_makes_a_party_that_opens(
    client, monkeypatch, tries
):
    url, boss, _view = two_rounds_in(client, monkeypatch)
    doc = client.get(f"{url}/export", headers=boss).json
    made = probe(client, doc, "party", open_party, 42, tries)
    assert made < tries


def test_a_changed_crew_file_with_seasons_is_refused_in_words_or_opens(client, tries):
    league, _url, _view = played_season(client)
    doc = client.get(f"/api/crews/{league.crew}/export", headers=league.auth).json
    assert doc["crew"]["seasons"]
    made = probe(client, doc, "crew", open_crew, 7, tries)
    assert made < tries
