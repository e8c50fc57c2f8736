"""The round clock and "time called" (docs/rules.md 36-38;
docs/tournaments.md "The round clock"): the director calls time at one table or at every
table; the call is a record of where the hand log stood, and each game's end, the match and
the bracket are derived from the log and that call."""

import datetime

from helpers.event_clock import hand, made, started
from helpers.eventtest import Director

from api.store.db import flask_db
from api.store.games import Game
from api.store.schema import missing_columns


def game(client, auth, game_id):
    return client.get(f"/api/games/{game_id}", headers=auth).json


def test_time_called_at_a_table_the_hand_in_play_finishes_then_the_leader_wins(app, client):
    """docs/rules.md 36, 37: time called at table 1 after hand 1 (Reds 2-0 there) with a
    hand in play: that hand finishes (Blues 2-2: level), one more hand decides (Blues 2-4):
    the game, the match and the bracket end with Blues on time, a hand after it is refused,
    and the table's edit of the deciding hand turns the winner over as the engine says.
    At table 2 the director calls time between hands: the leader wins at once (36), and the
    final is called. The clock's deadline is the time limit from the game's start."""
    director, links, games = started(client)
    one, two = links[1], links[2]
    view = director.view()
    assert view["time_limit_minutes"] == 50
    with app.app_context(), flask_db.database.connection_context():
        created = Game.get_by_id(games[1]).created_at.replace(microsecond=0)
    clock = {c["table"]: c for c in view["clocks"]}
    deadline = datetime.datetime.fromisoformat(clock[1]["deadline"]).replace(tzinfo=None)
    assert deadline - created == datetime.timedelta(minutes=50) and clock[1]["time"] is None
    hand(one, games[1], 1, made(0, 2))
    called = director.post("/tables/1/time", {}).json
    clock = {c["table"]: c for c in called["clocks"]}
    assert clock[1]["time"]["hands"] == 1 and clock[1]["time"]["in_play"] is True
    assert clock[1]["time"]["phase"] == "finish_hand" and clock[2]["time"] is None
    assert one.read()["match"]["clock"]["time"]["phase"] == "finish_hand"
    level = hand(one, games[1], 2, made(1, 2)).json["result"]
    assert not level["game_over"]
    assert game(client, one.auth, games[1])["time"]["phase"] == "one_more_hand"
    last = hand(one, games[1], 3, made(1, 2)).json["result"]
    assert (last["game_over"], last["winner"], last["end_reason"]) == (True, 1, "time")
    assert game(client, one.auth, games[1])["time"]["phase"] == "decided"
    refused = hand(one, games[1], 4, made(0), status=422).json
    assert refused["rule_code"] == "GAME_OVER"
    w11 = director.match(director.view(), "W1.1")
    blues = w11["teams"][1]
    assert (w11["winner"], w11["how"]) == (blues, "games")
    headers = {**one.auth, "If-Match": "*"}  # the table's edit: Reds made hand 3 instead
    client.put_json(f"/api/games/{games[1]}/hands/3", made(0, 2), headers=headers)
    after = game(client, one.auth, games[1])
    assert (after["totals"], after["winner"]) == ([4, 2], 0)
    assert director.match(director.view(), "W1.1")["winner"] == w11["teams"][0]
    hand(two, games[2], 1, made(1))
    between = director.post("/tables/2/time", {"in_play": False}).json
    w12 = director.match(between, "W1.2")
    assert (w12["winner"], w12["how"]) == (w12["teams"][1], "games")
    final = director.match(between, "W2.1")
    assert final["status"] == "playing" and final["teams"] == [w11["teams"][0], w12["winner"]]
    assert game(client, two.auth, games[2])["time"] == {
        "hands": 1,
        "in_play": False,
        "at": game(client, two.auth, games[2])["time"]["at"],
        "phase": "decided",
    }


def test_time_called_at_every_table_and_bad_calls_refused_in_words(app, client):
    """docs/rules.md 36: one tap calls time at every table with a game under way; a call
    that cannot be (no such table, time called there already, nothing under way, a bad
    value, not the director) is refused in words, and nothing is stored."""
    fresh = Director(client, teams=2)  # the setting: off by default, minutes, or off again
    assert fresh.created["time_limit_minutes"] is None
    patch = fresh.client.patch_json
    set_to = patch(fresh.url, {"time_limit_minutes": 30}, headers=fresh.auth).json
    assert set_to["time_limit_minutes"] == 30
    bad = patch(fresh.url, {"time_limit_minutes": 3}, headers=fresh.auth, status=422).json
    assert bad["rule_code"] == "BAD_INPUT" and "a time limit" in bad["message"]
    off = patch(fresh.url, {"time_limit_minutes": None}, headers=fresh.auth).json
    assert off["time_limit_minutes"] is None
    director, links, games = started(client)
    hand(links[1], games[1], 1, made(0))
    before = {n: game(client, links[n].auth, games[n]) for n in (1, 2)}
    refusals = [
        (director.post("/tables/3/time", {}, status=404), "NOT_FOUND", "no table 3"),
        (director.post("/time", {"in_play": "yes"}, status=422), "BAD_INPUT", "true or false"),
        (director.post("/time", {"when": 1}, status=422), None, "when"),
    ]
    for response, code, words in refusals:
        body = response.json
        assert code in (None, body["rule_code"]) and words in body["message"], body
    client.post_json(
        f"{director.url}/time", {}, headers=links[1].auth, status=403
    )  # a table's link is not the director's
    assert {n: game(client, links[n].auth, games[n]) for n in (1, 2)} == before
    everywhere = director.post("/time", {}).json
    phases = {c["table"]: (c["time"]["hands"], c["time"]["phase"]) for c in everywhere["clocks"]}
    assert phases == {1: (1, "finish_hand"), 2: (0, "finish_hand")}
    again = director.post("/tables/1/time", {}, status=409).json
    assert again["rule_code"] == "TIME_ALREADY_CALLED" and "table 1" in again["message"]
    assert director.post("/time", {}, status=409).json["rule_code"] == "NO_GAME_UNDER_WAY"
    hand(links[2], games[2], 1, made(1))  # table 2's hand in play decides it: Blues
    view = director.view()
    assert director.match(view, "W1.2")["how"] == "games"
    assert [c["table"] for c in view["clocks"]] == [1]
    with app.app_context(), flask_db.database.connection_context():
        assert not missing_columns(flask_db.database)  # the columns the migration adds


def test_a_hand_in_play_is_true_or_false_never_a_number(app, client):
    """docs/api.md: `in_play` is JSON true or false. 1, 0, 1.0 and 0.0 were taken as true and
    false (1 == True in Python); now each is refused in words at one table and at every
    table, and no call of time is stored."""
    director, links, games = started(client)
    before = {n: game(client, links[n].auth, games[n]) for n in (1, 2)}
    for value in (1, 0, 1.0, 0.0):
        for path in ("/time", "/tables/1/time"):
            body = director.post(path, {"in_play": value}, status=422).json
            assert body["rule_code"] == "BAD_INPUT", body
            assert "true or false" in body["message"] and "in_play" not in body["message"]
    assert {n: game(client, links[n].auth, games[n]) for n in (1, 2)} == before
