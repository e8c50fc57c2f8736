"""Export and import (docs/export.md): a game as JSON (valid against
docs/export.schema.json, complete: re-importable) and as CSV (one row per hand, in a
player's words), ETag/304 and a file name; the import restores idempotently (twice changes
nothing), reports a game here with other content without overwriting it, and refuses a bad
file (4xx naming the game and hand, nothing stored)."""

import copy
import csv
import io
import json
import uuid

import pytest
from helpers.apitest import Table, TestApp, close_pool, made, make_app
from helpers.exports import counts, validate
from helpers.set_aside import FOUR_MARKS, edit, ten_hands

TEAMS = [
    {"name": "Ann & Bo", "players": ["Ann", "Bo"]},
    {"name": "Cy & Di", "players": ["Cy", "Di"]},
]


def export(table, fmt="json", status=200, headers=None):
    """GET the game's export with its edit token."""
    return table.client.get(
        f"{table.url}/export?format={fmt}", headers={**table.auth, **(headers or {})}, status=status
    )


def played(client, **body):
    """A game of four hands: a point bid, a 2-mark bid set with a renege, a plunge, nel-o."""
    table = Table(client, teams=TEAMS, **body)
    table.hand(1, **made())
    table.hand(
        2,
        bidder=2,
        bid={"marks": 2},
        trump=5,
        result={"captured": 20},
        penalties=[{"kind": "renege", "side": 0}],
    )
    table.hand(3, bidder=3, bid=31, trump="doubles", result={"captured": 31})
    table.hand(4, bidder=0, bid=30, result={"captured": 12})
    return table


# ---- export ----


def test_json_export_validates_and_holds_the_whole_game_without_tokens(client):
    table = played(client)
    response = export(table)
    doc = response.json
    validate(doc)
    assert response.headers["Content-Disposition"] == (
        f'attachment; filename="tally42-{table.id[:8]}.json"'
    )
    game = doc["games"][0]
    assert (doc["format"], doc["version"], game["id"]) == ("tally42-export", 1, table.id)
    assert game["teams"] == TEAMS
    full = table.get().json
    assert [h["hand"] for h in game["hands"]] == [h["hand"] for h in full["hands"]]
    assert game["totals"] == full["totals"]
    text = response.text
    assert table.token not in text and table.share_token not in text  # never a token


def test_export_shows_an_edited_hand_as_it_stands_and_hands_set_aside(client):
    table = Table(client)
    ten_hands(table)
    edit(table, 2, FOUR_MARKS, later="set_aside")
    doc = export(table).json
    validate(doc)
    game = doc["games"][0]
    assert game["hands"][1]["hand"] == FOUR_MARKS
    assert game["set_aside"] == table.get().json["set_aside"]


def test_export_answers_304_to_its_etag_and_changes_with_a_new_hand(client):
    table = played(client)
    etag = export(table).headers["ETag"]
    export(table, status=304, headers={"If-None-Match": etag})
    table.hand(5, **made())
    assert export(table).headers["ETag"] != etag
    assert export(table, "csv").headers["ETag"] != etag  # the CSV is another representation


def test_csv_has_one_row_per_hand_in_a_players_words(client):
    table = played(client)
    response = export(table, "csv")
    assert response.content_type == "text/csv"
    assert response.headers["Content-Disposition"].endswith(f'{table.id[:8]}.csv"')
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert len(rows) == 4
    assert list(rows[0]) == [
        "game_id",
        "game",
        "hand",
        "dealer",
        "bidder",
        "team",
        "bid",
        "contract",
        "trump",
        "count",
        "outcome",
        "awarded",
        "totals",
        "penalties",
    ]
    first, second, third = rows[:3]
    assert (first["dealer"], first["bidder"], first["team"]) == ("Ann", "Cy", "Cy & Di")
    assert (first["bid"], first["count"], first["outcome"]) == ("30", "35", "made")
    assert first["totals"] == "Ann & Bo 0, Cy & Di 1"
    assert (second["bid"], second["trump"], second["outcome"]) == ("2 marks (84)", "5s", "set")
    assert second["penalties"] == "renege by Ann & Bo"
    assert third["trump"] == "doubles"
    assert rows[-1]["totals"] == "Ann & Bo {}, Cy & Di {}".format(*table.get().json["totals"])


