"""Setting aside the hands an edit pushes past the end of the game, and putting them back."""

from helpers.apitest import close_pool, made, make_app
from helpers.hands import put_hand
from helpers.set_aside import FOUR_MARKS, edit, restore, ten_hands

from api.store.db import flask_db


def test_an_edit_that_ends_the_game_sooner_is_refused_naming_the_later_hands(table):
    ten_hands(table)
    before = table.get()
    error = edit(table, 2, FOUR_MARKS, status=422).json
    assert error["rule_code"] == "GAME_OVER"
    assert error["no_longer_fit"] == [9, 10] and error["hand_no"] == 9
    assert "hands 9 to 10 no longer fit" in error["message"]
    after = table.get()
    assert after.json == before.json and after.headers["ETag"] == before.headers["ETag"]


def test_set_aside_saves_the_edit_and_keeps_the_later_hands(table):
    ten_hands(table)
    old_hand_2 = table.get().json["hands"][1]["hand"]
    response = edit(table, 2, FOUR_MARKS, later="set_aside")
    assert response.json["hand"] == FOUR_MARKS and response.json["result"]["totals"] == [1, 4]
    game = table.get()
    assert response.headers["ETag"] == game.headers["ETag"]
    view = game.json
    assert [h["hand_no"] for h in view["hands"]] == list(range(1, 9))
    assert view["status"] == "over" and view["winner"] == 1 and view["totals"] == [4, 7]
    assert view["next_hand_no"] == 9
    assert view["set_aside"] == {
        "hand_no": 2,
        "previous": old_hand_2,
        "first_hand_no": 9,
        "hands": [made(bidder=0), made(bidder=1)],
    }
    shared = table.client.get(f"/api/share/{table.share_token}").json
    assert shared["set_aside"] == view["set_aside"]


def test_restore_puts_the_edit_and_the_hands_back(table):
    ten_hands(table)
    before = table.get().json
    edit(table, 2, FOUR_MARKS, later="set_aside")
    restore(table, status=428, if_match="")
    restore(table, status=412, if_match='"stale"')
    response = restore(table)
    assert response.json == {**before, "set_aside": None}
    assert response.headers["ETag"] == table.etag()
    assert table.get().json == {**before, "set_aside": None}
    error = restore(table, status=409).json
    assert error["rule_code"] == "NOTHING_SET_ASIDE"


def test_a_game_with_nothing_set_aside_shows_null_and_cannot_restore(table):
    table.hand(1, **made())
    assert table.get().json["set_aside"] is None
    restore(table, status=409)


def test_an_edit_that_still_fits_sets_nothing_aside(table):
    ten_hands(table)
    edit(table, 2, made(bidder=3), later="set_aside")
    view = table.get().json
    assert len(view["hands"]) == 10 and view["set_aside"] is None


def test_another_edit_clears_what_was_set_aside(table):
    ten_hands(table)
    edit(table, 2, FOUR_MARKS, later="set_aside")
    put_hand(table, 1, made(bidder=2))
    assert table.get().json["set_aside"] is None
    restore(table, status=409)


def test_undoing_a_hand_clears_what_was_set_aside(table):
    ten_hands(table)
    edit(table, 2, FOUR_MARKS, later="set_aside")
    table.client.delete(f"{table.url}/hands/8", headers={**table.auth, "If-Match": table.etag()})
    assert table.get().json["set_aside"] is None
    table.hand(8, **made(bidder=0))  # the log goes on from hand 8, nothing to restore
    restore(table, status=409)


def test_a_later_set_aside_replaces_the_earlier_record(table):
    ten_hands(table)
    edit(table, 2, FOUR_MARKS, later="set_aside")
    six = {"bidder": 1, "bid": {"marks": 6}, "result": {"captured": 42}}
    edit(table, 4, six, later="set_aside")
    record = table.get().json["set_aside"]
    assert record["hand_no"] == 4 and record["previous"] == made(bidder=1)
    assert record["first_hand_no"] == 5 and len(record["hands"]) == 4  # of the 8 left


def test_later_takes_only_set_aside(table):
    ten_hands(table)
    error = edit(table, 2, FOUR_MARKS, later="drop", status=422).json
    assert error["code"] == 422
    assert len(table.get().json["hands"]) == 10


def test_the_openapi_document_describes_set_aside(client):
    spec = client.get("/api/openapi.json").json
    put = spec["paths"]["/api/games/{game_id}/hands/{hand_no}"]["put"]
    assert any(p["name"] == "later" and p["in"] == "query" for p in put["parameters"])
    assert "422" in put["responses"]
    restore_op = spec["paths"]["/api/games/{game_id}/set-aside/restore"]["post"]
    assert {"200", "409", "412", "428"} <= set(restore_op["responses"])
    game = spec["components"]["schemas"]["GameOut"]["properties"]
    assert "set_aside" in game


def test_a_database_from_before_set_aside_gains_the_column(tmp_path):
    app = make_app(tmp_path)
    with app.app_context(), flask_db.database.connection_context():
        flask_db.database.execute_sql('ALTER TABLE "game" DROP COLUMN "set_aside"')
    close_pool(app)
    app = make_app(tmp_path)
    try:
        with app.app_context(), flask_db.database.connection_context():
            columns = {c.name for c in flask_db.database.get_columns("game")}
        assert "set_aside" in columns
    finally:
        close_pool(app)
