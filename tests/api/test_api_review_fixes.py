"""Review findings of session 5 (each test names its finding and the requirement it checks):
an import never joins a match already here, a date at the calendar's edge is a 422, ..."""

import csv
import io
import re
import sys
import threading
import uuid
from pathlib import Path

import pytest
from helpers.apitest import Table, made
from helpers.crews import Crew
from helpers.eventtest import Director, names

from api.core.errors import ErrorOut
from api.core.lru import LockedLRU
from api.crews import roster, stats
from api.events import derive as events_derive
from api.events import views
from api.store.crews import CrewGame
from api.store.db import flask_db
from api.transfer import export


def won_game_doc(client):
    """The export of a standalone straight-42 game side 0 won (two 4-mark bids, docs/rules.md:
    a game is 7 marks)."""
    table = Table(client, ruleset="straight-42", first_dealer=0)
    for hand_no in (1, 2):
        table.hand(hand_no, bidder=0, bid={"marks": 4}, result={"captured": 42})
    return client.get(f"{table.url}/export", headers=table.auth).json


def test_an_import_never_adds_a_game_to_a_tournament_match_here(client):
    """Finding 1 (docs/export.md: an import never overwrites what is here): a file whose game
    names a live tournament match must not decide it; the game is reported as a conflict."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    before = director.start()
    phone = director.table("W1.1")
    table_view = phone.view()
    match_id = table_view["match"]["id"]
    doc = won_game_doc(client)
    doc["games"][0]["id"] = str(uuid.uuid4())
    doc["games"][0]["match"] = {"id": match_id, "game_no": 2}
    doc["matches"] = []
    answer = client.post_json("/api/import", doc, status=200).json
    assert [g["outcome"] for g in answer["games"]] == ["conflict"]
    assert "edit_token" not in answer["games"][0]
    after = director.view()
    assert director.match(after, "W1.1") == director.match(before, "W1.1")
    assert phone.view() == table_view


EDGES = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"]


@pytest.mark.parametrize("when", EDGES)
def test_a_checkin_time_past_the_calendar_is_a_422_never_a_500(client, when):
    """Finding 2 (docs/api-errors.md: no input gives a 500): the first and last day there is,
    shifted to UTC by their offset, fall off the calendar; creating or changing an event with
    such a check-in time is a 422 BAD_DATE naming the value, and nothing is stored."""
    body = {"name": "Edge 42", "ruleset": "straight-42", "format": "single-elimination"}
    body |= {"first_to": [1], "tables": 1, "teams": names(2), "checkin_deadline": when}
    error = client.post_json("/api/events", body, status=422).json
    assert error["rule_code"] == "BAD_DATE" and when in error["message"]
    assert "check-in time" in error["message"]
    director = Director(client, teams=2, first_to=[1], tables=1)
    error = client.patch_json(
        director.url, {"checkin_deadline": when}, headers=director.auth, status=422
    ).json
    assert error["rule_code"] == "BAD_DATE" and when in error["message"]
    assert director.view()["checkin_deadline"] is None


def test_csv_cells_that_look_like_formulas_are_never_run(client):
    """Finding 8 (docs/export.md, the CSV format): a team or player name a spreadsheet would
    run as a formula (= + - @) is written with a leading ' in every cell it reaches; a
    negative number stays a number (only text is guarded)."""
    teams = [
        {"name": "=HYPERLINK(1)", "players": ["@SUM(A1)", "Bo"]},
        {"name": "-1+2", "players": ["+Cy", "Di"]},
    ]
    table = Table(client, ruleset="straight-42", first_dealer=0, teams=teams)
    table.hand(1, bidder=0, bid=30, result={"captured": 35})
    text = client.get(f"{table.url}/export?format=csv", headers=table.auth).text
    row = next(csv.DictReader(io.StringIO(text)))
    assert row["game"] == "'=HYPERLINK(1) v -1+2"
    assert (row["dealer"], row["bidder"]) == ("'@SUM(A1)", "'@SUM(A1)")
    assert row["team"] == "'=HYPERLINK(1)"
    assert row["awarded"].startswith("'=HYPERLINK") and row["totals"].startswith("'=")
    assert row["count"] == "35" and row["hand"] == "1"
    assert export._cell("-2") == "-2" and export._cell(-2) == -2
    assert export._cell("-2 marks") == "'-2 marks"


def test_a_reseat_never_undoes_a_move_to_another_crew(client, monkeypatch):
    """Finding 4 (docs/crews.md: a game belongs to one crew at a time): a phone moves the
    game to another crew while a seats change is being checked; the seats change is a 409
    NOT_IN_CREW and the game stays in its new crew with its new seats."""
    first, second = Crew(client, "First"), Crew(client, "Second")
    first.player("Ann"), second.player("Cy")
    table = Table(client)
    table.hand(1, **made())
    first.attach(table, ("Ann", None, None, None))
    checked = roster.check_seats

    def moved_meanwhile(crew, game, seats):
        result = checked(crew, game, seats)
        # Another phone's detach and attach, committed in between (as two requests would).
        CrewGame.delete().where(CrewGame.game == table.id).execute()
        CrewGame.create(game=table.id, crew=second.id, seat_players=[second.ids["Cy"]] + [None] * 3)
        return result

    monkeypatch.setattr(roster, "check_seats", moved_meanwhile)
    seats = [first.ids["Ann"], None, None, None]
    refused = client.put_json(
        f"{table.url}/seats", {"seats": seats}, headers=table.auth, status=409
    ).json
    assert refused["rule_code"] == "NOT_IN_CREW"
    assert [g["seats"] for g in client.get(second.url, headers=second.auth).json["games"]] == [
        [second.ids["Cy"], None, None, None]
    ]
    assert client.get(first.url, headers=first.auth).json["games"] == []


def test_a_crew_is_made_and_renamed_inside_a_write_transaction(client, monkeypatch):
    """Finding 6 (api/store/db.py: every write waits its turn in a write transaction, the writer
    queue on SQLite): the statements making and renaming a crew run inside one."""
    database = type(flask_db.database.obj)
    run, seen = database.execute_sql, []

    def recording(self, sql, *args, **kwargs):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE")) and '"crew"' in sql:
            seen.append((sql.split()[0].upper(), self.in_transaction()))
        return run(self, sql, *args, **kwargs)

    monkeypatch.setattr(database, "execute_sql", recording)
    crew = Crew(client, "Before")
    client.patch_json(crew.url, {"name": "After"}, headers=crew.auth, status=200)
    assert client.get(crew.url, headers=crew.auth).json["name"] == "After"
    assert [kind for kind, _ in seen] == ["INSERT", "UPDATE"]
    assert all(inside for _, inside in seen), seen


def test_a_table_token_is_decided_on_under_the_event_lock(client, monkeypatch):
    """Finding 5 (docs/tournaments.md: no table link for a decided match, 409
    MATCH_ALREADY_PLAYED): the bracket is derived after the event is locked, inside the write,
    so a result recorded at the same moment cannot slip past the check."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    derive, seen = events_derive.derive, []

    def recording(event, *args, **kwargs):
        seen.append(flask_db.database.obj.in_transaction())
        return derive(event, *args, **kwargs)

    monkeypatch.setattr(events_derive, "derive", recording)
    issued = director.post("/matches/W1.1/table-token", status=201).json
    assert issued["match"] == "W1.1" and seen and all(seen), seen
    monkeypatch.setattr(events_derive, "derive", derive)
    director.tables["W1.1"] = issued["table_token"]  # the old one stopped working
    director.table("W1.1").play(0)
    refused = director.post("/matches/W1.1/table-token", status=409).json
    assert refused["rule_code"] == "MATCH_ALREADY_PLAYED"