def test_csv_names_a_contract(client):
    table = Table(client, ruleset="straight-42", rules={"plunge": True})
    table.hand(1, bidder=1, bid={"contract": "plunge", "marks": 4}, result={"captured": 42})
    row = next(csv.DictReader(io.StringIO(export(table, "csv").text)))
    assert (row["bid"], row["contract"]) == ("a 4-mark plunge", "plunge")


@pytest.mark.parametrize(
    ("who", "status"), [("none", 401), ("share", 403), ("other", 403), ("crew", 403)]
)
def test_only_the_edit_token_exports(client, who, status):
    """Access matrix: a game's export is its edit token's; no token is 401, a
    share token, another game's edit token or a crew token 403."""
    table, other = played(client), Table(client)
    crew = client.post_json("/api/crews", {"name": "Thursday table"}, status=201).json
    token = {
        "none": None,
        "share": table.share_token,
        "other": other.token,
        "crew": crew["token"],
    }[who]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.get(f"{table.url}/export", headers=headers, status=status)
    assert response.json["code"] == status


@pytest.mark.parametrize("who", ["none", "edit", "share", "crew", "unknown"])
def test_the_import_needs_no_token_and_no_token_changes_it(client, app, who):
    """Access matrix: the import only adds games (each with a new edit token) and
    never changes one here, so any token, or none, gets the same answer."""
    table = played(client)
    doc = export(table).json
    crew = client.post_json("/api/crews", {"name": "Thursday table"}, status=201).json
    token = {
        "none": None,
        "edit": table.token,
        "share": table.share_token,
        "crew": crew["token"],
        "unknown": "x" * 43,
    }[who]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    stored = counts(app)
    answer = client.post_json("/api/import", doc, headers=headers, status=200).json
    assert [g["outcome"] for g in answer["games"]] == ["unchanged"]
    doc["games"][0]["id"] = str(uuid.uuid4())
    made = client.post_json("/api/import", doc, headers=headers, status=201).json
    assert made["games"][0]["outcome"] == "created"
    assert counts(app)[0] == stored[0] + 1


def test_an_unknown_format_is_a_422_in_the_one_shape(client):
    table = played(client)
    error = export(table, "xml", status=422).json
    assert error["rule_code"] and "xml" in error["message"]


# ---- import ----


def test_import_into_a_fresh_store_gives_back_the_same_game(client, app, fresh):
    table = played(client)
    doc, before = export(table).json, table.get().json
    close_pool(app)
    other = fresh()
    answer = other.post_json("/api/import", doc, status=201).json
    (item,) = answer["games"]
    assert (item["id"], item["outcome"]) == (table.id, "created")
    assert item["edit_token"] != table.token
    auth = {"Authorization": f"Bearer {item['edit_token']}"}
    after = other.get(f"/api/games/{table.id}", headers=auth).json
    for key in (
        "hands",
        "totals",
        "teams",
        "first_dealer",
        "winner",
        "game_over",
        "next_dealer",
        "next_hand_no",
    ):
        assert after[key] == before[key], key
    again = other.get(f"/api/games/{table.id}/export", headers=auth).json
    assert again == doc  # the same export, created_at included


def test_importing_twice_changes_nothing(client, app):
    table = played(client)
    doc = export(table).json
    before, stored = table.get().json, counts(app)
    answer = client.post_json("/api/import", doc, status=200).json
    assert answer["games"][0]["outcome"] == "unchanged"
    assert "already here" in answer["games"][0]["message"]
    assert "edit_token" not in answer["games"][0]
    assert table.get().json == before and counts(app) == stored


