"""An undo or edit at a tournament table must not put two matches at one table
(docs/tournaments.md "Calling matches without a director" and the refusals table: 409
`LATER_MATCH_STARTED`). The hand that decides a match calls the next match to the table it
frees; once a later match that depends on that result (called after it at its table, or fed
by it) has a hand played, the first table can no longer reopen it or change who won: the
refusal is the API's one error shape (docs/api-errors.md) in a player's words, stores
nothing, and the director's correction stays the way to fix it. While the later match has
no hand, the write goes through and takes that call back in the same transaction."""

import uuid

from helpers.event_calls import Table, stored_calls
from helpers.eventtest import TWO_MARKS, Director

from api.events import settlement
from api.store.db import flask_db
from api.store.games import Game, Hand

SET = {"bid": {"marks": 2}, "result": {"captured": 30}}  # two marks bid, not made: set


def stored(app, game_id):
    """(hand bodies in order, the game's cached state), read from the store."""
    with app.app_context(), flask_db.database.connection_context():
        hands = Hand.select().where(Hand.game == game_id).order_by(Hand.hand_no)
        return [h.body for h in hands], Game.get_by_id(game_id).state


def if_match(table):
    etag = table.client.get(f"/api/games/{table.game_id}", headers=table.auth).headers["ETag"]
    return {**table.auth, "If-Match": etag}


def undo(table, hand_no, status=200):
    url = f"/api/games/{table.game_id}/hands/{hand_no}"
    return table.client.delete(url, headers=if_match(table), status=status)


def edit(table, hand_no, body, status=200):
    url = f"/api/games/{table.game_id}/hands/{hand_no}"
    return table.client.put_json(url, body, headers=if_match(table), status=status)


def refused_as_started(response, later, table_no, bracket_id):
    """The one error shape: 409, LATER_MATCH_STARTED, a sentence the table reads."""
    body = response.json
    assert body["code"] == 409 and body["rule_code"] == "LATER_MATCH_STARTED"
    assert body["message"] == (
        f"match {later} has already started at table {table_no}: ask the director to "
        f"correct the result of match {bracket_id}"
    )
    assert body["locked"] == [later] and body["errors"] == {}


def one_table(client):
    """Four teams, one game a match, one table: W1.1 is won by its first team at table 1,
    and W1.2 is called to table 1 by the deciding hand."""
    director = Director(client, teams=4, first_to=[1], tables=1)
    director.check_in_all()
    director.start()
    first = Table(director, "W1.1")
    first.win(0)
    director.table("W1.2")
    return director, first, Table(director, "W1.2")


def test_an_undo_that_would_reopen_a_match_whose_table_is_taken_is_refused(app, client):
    """The review's case: W1.1 ends at table 1, W1.2 is called there and plays a hand, then
    W1.1's phone undoes its deciding hand. Two undecided matches at one table is what no
    director wants: the undo is refused, and nothing is stored."""
    director, first, second = one_table(client)
    second.hand(1, 0)
    before, calls = stored(app, first.game_id), stored_calls(app, director)
    refused_as_started(undo(first, 4, status=409), "W1.2", 1, "W1.1")
    # an edit that reopens the game (the last hand set) is refused the same way
    refused_as_started(edit(first, 4, {"bidder": 0, **SET}, status=409), "W1.2", 1, "W1.1")
    assert stored(app, first.game_id) == before
    assert stored_calls(app, director) == calls
    view = director.view()
    assert director.match(view, "W1.1")["status"] == "played"
    assert [(t["playing"], t["next"]) for t in view["table_plan"]] == [("W1.2", None)]


def test_an_edit_that_keeps_who_won_the_game_is_still_taken(app, client):
    """A fixed typo in an old hand (two marks written, one bid) leaves W1.1 won by the same
    team (7 marks is still the game, docs/rules.md): nothing later depends on it changing."""
    director, first, second = one_table(client)
    second.hand(1, 0)
    fixed = edit(first, 1, {"bidder": 0, "bid": {"marks": 1}, "result": {"captured": 42}})
    assert fixed.json["result"]["totals"] == [1, 0]  # after hand 1
    state = stored(app, first.game_id)[1]
    assert (state["game_over"], state["winner"], state["totals"]) == (True, 0, [7, 0])
    assert director.match(director.view(), "W1.1")["status"] == "played"


def test_the_directors_correction_still_works_after_the_refusal(app, client):
    """The refusal sends the table to the director; the correction (docs/tournaments.md step
    6) changes W1.1's winner (nothing it feeds has been called yet), and the table's phone is
    then told the match is over (MATCH_SETTLED)."""
    director, first, second = one_table(client)
    second.hand(1, 0)
    undo(first, 4, status=409)
    loser = director.match(director.view(), "W1.1")["teams"][1]
    corrected = director.post("/matches/W1.1/correction", {"winner": loser}).json
    w11 = director.match(corrected, "W1.1")
    assert (w11["how"], w11["winner"]) == ("correction", loser)
    assert director.match(corrected, "W1.2")["status"] == "playing"
    assert undo(first, 4, status=409).json["rule_code"] == "MATCH_SETTLED"


