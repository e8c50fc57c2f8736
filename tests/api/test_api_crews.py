"""A crew, its roster (players named on the fly, offline-safe by their phone-made
id), games joining it, and every refusal a 4xx in the one error shape with nothing stored."""

import datetime
import uuid

import jsonschema
import pytest
from helpers.apitest import Table, made
from helpers.crews import Crew


@pytest.fixture
def crew(client):
    """A crew with no players yet."""
    return Crew(client)


def test_new_crew_shows_its_token_once_with_a_join_link(client):
    """The crew token is made like the edit token (256 random bits, only its
    SHA-256 kept) and shared by a join link carrying it in the fragment."""
    created = client.post_json("/api/crews", {"name": "  The   Thursday table "}, status=201).json
    assert created["name"] == "The Thursday table"
    assert len(created["token"]) == 43  # 32 random bytes, url-safe base64
    assert created["join_url"].endswith(f"/#/crew-join/{created['id']}/{created['token']}")
    read = client.get(
        f"/api/crews/{created['id']}", headers={"Authorization": f"Bearer {created['token']}"}
    ).json
    assert "token" not in read and read["players"] == [] and read["games"] == []
    from api.store.crews import Crew as CrewRow
    from api.store.db import flask_db

    with flask_db.database.connection_context():
        row = CrewRow.get_by_id(created["id"])
    assert row.token_hash != created["token"] and len(row.token_hash) == 64


def test_adding_a_player_twice_with_its_id_changes_nothing(client, crew):
    """A phone offline names a player and sends it later, maybe twice: same id, same answer."""
    player = {"id": str(uuid.uuid4()), "name": "Ann"}
    first = client.post_json(f"{crew.url}/players", player, headers=crew.auth, status=201)
    again = client.post_json(f"{crew.url}/players", player, headers=crew.auth, status=200)
    assert first.json == again.json == player
    roster = client.get(crew.url, headers=crew.auth).json["players"]
    assert roster == [player]


def test_a_name_already_on_the_roster_is_refused_in_a_players_words(client, crew):
    """Duplicate names: "ANN " is Ann; the refusal names her and hands back her id."""
    ann = crew.player("Ann")
    refused = client.post_json(
        f"{crew.url}/players",
        {"id": str(uuid.uuid4()), "name": "ANN "},
        headers=crew.auth,
        status=409,
    ).json
    assert refused["rule_code"] == "NAME_TAKEN"
    assert "Ann is already on this crew's list" in refused["message"]
    assert refused["player"] == {"id": ann, "name": "Ann"}
    moved = client.post_json(
        f"{crew.url}/players", {"id": ann, "name": "Bob"}, headers=crew.auth, status=409
    ).json
    assert moved["rule_code"] == "PLAYER_ID_TAKEN"
    bob = crew.player("Bob")
    clash = client.patch_json(
        f"{crew.url}/players/{bob}", {"name": "ann"}, headers=crew.auth, status=409
    ).json
    assert clash["rule_code"] == "NAME_TAKEN"
    assert {p["name"] for p in client.get(crew.url, headers=crew.auth).json["players"]} == {
        "Ann",
        "Bob",
    }


@pytest.mark.parametrize("name", ["   ", "An\u0000n", "bell\u0007", "\u200b"])
def test_unreadable_names_are_refused(client, crew, name):
    """A name must be something a person can read: 422 BAD_NAME, nothing stored."""
    refused = client.post_json(
        f"{crew.url}/players",
        {"id": str(uuid.uuid4()), "name": name},
        headers=crew.auth,
        status=422,
    ).json
    assert refused["rule_code"] in ("BAD_NAME", "BAD_TEXT")
    assert client.get(crew.url, headers=crew.auth).json["players"] == []


def test_renaming_the_crew(client, crew):
    """A crew can be renamed."""
    renamed = client.patch_json(crew.url, {"name": "Friday table"}, headers=crew.auth).json
    assert renamed["name"] == "Friday table"
    assert client.get(crew.url, headers=crew.auth).json["name"] == "Friday table"


@pytest.mark.parametrize(
    "seats, code",
    [
        (["A", None, None], "SEATS_COUNT"),
        (["A", "A", None, None], "PLAYER_TWICE"),
        (["A", "X", None, None], "NOT_ON_ROSTER"),
    ],
)
def test_seats_must_fit_the_table_and_the_roster(client, crew, seats, code):
    """Seats name crew players, one per seat, nobody twice; else 422 and no game joins."""
    ids = {"A": crew.player("Ann"), "X": str(uuid.uuid4())}
    table = Table(client)
    refused = client.put_json(
        f"{crew.url}/games/{table.id}",
        {"game_token": table.token, "seats": [None if s is None else ids[s] for s in seats]},
        headers=crew.auth,
        status=422,
    ).json
    assert refused["rule_code"] == code
    assert client.get(crew.url, headers=crew.auth).json["games"] == []


def test_a_game_joins_leaves_and_its_deletion_drops_it(client, crew):
    """Attach (201), attach again with new seats (200), detach (204, the game stays), and a
    deleted game leaves the crew's games and statistics."""
    ann = crew.player("Ann")
    table = Table(client)
    table.hand(1, **made())
    crew.attach(table, ("Ann", None, None, None))
    again = crew.attach(table, (None, "Ann", None, None), status=200).json
    assert again["seats"] == [None, ann, None, None]
    client.delete(f"{crew.url}/games/{table.id}", headers=crew.auth, status=204)
    client.delete(f"{crew.url}/games/{table.id}", headers=crew.auth, status=404)
    table.get()  # the game itself stays
    crew.attach(table, ("Ann", None, None, None))
    assert crew.stats().json["games"] == 1
    client.delete(table.url, headers=table.auth, status=204)
    assert client.get(crew.url, headers=crew.auth).json["games"] == []
    assert crew.stats().json["games"] == 0