def test_a_game_here_with_other_hands_is_reported_never_overwritten(client, app):
    table = played(client)
    doc = export(table).json
    table.hand(5, **made())
    before = table.get().json
    answer = client.post_json("/api/import", doc, status=200).json
    assert answer["games"][0]["outcome"] == "conflict"
    assert "left as it is" in answer["games"][0]["message"]
    assert table.get().json == before


def test_a_bad_hand_is_refused_naming_game_and_hand_and_nothing_is_stored(client, app, fresh):
    good, bad = played(client), played(client)
    doc = export(good).json
    second = export(bad).json["games"][0]
    second["hands"][2]["hand"]["bid"] = 29  # below the minimum bid: rules/ refuses it
    doc["games"].append(second)
    close_pool(app)
    other = fresh()
    error = other.post_json("/api/import", doc, status=422).json
    assert error["rule_code"] == "BID_OUT_OF_RANGE" and error["hand_no"] == 3
    assert error["message"].startswith("Game 2 of the file (Ann & Bo v Cy & Di), hand 3:")
    assert error["game_id"] == bad.id
    assert counts(other.app) == (0, 0, 0)  # all or nothing: game 1 was not stored either


@pytest.mark.parametrize(
    ("change", "rule_code"),
    [
        (lambda g: g["hands"][1].update(hand_no=3), "HAND_NUMBERS"),
        (lambda g: g.update(ruleset="no-such-rules"), "UNKNOWN_RULESET"),
        (lambda g: g.update(first_dealer=7), "SEAT_OUT_OF_RANGE"),
        (lambda g: g["hands"][0]["hand"].update(bid="thirty"), "BID_NOT_INTEGER"),
        (lambda g: g.update(secret="x"), "UNKNOWN_FIELD"),
        (lambda g: g.update(match={"id": str(uuid.uuid4()), "game_no": 1}), "MATCH_MISSING"),
        (
            lambda g: g.update(
                set_aside={"hand_no": 9, "previous": made(), "first_hand_no": 10, "hands": [made()]}
            ),
            "SET_ASIDE_MISMATCH",
        ),
    ],
)
def test_a_bad_file_is_a_4xx_in_the_one_shape(client, app, fresh, change, rule_code):
    doc = export(played(client)).json
    change(doc["games"][0])
    close_pool(app)
    other = fresh()
    error = other.post_json("/api/import", doc, status=422).json
    assert error["rule_code"] == rule_code
    assert error["message"].startswith("Game 1 of the file")
    assert set(error) >= {"code", "status", "message", "errors"}
    assert counts(other.app) == (0, 0, 0)


def test_the_same_game_twice_in_a_file_is_refused(client):
    doc = export(played(client)).json
    doc["games"].append(copy.deepcopy(doc["games"][0]))
    assert client.post_json("/api/import", doc, status=422).json["rule_code"] == "DUPLICATE"


def test_set_aside_hands_come_back_and_can_still_be_restored(client, app, fresh):
    table = Table(client)
    ten_hands(table)
    edit(table, 2, FOUR_MARKS, later="set_aside")
    doc = export(table).json
    close_pool(app)
    other = fresh()
    item = other.post_json("/api/import", doc, status=201).json["games"][0]
    auth = {"Authorization": f"Bearer {item['edit_token']}"}
    url = f"/api/games/{table.id}"
    etag = other.get(url, headers=auth).headers["ETag"]
    restored = other.post(f"{url}/set-aside/restore", headers={**auth, "If-Match": etag}).json
    assert restored["set_aside"] is None and restored["next_hand_no"] == 11


