"""A crew's export (its name, roster, who
sat where, and all its games, valid against docs/export.schema.json) as JSON, re-importable,
and as CSV (one row per hand, the seats named by the roster), with ETag/304; the import
restores a crew idempotently (twice changes nothing), reports a crew here with other content
without overwriting it, and refuses a bad crew part (4xx, nothing stored). Uses the golden
crew of test_api_crew_stats (an edited past hand, a carried-over score, an empty seat)."""

import copy
import csv
import io

import pytest
from helpers.apitest import Table, close_pool, made
from helpers.crews import NAMES, by_name, golden_crew
from helpers.exports import counts, validate

from api.store.crews import Crew, CrewGame, CrewPlayer
from api.store.db import flask_db


@pytest.fixture
def crew(client):
    """The golden crew of test_api_crew_stats."""
    return golden_crew(client)


def crew_export(crew, fmt="json", status=200, headers=None):
    """GET the crew's export with its token."""
    return crew.client.get(
        f"{crew.url}/export?format={fmt}", headers={**crew.auth, **(headers or {})}, status=status
    )


def crew_counts(app):
    """(crews, roster players, crew games) stored."""
    with flask_db.database.connection_context():
        return Crew.select().count(), CrewPlayer.select().count(), CrewGame.select().count()


def test_crew_json_export_validates_and_holds_crew_roster_seats_and_games(crew):
    doc = crew_export(crew).json
    validate(doc)  # docs/export.schema.json covers the crew part
    part = doc["crew"]
    assert (part["id"], part["name"]) == (crew.id, "Thursday table")
    assert sorted(p["name"] for p in part["players"]) == sorted(NAMES)
    assert [g["game_id"] for g in part["games"]] == [t.id for t in crew.tables]
    four = next(g for g in part["games"] if g["game_id"] == crew.tables[2].id)
    assert four["seats"] == [crew.ids["Ann"], crew.ids["Bob"], crew.ids["Cy"], None]
    assert {g["id"] for g in doc["games"]} == {t.id for t in crew.tables}  # not the casual one
    one = next(g for g in doc["games"] if g["id"] == crew.tables[0].id)
    assert len(one["hands"]) == 8 and one["hands"][1]["hand"]["result"] == {"captured": 40}
    two = next(g for g in doc["games"] if g["id"] == crew.tables[1].id)
    assert two["start_totals"] == [5, 6]
    text = crew_export(crew).text
    for table in crew.tables:  # never a token
        assert table.token not in text and table.share_token not in text
    assert crew.token not in text


def test_crew_export_answers_304_to_its_etag_and_changes_with_a_hand(crew):
    first = crew_export(crew)
    assert 'filename="tally42-crew-' in first.headers["Content-Disposition"]
    crew_export(crew, headers={"If-None-Match": first.headers["ETag"]}, status=304)
    crew.tables[2].hand(2, **made(bidder=3, bid=30, captured=35))
    assert crew_export(crew, headers={"If-None-Match": first.headers["ETag"]}).status_int == 200


def test_crew_csv_is_one_row_per_hand_with_the_seats_named_by_the_roster(crew):
    rows = list(csv.DictReader(io.StringIO(crew_export(crew, "csv").text)))
    assert len(rows) == 8 + 1 + 1 + 1  # every hand of the crew's four games
    first = rows[0]
    assert (first["hand"], first["dealer"], first["bidder"], first["outcome"]) == (
        "1",
        "Ann",
        "Ann",
        "made",
    )
    assert first["seats"] == "seat 1 Ann; seat 2 Bob; seat 3 Cy; seat 4 Di"
    empty = next(r for r in rows if r["game_id"] == crew.tables[2].id)
    assert empty["seats"].endswith("seat 4 seat 4")  # an empty seat keeps its number
    assert crew_export(crew, "xml", status=422).json["rule_code"] == "UNKNOWN_FORMAT"


def test_a_crew_export_imports_into_a_fresh_store_with_the_same_statistics(crew, app, fresh):
    """Required: "export then import gives back the same games, hand for hand, and the same
    statistics", and a created crew's token is shown once."""
    doc, stats = crew_export(crew).json, crew.stats().json
    views = {t.id: t.get().json for t in crew.tables}
    close_pool(app)
    other = fresh()
    answer = other.post_json("/api/import", doc, status=201).json
    assert answer["crew"]["outcome"] == "created"
    assert answer["crew"]["token"] != crew.token and len(answer["crew"]["token"]) >= 43
    assert answer["crew"]["join_url"].endswith(f"/{crew.id}/{answer['crew']['token']}")
    assert [g["outcome"] for g in answer["games"]] == ["created"] * 4
    auth = {"Authorization": f"Bearer {answer['crew']['token']}"}
    again = other.get(f"/api/crews/{crew.id}/stats", headers=auth).json
    assert again == stats
    tokens = {g["id"]: g["edit_token"] for g in answer["games"]}
    for game_id, before in views.items():
        after = other.get(
            f"/api/games/{game_id}", headers={"Authorization": f"Bearer {tokens[game_id]}"}
        ).json
        assert after["hands"] == before["hands"] and after["totals"] == before["totals"]
    assert other.get(f"/api/crews/{crew.id}/export", headers=auth).json == doc