def test_a_game_without_a_crew_works_as_before(client):
    """Required: "a game without a crew works exactly as today"; its seats route says so."""
    table = Table(client)
    table.hand(1, **made())
    refused = client.put_json(
        f"{table.url}/seats", {"seats": [None] * 4}, headers=table.auth, status=409
    ).json
    assert refused["rule_code"] == "NOT_IN_CREW"
    assert table.get().json["totals"] == [0, 1]


@pytest.mark.parametrize(
    ("query", "status", "rule_code"),
    [
        ({"from": "9999-12-31", "to": "9999-12-31"}, 200, None),  # the last day: no games
        ({"from": "0001-01-01"}, 200, None),  # the first day: all of them
        ({"from": "yesterday"}, 422, "BAD_DATES"),
        ({"ruleset": "x" * 65}, 422, "UNKNOWN_RULESET"),
        ({"later": "1"}, 200, None),  # a query word the statistics do not use is left aside
    ],
)
def test_odd_filters_are_4xx_never_500(client, crew, query, status, rule_code):
    """No input, however odd, gives a 500: the last day there is, a day that is no date;
    each gets its own answer (docs/crews.md: a day that is no date is 422 BAD_DATES)."""
    response = client.get(f"{crew.url}/stats", query, headers=crew.auth, status=status)
    assert response.json.get("rule_code") == rule_code
    if status == 200:
        assert response.json["games"] == 0  # this crew has played none yet


def test_a_summary_of_an_older_revision_or_version_is_never_counted(client, crew):
    """Derived, never a second truth: a cached summary that does not match the game's log (a
    stale revision, or another summary version) is rebuilt from the log before it counts."""
    from api.store.crews import CrewGame
    from api.store.db import flask_db

    crew.player("Ann")
    table = Table(client)
    table.hand(1, **made(bidder=0, bid=30, captured=35))
    crew.attach(table, ("Ann", None, None, None))
    assert crew.stats().json["players"][0]["made"] == 1
    with flask_db.database.connection_context():
        row = CrewGame.get_by_id(table.id)
        wrong = {**row.summary, "v": 1, "lines": [[0] * len(row.summary["lines"][0])] * 4}
        CrewGame.update(summary=wrong).where(CrewGame.game == table.id).execute()
    crew.attach(table, ("Ann", None, None, None), status=200)  # a new ETag: summed again
    assert crew.stats().json["players"][0]["made"] == 1
    with flask_db.database.connection_context():
        assert CrewGame.get_by_id(table.id).summary["v"] == 2


@pytest.mark.parametrize(
    "body, words, code",
    [
        ({"id": "nope", "name": "Ann"}, '"nope" is not a player id', "BAD_INPUT"),
        ({"name": "Ann"}, "the player's id is missing", "MISSING_FIELD"),
        ({"id": str(uuid.uuid4()), "name": "x" * 41}, "1 to 40 characters", "BAD_NAME"),
    ],
)
def test_schema_refusals_on_a_crew_speak_of_players(client, crew, body, words, code):
    """Every message reads like the table would say it: a crew's fields are named as a crew's
    (a player id, not a game id), with a stable rule_code and nothing stored."""
    refused = client.post_json(f"{crew.url}/players", body, headers=crew.auth, status=422).json
    assert words in refused["message"] and refused["rule_code"] == code
    assert client.get(crew.url, headers=crew.auth).json["players"] == []


def openapi_validator(client, path, method, status):
    """A JSON Schema validator (formats checked: `date-time` must carry its offset) of the
    answer the app's OpenAPI document gives `method` `path` for `status`; OpenAPI 3.0's
    `nullable` read as JSON Schema's null type."""
    spec = client.get("/api/openapi.json").json

    def schema_of(node):
        if isinstance(node, list):
            return [schema_of(item) for item in node]
        if not isinstance(node, dict):
            return node
        node = {key: schema_of(value) for key, value in node.items()}
        if node.pop("nullable", False):
            return {"anyOf": [node, {"type": "null"}]}
        return node

    answer = spec["paths"][path][method]["responses"][str(status)]
    schema = answer["content"]["application/json"]["schema"]
    root = {**schema_of(schema), "components": schema_of(spec["components"])}
    return jsonschema.Draft4Validator(root, format_checker=jsonschema.FormatChecker())


def test_crew_answers_write_their_times_with_an_offset_as_their_schema_says(client, crew):
    """A crew's `games[].attached_at` was written without its offset
    (`2026-11-27T03:08:33.960686`), where every other time the API writes carries one."""
    crew.player("Ann")
    table = Table(client)
    table.hand(1, **made())
    attached = crew.attach(table, ("Ann", None, None, None)).json
    read = client.get(crew.url, headers=crew.auth).json
    renamed = client.patch_json(crew.url, {"name": "Friday table"}, headers=crew.auth).json
    for moment in (attached, read["games"][0], renamed["games"][0]):
        written = datetime.datetime.fromisoformat(moment["attached_at"])
        assert written.utcoffset() == datetime.timedelta(0), moment
    path = "/api/crews/{crew_id}"
    openapi_validator(client, path, "get", 200).validate(read)
    openapi_validator(client, path, "patch", 200).validate(renamed)
    openapi_validator(client, f"{path}/games/{{game_id}}", "put", 201).validate(attached)