def test_a_game_of_a_match_brings_its_match(client, app, fresh):
    match = client.post_json(
        "/api/matches", {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2}, status=201
    ).json
    game_id, auth = match["game"]["id"], {"Authorization": f"Bearer {match['edit_token']}"}
    client.post_json(
        f"/api/games/{game_id}/hands",
        {"hand_no": 1, **made()},
        headers={**auth, "Idempotency-Key": "k1"},
        status=201,
    )
    doc = client.get(f"/api/games/{game_id}/export", headers=auth).json
    validate(doc)
    assert doc["games"][0]["match"] == {"id": match["id"], "game_no": 1}
    assert doc["matches"][0]["first_to"] == 2
    close_pool(app)
    other = fresh()
    answer = other.post_json("/api/import", doc, status=201).json
    assert answer["matches"][0]["outcome"] == "created"
    token = answer["matches"][0]["edit_token"]
    view = other.get(
        f"/api/matches/{match['id']}", headers={"Authorization": f"Bearer {token}"}
    ).json
    assert [g["id"] for g in view["games"]] == [game_id]
    again = other.post_json("/api/import", doc, status=200).json
    assert [m["outcome"] for m in again["matches"]] == ["unchanged"]


def test_a_large_import_is_taken_up_to_its_own_limit(client, app, fresh):
    table = Table(client)
    for n in range(1, 13):  # the sides take turns: 6 marks each, the game goes on
        table.hand(n, **made(bidder=(n - 1) % 2))
    doc = export(table).json
    doc["games"] = [dict(doc["games"][0], id=str(uuid.uuid4())) for _ in range(60)]
    body = json.dumps(doc).encode()
    assert len(body) > 16 * 1024  # over the hand routes' limit, within the import's
    close_pool(app)
    other = fresh()
    answer = other.post("/api/import", body, content_type="application/json", status=201).json
    assert [g["outcome"] for g in answer["games"]] == ["created"] * 60


def test_an_import_over_its_limit_is_a_413(tmp_path):
    app = make_app(tmp_path, IMPORT_MAX_CONTENT_LENGTH=1000)
    try:
        body = json.dumps(
            {"format": "tally42-export", "version": 1, "games": [], "pad": "x" * 2000}
        ).encode()
        error = (
            TestApp(app).post("/api/import", body, content_type="application/json", status=413).json
        )
        assert error["rule_code"] == "BODY_TOO_LARGE" and "1000" in error["message"]
    finally:
        close_pool(app)


def test_the_openapi_document_has_export_and_import(client):
    spec = client.get("/api/openapi.json").json
    exported = spec["paths"]["/api/games/{game_id}/export"]["get"]
    assert exported["security"] == [{"editToken": []}]
    assert {"application/json", "text/csv"} <= set(exported["responses"]["200"]["content"])
    imported = spec["paths"]["/api/import"]["post"]
    assert {"200", "201", "413", "422"} <= set(imported["responses"])


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"])
def test_a_start_date_past_the_calendar_is_a_422(client, when):
    doc = export(played(client)).json
    doc["games"][0].update(id=str(uuid.uuid4()), created_at=when)
    error = client.post_json("/api/import", doc, status=422).json
    assert error["rule_code"] == "BAD_DATE" and error["message"].startswith("Game 1 of the file")


def test_the_start_date_is_kept(client, app, fresh):
    table = played(client)
    doc = export(table).json
    doc["games"][0]["created_at"] = "2024-07-04T18:30:00Z"
    close_pool(app)
    other = fresh()
    item = other.post_json("/api/import", doc, status=201).json["games"][0]
    auth = {"Authorization": f"Bearer {item['edit_token']}"}
    again = other.get(f"/api/games/{table.id}/export", headers=auth).json
    assert again["games"][0]["created_at"] == "2024-07-04T18:30:00Z"


def test_a_file_with_no_games_imports_nothing(client, app):
    doc = {"format": "tally42-export", "version": 1, "games": []}
    validate(doc)  # an empty phone's backup is a valid file
    assert client.post_json("/api/import", doc, status=200).json == {"games": [], "matches": []}
    assert counts(app) == (0, 0, 0)