def test_importing_a_crew_twice_changes_nothing(crew, app):
    doc = crew_export(crew).json
    before, stored, crews = crew.stats().json, counts(app), crew_counts(app)
    answer = crew.client.post_json("/api/import", doc, status=200).json
    assert answer["crew"]["outcome"] == "unchanged" and "token" not in answer["crew"]
    assert [g["outcome"] for g in answer["games"]] == ["unchanged"] * 4
    assert (counts(app), crew_counts(app)) == (stored, crews)
    assert crew.stats().json == before


def test_a_crew_here_with_other_content_is_reported_never_overwritten(crew, app):
    doc = crew_export(crew).json
    changed = copy.deepcopy(doc)
    changed["crew"]["name"] = "Friday table"
    changed["crew"]["players"][0]["name"] = "Zed"
    before, crews = crew.client.get(crew.url, headers=crew.auth).json, crew_counts(app)
    answer = crew.client.post_json("/api/import", changed, status=200).json
    assert answer["crew"]["outcome"] == "conflict"
    assert "left as it is" in answer["crew"]["message"]
    assert crew.client.get(crew.url, headers=crew.auth).json == before
    assert crew_counts(app) == crews


def test_a_game_already_here_stays_out_of_a_created_crew(crew, app, fresh):
    """A game already on the server may be a stranger's: only its edit token puts it in a
    crew (docs/crews.md), so an import does not."""
    doc = crew_export(crew).json
    close_pool(app)
    other = fresh()
    alone = {**doc, "games": [doc["games"][0]], "crew": None}
    other.post_json("/api/import", alone, status=201)
    answer = other.post_json("/api/import", doc, status=201).json
    assert answer["crew"]["outcome"] == "created"
    assert "1 of its games were already here" in answer["crew"]["message"]
    auth = {"Authorization": f"Bearer {answer['crew']['token']}"}
    games = other.get(f"/api/crews/{crew.id}", headers=auth).json["games"]
    assert [g["game_id"] for g in games] == [t.id for t in crew.tables[1:]]


def refused(crew, app, fresh, change):
    """Import a changed crew export into a fresh store: the 4xx, with nothing stored."""
    doc = crew_export(crew).json
    change(doc)
    close_pool(app)
    other = fresh()
    error = other.post_json("/api/import", doc, status=422).json
    assert set(error) >= {"code", "message", "rule_code"} and error["code"] == 422
    assert error["message"].startswith("The crew of the file")
    return error


def test_a_crew_game_missing_from_the_file_is_refused_and_nothing_is_stored(crew, app, fresh):
    def drop_game(doc):
        doc["games"] = doc["games"][1:]

    assert refused(crew, app, fresh, drop_game)["rule_code"] == "CREW_GAME_MISSING"
    with flask_db.database.connection_context():
        assert (Crew.select().count(), CrewGame.select().count()) == (0, 0)


def test_a_seat_off_the_roster_is_refused(crew, app, fresh):
    def off_roster(doc):
        doc["crew"]["players"] = doc["crew"]["players"][1:]

    assert refused(crew, app, fresh, off_roster)["rule_code"] == "NOT_ON_ROSTER"


def test_a_name_twice_on_the_roster_is_refused(crew, app, fresh):
    def twice(doc):
        doc["crew"]["players"][1]["name"] = doc["crew"]["players"][0]["name"].upper() + " "

    error = refused(crew, app, fresh, twice)
    assert error["rule_code"] == "NAME_TAKEN"


def test_seats_that_do_not_fit_the_game_are_refused(crew, app, fresh):
    def three(doc):
        doc["crew"]["games"][0]["seats"] = doc["crew"]["games"][0]["seats"][:3]

    assert refused(crew, app, fresh, three)["rule_code"] == "SEATS_COUNT"


def test_the_crew_part_is_checked_by_the_schema(crew):
    doc = crew_export(crew).json
    doc["crew"]["colour"] = "red"
    error = crew.client.post_json("/api/import", doc, status=422).json
    assert error["rule_code"] == "UNKNOWN_FIELD" and '"colour"' in error["message"]
    assert "crew.colour" not in error["message"]  # said for people, no field path


def test_a_game_export_never_carries_its_crew(crew):
    """One game's export stays the game: its crew (and roster) only leave with the crew."""
    one = crew.tables[0]
    doc = one.client.get(f"{one.url}/export", headers=one.auth).json
    assert "crew" not in doc
    assert by_name(crew.stats().json)  # the crew is still there


def test_the_openapi_document_has_the_crew_export(client):
    spec = client.get("/api/openapi.json").json
    route = spec["paths"]["/api/crews/{crew_id}/export"]["get"]
    assert route["security"] == [{"crewToken": []}]
    assert {"200", "304", "422", "default"} <= set(route["responses"])  # default: 401/403/404
    assert {"application/json", "text/csv"} <= set(route["responses"]["200"]["content"])


def test_a_crew_token_does_not_export_a_game_nor_a_game_token_a_crew(crew):
    table = Table(crew.client)
    table.hand(1, **made())
    crew.client.get(f"{table.url}/export", headers=crew.auth, status=403)
    crew.client.get(f"{crew.url}/export", headers=table.auth, status=403)
