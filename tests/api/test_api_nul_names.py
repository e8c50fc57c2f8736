"""A name with a NUL character is a bad name (422 in the one error shape), never a 500: every
name (a game's, a match's, an event's, a team's, a player's, a crew's, sent or imported) is
a text column, and PostgreSQL's text cannot hold a NUL (schemathesis found the team name
"\\u0000" answered 500 there; found games, matches, imports and the crew statistics'
filter still open). Every text a request brings refuses a NUL. Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

import copy
import uuid

import pytest
from helpers.apitest import Table
from marshmallow import fields, validate

from api.schemas.base import refuse_nul
from api.store.crews import Crew
from api.store.db import flask_db
from api.store.events import Event
from api.store.schema import MODELS

EVENT = {"name": "Hallettsville 42", "ruleset": "straight-42", "format": "single-elimination"}


@pytest.mark.parametrize(
    "body",
    [
        {**EVENT, "name": "Hallettsville\x0042"},
        {**EVENT, "teams": [{"name": "\x00", "players": ["Ann", "Bo"]}]},
        {**EVENT, "teams": [{"name": "Owls", "players": ["Ann", "B\x00o"]}]},
    ],
    ids=["event name", "team name", "player name"],
)
def test_an_event_with_a_nul_in_a_name_is_refused_and_nothing_stored(app, client, body):
    error = client.post_json("/api/events", body, status=422).json
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert "\x00" not in error["message"]
    with app.app_context():
        assert Event.select().count() == 0


def test_a_crew_with_a_nul_in_its_name_is_refused_and_nothing_stored(app, client):
    error = client.post_json("/api/crews", {"name": "Thursday\x00table"}, status=422).json
    assert error["rule_code"]
    with app.app_context():
        assert Crew.select().count() == 0


# Games, matches and imports took a name with a NUL (a 500 on
# PostgreSQL), and the crew statistics' ruleset filter was a 500 there. One rule for a name
# (api/schemas/base.py), wherever a name enters: create, patch, roster, import.

TEAMS = [{"name": "Us", "players": ["Ann", "Bo"]}, {"name": "Them", "players": ["Cy", "Di"]}]


def one_error(response, status=422):
    """The one error shape, its message free of the NUL."""
    error = response.json
    assert response.status_int == status
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert error["code"] == status and error["rule_code"]
    assert "\x00" not in error["message"]
    return error


def rows(app):
    """Every row of every table: a refusal stores nothing."""
    with app.app_context(), flask_db.database.connection_context():
        return tuple(model.select().count() for model in MODELS)


def nul_teams(where):
    teams = copy.deepcopy(TEAMS)
    if where == "team":
        teams[1]["name"] = "Th\x00em"
    else:
        teams[0]["players"][1] = "\x00"
    return teams


@pytest.mark.parametrize("where", ["team", "player"])
@pytest.mark.parametrize("route", ["/api/games", "/api/matches"])
def test_a_game_or_match_with_a_nul_in_a_name_is_refused(app, client, route, where):
    body = {"ruleset": "straight-42", "first_dealer": 0, "teams": nul_teams(where)}
    if route == "/api/matches":
        body["first_to"] = 2
    before = rows(app)
    one_error(client.post_json(route, body, status=422))
    assert rows(app) == before


@pytest.mark.parametrize("where", ["game team", "game player", "match team"])
def test_an_import_with_a_nul_in_a_game_or_match_name_is_refused(app, client, where):
    match_id = client.post_json(
        "/api/matches",
        {"ruleset": "straight-42", "first_dealer": 0, "teams": TEAMS, "first_to": 2},
        status=201,
    ).json["id"]
    table = Table(client, teams=TEAMS)
    doc = client.get(f"{table.url}/export", headers=table.auth).json
    if where == "match team":
        match = {
            "id": match_id,
            "ruleset": "straight-42",
            "teams": nul_teams("team"),
            "first_dealer": 0,
            "first_to": 2,
            "shake_rule": "rotate",
        }
        doc["matches"] = [{**match, "id": str(uuid.uuid4())}]
        doc["games"][0]["match"] = {"id": doc["matches"][0]["id"], "game_no": 1}
    doc["games"][0]["id"] = str(uuid.uuid4())
    if where != "match team":
        doc["games"][0]["teams"] = nul_teams(where.split()[1])
    before = rows(app)
    one_error(client.post_json("/api/import", doc, status=422))
    assert rows(app) == before


@pytest.mark.parametrize("where", ["crew", "player"])
def test_an_import_with_a_nul_in_a_crew_name_is_refused(app, client, where):
    crew = client.post_json("/api/crews", {"name": "Thursday"}, status=201).json
    auth = {"Authorization": f"Bearer {crew['token']}"}
    player = {"id": str(uuid.uuid4()), "name": "Ann"}
    client.post_json(f"/api/crews/{crew['id']}/players", player, headers=auth, status=201)
    doc = client.get(f"/api/crews/{crew['id']}/export", headers=auth).json
    doc["crew"]["id"] = str(uuid.uuid4())
    if where == "crew":
        doc["crew"]["name"] = "Thurs\x00day"
    else:
        doc["crew"]["players"][0]["name"] = "A\x00nn"
    before = rows(app)
    one_error(client.post_json("/api/import", doc, status=422))
    assert rows(app) == before


def test_a_patch_or_a_roster_change_with_a_nul_in_a_name_is_refused(app, client):
    event = client.post_json("/api/events", {**EVENT, "teams": TEAMS}, status=201).json
    director = {"Authorization": f"Bearer {event['director_token']}"}
    url = f"/api/events/{event['id']}"
    team = f"{url}/teams/{event['teams'][0]['id']}"
    crew = client.post_json("/api/crews", {"name": "Thursday"}, status=201).json
    member = {"Authorization": f"Bearer {crew['token']}"}
    player = {"id": str(uuid.uuid4()), "name": "Ann"}
    players = f"/api/crews/{crew['id']}/players"
    client.post_json(players, player, headers=member, status=201)
    before = rows(app)
    for method, path, body, auth in (
        ("patch", url, {"name": "\x00"}, director),
        ("post", f"{url}/teams", {"name": "Owls", "players": ["A\x00", "B"]}, director),
        ("patch", team, {"name": "Ow\x00ls"}, director),
        ("patch", team, {"players": ["Al", "\x00"]}, director),
        ("patch", f"/api/crews/{crew['id']}", {"name": "Fri\x00day"}, member),
        ("post", players, {"id": str(uuid.uuid4()), "name": "B\x00o"}, member),
        ("patch", f"{players}/{player['id']}", {"name": "An\x00n"}, member),
    ):
        send = getattr(client, f"{method}_json")
        one_error(send(path, body, headers=auth, status=422))
    assert rows(app) == before


@pytest.mark.parametrize("ruleset", ["%00", "straight-42%00", "a%00b"])
def test_a_nul_in_the_crew_statistics_filter_is_a_4xx(client, ruleset):
    crew = client.post_json("/api/crews", {"name": "Thursday"}, status=201).json
    response = client.get(
        f"/api/crews/{crew['id']}/stats?ruleset={ruleset}",
        headers={"Authorization": f"Bearer {crew['token']}"},
        status="*",
    )
    assert 400 <= response.status_int < 500, response
    one_error(response, response.status_int)


def input_schemas(app):
    """Every schema a route reads a request with (body or query), and those nested in them."""
    todo = []
    for view in app.view_functions.values():
        view_class = getattr(view, "view_class", None)
        methods = [getattr(view_class, m, None) for m in ("get", "post", "put", "patch", "delete")]
        for method in methods if view_class else [view]:
            for argument in (
                getattr(method, "_apidoc", {}).get("arguments", {}).get("parameters", [])
            ):
                todo.append(argument["schema"])
    seen = {}
    while todo:
        schema = todo.pop()
        schema = schema if isinstance(schema, type) else type(schema)
        if schema.__name__ in seen:
            continue
        seen[schema.__name__] = schema
        for field in schema._declared_fields.values():
            while isinstance(field, fields.List):
                field = field.inner
            if isinstance(field, fields.Nested):
                todo.append(field.nested)
    return [seen[name] for name in sorted(seen)]


def text_fields(field, path):
    """(path, String field) of `field` and the fields it holds (a list's items, a dict's
    keys and values); a nested schema is walked as a schema of its own."""
    if isinstance(field, fields.String):
        yield path, field
    elif isinstance(field, fields.List):
        yield from text_fields(field.inner, f"{path}[]")
    elif isinstance(field, fields.Dict):
        for part, inner in (("key", field.key_field), ("value", field.value_field)):
            if inner is not None:
                yield from text_fields(inner, f"{path}{{{part}}}")


def test_no_request_field_takes_a_nul(app):
    """A NUL reaches no text column: every text a request schema takes is a name (the one
    name rule) or other text with the same check, or a word from a list or a pattern."""
    closed = (validate.OneOf, validate.Equal, validate.Regexp)
    # compared with "json" and "csv" by the view (UNKNOWN_FORMAT, in its own words), never
    # stored nor put in a query
    compared = {"ExportQuery.format"}
    loose = []
    schemas = input_schemas(app)
    assert {"GameCreate", "MatchCreate", "ExportDocument", "ExportCrew", "StatsQuery"} <= {
        schema.__name__ for schema in schemas
    }
    for schema in schemas:
        for name, field in schema._declared_fields.items():
            for path, text in text_fields(field, f"{schema.__name__}.{name}"):
                checks = text.validators
                if path in compared:
                    continue
                if not any(isinstance(c, closed) or c is refuse_nul for c in checks):
                    loose.append(path)
    assert loose == []