def match_file(client, game_nos):
    """A file with a new match (first to 3) whose games are numbered `game_nos`: copies of
    one game of a match, each with an id of its own."""
    match = client.post_json(
        "/api/matches", {"ruleset": "straight-42", "first_dealer": 0, "first_to": 3}, status=201
    ).json
    auth = {"Authorization": f"Bearer {match['edit_token']}"}
    doc = client.get(f"/api/games/{match['game']['id']}/export", headers=auth).json
    match_id = str(uuid.uuid4())
    doc["matches"][0]["id"] = match_id
    doc["games"] = [
        {**doc["games"][0], "id": str(uuid.uuid4()), "match": {"id": match_id, "game_no": n}}
        for n in game_nos
    ]
    return doc


@pytest.mark.parametrize(
    ("game_nos", "missing"), [([3], 1), ([1, 5], 2), ([100], 1), ([2, 1, 4], 3)]
)
def test_a_new_match_with_a_game_missing_is_refused(client, app, game_nos, missing):
    """A match's games are 1..n. A new match whose only game is game 3
    (or games 1 and 5, or game 100) was taken, and the next-game route then started game 2
    beside game 3. Refused: 422 in the one error shape naming the match and the game
    missing, nothing stored."""
    doc = match_file(client, game_nos)
    before = counts(app)
    error = client.post_json("/api/import", doc, status=422).json
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert error["rule_code"] == "GAME_MISSING"
    assert error["message"].startswith("Match 1 of the file")
    assert f"no game {missing}" in error["message"], error["message"]
    assert counts(app) == before


def test_a_new_match_with_its_games_in_any_order_is_taken(client, app, fresh):
    doc = match_file(client, [2, 1, 3])
    close_pool(app)
    answer = fresh().post_json("/api/import", doc, status=201).json
    assert [g["outcome"] for g in answer["games"]] == ["created"] * 3


def test_a_name_that_reads_as_a_number_stays_text_in_the_csv(client):
    """A team or player named `+1`, `-1` or `42` went into the CSV
    bare, and a spreadsheet read it as a number (`+1` as 1). Every cell that is or starts
    with a name is written as text (a leading ', docs/export.md); the hand number and the
    count stay numbers."""
    teams = [{"name": "+1", "players": ["-1", "42"]}, {"name": "-1", "players": ["3/4", "Di"]}]
    table = Table(client, teams=teams)
    table.hand(1, bidder=0, bid=30, result={"captured": 35})
    table.hand(2, bidder=2, bid=30, result={"captured": 35})
    text = client.get(f"{table.url}/export?format=csv", headers=table.auth).text
    first, second = csv.DictReader(io.StringIO(text))
    assert first["game"] == "'+1 v -1"
    assert (first["dealer"], first["bidder"], first["team"]) == ("'-1", "'-1", "'+1")
    assert (second["dealer"], second["bidder"], second["team"]) == ("'3/4", "'42", "'+1")
    assert first["awarded"].startswith("'+1 ") and second["totals"].startswith("'+1 ")
    assert (first["hand"], first["count"]) == ("1", "35")


def test_a_roster_name_that_reads_as_a_number_stays_text_in_the_crew_csv(client):
    crew = client.post_json("/api/crews", {"name": "Thursday"}, status=201).json
    auth = {"Authorization": f"Bearer {crew['token']}"}
    url = f"/api/crews/{crew['id']}"
    player = {"id": str(uuid.uuid4()), "name": "-7"}
    client.post_json(f"{url}/players", player, headers=auth, status=201)
    table = Table(client)
    table.hand(1, bidder=0, bid=30, result={"captured": 35})
    body = {"game_token": table.token, "seats": [player["id"], None, None, None]}
    client.put_json(f"{url}/games/{table.id}", body, headers=auth, status=201)
    row = next(
        csv.DictReader(io.StringIO(client.get(f"{url}/export?format=csv", headers=auth).text))
    )
    assert (row["dealer"], row["bidder"]) == ("'-7", "'-7")