def test_the_locked_lru_keeps_the_most_recently_used():
    """Finding 7: one cache helper for the public event views and the crew statistics: at
    most `size` entries, the least recently used dropped first."""
    cache = LockedLRU(2)
    cache.put("a", 1), cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert (cache.get("b"), cache.get("a"), cache.get("c"), len(cache)) == (None, 1, 3, 2)
    assert isinstance(views._PUBLIC, LockedLRU)
    assert isinstance(stats._RESULTS, LockedLRU)


def test_the_locked_lru_survives_threads_evicting_at_once():
    """Finding 7: threaded workers share a process's caches; many threads putting and
    getting past the size at once never raise (a plain dict trimmed with pop(next(iter()))
    raised KeyError or "dictionary changed size" in 4 runs of 4 of this test's load) and the
    size bound holds."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    cache, errors = LockedLRU(4), []

    def hammer(offset):
        try:
            for n in range(20000):
                cache.put((offset + n) % 50, n)
                cache.get((offset + n * 7) % 50)
        except Exception as error:  # noqa: BLE001 (any error is the failure looked for)
            errors.append(error)

    try:
        threads = [threading.Thread(target=hammer, args=(i * 13,)) for i in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == [] and len(cache) == 4


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda doc: doc.update(format="tournament"), '"tournament" is not a Tally 42 export'),
        (lambda doc: doc.update(version=2), "written by a newer Tally 42"),
        (
            lambda doc: doc["games"][0].update(match={"id": "nope", "game_no": 1}),
            '"nope" is not a match id',
        ),
        (lambda doc: doc["games"][0].update(id="nope"), '"nope" is not a game id'),
    ],
)
def test_an_import_refusal_speaks_of_the_file(client, change, words):
    """Finding 10 (docs/export.md; the one shape of docs/api-errors.md in a player's words):
    the import's `format` is the file's, not a tournament format; version 2 comes from a
    newer Tally 42 (as the phone's restore says); a bad match id is not called a game id."""
    doc = won_game_doc(client)
    change(doc)
    error = client.post_json("/api/import", doc, status=422).json
    assert error["rule_code"] == "BAD_INPUT" and words in error["message"], error["message"]
    assert "tournament format" not in error["message"]


def test_an_event_name_over_80_says_80(client):
    """Finding 10 (docs/tournaments.md: an event's name is 1 to 80 characters, a team's 1 to
    60): the refusal names the event's limit, and a team's stays 60."""
    body = {"name": "x" * 81, "ruleset": "straight-42", "format": "single-elimination"}
    body |= {"first_to": [1], "tables": 1, "teams": names(2)}
    error = client.post_json("/api/events", body, status=422).json
    assert "1 to 80 characters" in error["message"] and error["rule_code"] == "BAD_INPUT"
    body["name"], body["teams"][0]["name"] = "Timpson 42", "y" * 61
    error = client.post_json("/api/events", body, status=422).json
    assert "1 to 60 characters" in error["message"]


def test_a_match_read_before_the_start_is_409_event_not_started(client):
    """Finding 11 (docs/tournaments.md refusals: a match route before the start is 409
    EVENT_NOT_STARTED), for the table's match read as for the director's match routes;
    after the start, a match not at a table yet is 404."""
    director = Director(client, teams=4, first_to=[1], tables=1)
    url = f"{director.url}/matches/W1.1"
    refused = client.get(url, headers=director.auth, status=409).json
    assert refused["rule_code"] == "EVENT_NOT_STARTED" and "not started" in refused["message"]
    forfeit = director.post("/matches/W1.1/forfeit", {"team": 1}, status=409).json
    assert forfeit["rule_code"] == "EVENT_NOT_STARTED"
    director.check_in_all()
    director.start()
    waiting = client.get(f"{director.url}/matches/W1.2", headers=director.auth, status=404).json
    assert waiting["rule_code"] == "NOT_FOUND"
    spec = client.get("/api/openapi.json").json
    responses = spec["paths"]["/api/events/{event_id}/matches/{bracket_id}"]["get"]["responses"]
    assert "409" in responses


def test_every_member_of_the_error_shape_is_documented(client):
    """Finding 11 (docs/api-errors.md: one error shape, its members listed): the members
    table and the OpenAPI ErrorOut hold every member the API sends, `locked` (409
    RESULT_LOCKED) and `player` (409 NAME_TAKEN) among them."""
    text = (Path(__file__).parents[2] / "docs" / "api-errors.md").read_text()
    table = text.split("| member |", 1)[1].split("\n\n", 1)[0]
    documented = set(re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE))
    sent = set(ErrorOut().fields)
    assert {"locked", "player"} <= sent
    assert documented == sent
    spec = client.get("/api/openapi.json").json["components"]["schemas"]["ErrorOut"]
    assert {"locked", "player"} <= set(spec["properties"])