def test_an_undo_while_the_later_match_has_no_hand_takes_its_call_back(app, client, monkeypatch):
    """W1.2 called to table 1 with no hand played: the undo reopens W1.1 and takes W1.2's
    call back in its own transaction (the after-commit call is switched off here, so only
    the undo can have done it); W1.2 waits for a table, and the hand that decides W1.1 again
    calls it once more."""
    director, first, _second = one_table(client)
    assert stored_calls(app, director)["W1.2"][0] == 1
    monkeypatch.setattr(settlement, "call_after_game", lambda match_id: {})
    undo(first, 4)
    assert set(stored_calls(app, director)) == {"W1.1"}
    monkeypatch.undo()
    public = client.get(f"/api/e/{director.public}").json
    assert director.match(public, "W1.1")["status"] == "playing"
    assert director.match(public, "W1.2")["status"] == "waiting-for-table"
    first.hand(4, 0)
    assert stored_calls(app, director)["W1.2"][0] == 1


def two_tables(client):
    """Four teams, one game a match, two tables. W1.1's first team wins 8-6 on its last
    hand, so an edit of that hand hands the game to the other team; W1.2 is won too, and the
    final W2.1 is called."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    first = Table(director, "W1.1")
    for hand_no, side in enumerate((0, 0, 0, 1, 1, 1), 1):
        first.hand(hand_no, side)
    assert first.hand(7, 0)["result"]["game_over"]
    Table(director, "W1.2").win(0)
    director.table("W2.1")
    return director, first


def test_an_edit_that_changes_the_winner_once_the_match_it_fed_started_is_refused(app, client):
    """W1.1's winner plays the final W2.1, which has a hand played: an edit of W1.1's last
    hand giving the game to the other team would leave the final under way with a team that
    no longer belongs in it. Refused, nothing stored; the director's correction says the
    same (409 RESULT_LOCKED names W2.1)."""
    director, first = two_tables(client)
    final = Table(director, "W2.1")
    final.hand(1, 0)
    before = stored(app, first.game_id)
    table_no = stored_calls(app, director)["W2.1"][0]
    flipped = edit(first, 7, {"bidder": 0, **SET}, status=409)
    refused_as_started(flipped, "W2.1", table_no, "W1.1")
    assert stored(app, first.game_id) == before
    loser = director.match(director.view(), "W1.1")["teams"][1]
    locked = director.post("/matches/W1.1/correction", {"winner": loser}, status=409).json
    assert (locked["rule_code"], locked["locked"]) == ("RESULT_LOCKED", ["W2.1"])


def test_an_edit_that_changes_the_winner_before_the_final_starts_calls_it_again(app, client):
    """The final W2.1 with no hand played: the edit goes through, and the final is called
    again with W1.1's new winner in it."""
    director, first = two_tables(client)
    old_teams = director.match(director.view(), "W2.1")["teams"]
    flipped = edit(first, 7, {"bidder": 0, **SET})
    assert flipped.json["result"]["winner"] == 1
    view = director.view()
    w11, w21 = director.match(view, "W1.1"), director.match(view, "W2.1")
    assert w11["winner"] == w11["teams"][1]
    assert w21["teams"] == [w11["teams"][1], old_teams[1]] and w21["status"] == "playing"
    assert view["stale"] == []


def test_a_retry_after_the_refusal_is_refused_again_and_posts_elsewhere_go_on(app, client):
    """The refusal stores nothing, so the phone's retry is refused the same way (it never
    lands by chance), and the later match's own hands are taken as ever."""
    director, first, second = one_table(client)
    second.hand(1, 0)
    refused_as_started(undo(first, 4, status=409), "W1.2", 1, "W1.1")
    second.hand(2, 0)
    refused_as_started(undo(first, 4, status=409), "W1.2", 1, "W1.1")
    key = uuid.uuid4().hex
    hand = {"hand_no": 3, "bidder": 0, **TWO_MARKS}
    client.post_json(
        f"/api/games/{second.game_id}/hands",
        hand,
        headers={**second.auth, "Idempotency-Key": key},
        status=201,
    )
    assert len(stored(app, second.game_id)[0]) == 3


def test_an_undo_may_not_overturn_the_directors_forfeit_of_the_match_it_fed(app, client):
    """W1.1 and W1.2 decided, the final W2.1 called, and the director records a forfeit there
    (docs/tournaments.md step 5): the final is over, the event decided. W1.1's phone then
    undoes its deciding hand. The director's own correction of W1.1 would now be refused
    (step 6: a later match that would change has been played: RESULT_LOCKED); the table's undo
    may not do it behind the director's back either (it took the forfeit's final back, and a
    final played anew). Refused as a later match already under way, nothing stored."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    first = Table(director, "W1.1")
    first.win(0)
    Table(director, "W1.2").win(0)
    final = director.match(director.view(), "W2.1")
    director.post("/matches/W2.1/forfeit", {"team": final["teams"][0]})
    before, calls = stored(app, first.game_id), stored_calls(app, director)
    refused = undo(first, 4, status=409).json
    assert refused["code"] == 409 and refused["rule_code"] == "LATER_MATCH_STARTED"
    assert refused["message"] == (
        "match W2.1 is over: the director recorded a forfeit; ask the director to correct "
        "the result of match W1.1"
    )
    assert refused["locked"] == ["W2.1"] and refused["errors"] == {}
    assert stored(app, first.game_id) == before
    assert stored_calls(app, director) == calls
    view = director.view()
    assert [director.match(view, bid)["how"] for bid in ("W1.1", "W2.1")] == ["games", "forfeit"]
