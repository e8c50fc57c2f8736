"""A match the director settled takes no more hands and no more games (a table phone
must not go on scoring a match that is over; docs/tournaments.md "Forfeits and no-shows",
"Corrections", and its refusals table: 409 `MATCH_SETTLED`). The refusal is the API's one
error shape (docs/api-errors.md), in a player's words, and stores nothing."""

import datetime
import uuid

from helpers.event_settled import refused_as_over, stored
from helpers.eventtest import TWO_MARKS, Director
from helpers.lateness import called_ago

from api.events import progress


def started_as_before_one_table_per_team(director, monkeypatch):
    """Start the event calling every match a free table takes, teams busy or not, as a release
    before one table per team did (docs/tournaments.md "One table per team"): a store of that
    release may hold a team's later match at a table, under way, when the team is a no-show
    at its first. Today's calls never make one."""
    with monkeypatch.context() as patch:
        patch.setattr(
            progress,
            "seat",
            lambda waiting, busy, tables: list(zip([m for m, _t in waiting], tables, strict=False)),
        )
        return director.start()


def post_hand(client, auth, game_id, hand_no, side=0, status=201):
    return client.post_json(
        f"/api/games/{game_id}/hands",
        {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
        headers={**auth, "Idempotency-Key": uuid.uuid4().hex},
        status=status,
    )


def etag(client, auth, game_id):
    return client.get(f"/api/games/{game_id}", headers=auth).headers["ETag"]


def every_hand_write_is_refused(app, client, auth, game_id, bracket_id, words):
    """Post, edit, undo and set-aside restore of game `game_id` are each refused and store
    nothing."""
    before = stored(app, game_id)
    hands = before[0]
    refused_as_over(post_hand(client, auth, game_id, hands + 1, status=409), bracket_id, words)
    match = {**auth, "If-Match": etag(client, auth, game_id)}
    if hands:
        body = {"bidder": 1, **TWO_MARKS}
        edit = client.put_json(
            f"/api/games/{game_id}/hands/{hands}", body, headers=match, status="*"
        )
        refused_as_over(edit, bracket_id, words)
        undo = client.delete(f"/api/games/{game_id}/hands/{hands}", headers=match, status="*")
        refused_as_over(undo, bracket_id, words)
    restore = client.post(f"/api/games/{game_id}/set-aside/restore", headers=match, status="*")
    refused_as_over(restore, bracket_id, words)
    assert stored(app, game_id) == before


def test_a_forfeit_ends_the_match_for_every_token_that_reaches_its_games(app, client):
    """Rule: the other team wins a forfeited match (docs/tournaments.md step 5); the table's
    link stops working, and the director's token, which reaches every game of the event,
    may not score it either."""
    director = Director(client, teams=4, first_to=[2], tables=2)
    director.check_in_all()
    view = director.start()
    table = director.table("W1.1")
    game_id = table.view()["current_game"]
    post_hand(client, table.auth, game_id, 1)
    absent = director.match(view, "W1.1")["teams"][1]
    director.post("/matches/W1.1/forfeit", {"team": absent})
    every_hand_write_is_refused(
        app, client, director.auth, game_id, "W1.1", "the director recorded a forfeit"
    )
    match_id = director.match(director.view(), "W1.1")["match_id"]
    started = client.post_json(
        f"/api/matches/{match_id}/games", {"game_no": 2}, headers=director.auth, status=409
    )
    refused_as_over(started, "W1.1", "the director recorded a forfeit")


def test_a_match_given_away_by_a_no_show_takes_no_hand_and_no_game(app, client, monkeypatch):
    """Rule: a no-show team gives away every later match it would play in a round robin
    (docs/tournaments.md step 5, brackets/lateness.py `give_away`), one already at its table
    and under way too (called by an earlier release); that table's link still opens it, and
    must not score it."""
    director = Director(client, teams=4, format="round-robin", first_to=[2], tables=4)
    director.check_in_all()
    view = started_as_before_one_table_per_team(director, monkeypatch)
    first = director.match(view, "R1.1")
    absent = first["teams"][1]
    later = next(
        m
        for m in view["matches"]
        if m["id"] != "R1.1" and absent in m["teams"] and m["status"] == "playing"
    )
    table = director.table(later["id"])
    table.win_game(0)  # 1-0 in a first to 2 at the later match's table
    table_view = table.view()
    game_id = table_view["match"]["games"][0]["id"]
    called_ago(app, director, "R1.1", datetime.timedelta(minutes=6))
    director.post("/matches/R1.1/forfeit", {"team": absent, "reason": "no-show"})
    after = director.match(director.view(), later["id"])
    assert after["how"] == "no-show"
    # Game 1 is over: the table's next step is game 2, which must not start.
    refused = client.post_json(
        f"/api/matches/{table_view['match']['id']}/games",
        {"game_no": 2},
        headers=table.auth,
        status=409,
    )
    refused_as_over(refused, later["id"], "the director recorded a no-show")
    assert table.view()["next_game_no"] is None
    every_hand_write_is_refused(
        app, client, table.auth, game_id, later["id"], "the director recorded a no-show"
    )


def test_a_corrected_match_cannot_be_reopened_at_its_table(app, client):
    """Rule: the director's correction is the last word on who won (docs/tournaments.md
    step 6, "Derived, never stored" 1.); an undo at the table would reopen the game, and the
    table would go on scoring a match that is over."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    table = director.table("W1.1")
    table.win_game(0)
    game_id = table.view()["match"]["games"][0]["id"]
    loser = director.match(director.view(), "W1.1")["teams"][1]
    director.post("/matches/W1.1/correction", {"winner": loser})
    assert director.match(director.view(), "W1.1")["how"] == "correction"
    every_hand_write_is_refused(
        app, client, table.auth, game_id, "W1.1", "the director corrected its result"
    )


def test_a_retry_of_a_hand_stored_before_the_match_was_settled_is_answered_as_stored(
    app, client, monkeypatch
):
    """The outbox's retry of a hand that landed (its answer lost) is answered as stored
    (docs/api-errors.md, ARCHITECTURE "A hand's journey" 2.), settled or not: nothing new is
    written. (The match is given away by a no-show at the team's first match, as a store
    of an earlier release may hold it: `started_as_before_one_table_per_team`.)"""
    director = Director(client, teams=4, format="round-robin", first_to=[2], tables=4)
    director.check_in_all()
    view = started_as_before_one_table_per_team(director, monkeypatch)
    absent = director.match(view, "R1.1")["teams"][1]
    later = next(
        m
        for m in view["matches"]
        if m["id"] != "R1.1" and absent in m["teams"] and m["status"] == "playing"
    )
    table = director.table(later["id"])
    game_id = table.view()["current_game"]
    headers = {**table.auth, "Idempotency-Key": "first-hand"}
    body = {"hand_no": 1, "bidder": 0, **TWO_MARKS}
    first = client.post_json(f"/api/games/{game_id}/hands", body, headers=headers).json
    called_ago(app, director, "R1.1", datetime.timedelta(minutes=6))
    director.post("/matches/R1.1/forfeit", {"team": absent, "reason": "no-show"})
    again = client.post_json(f"/api/games/{game_id}/hands", body, headers=headers, status=201)
    assert again.json == first
    same = {**table.auth, "Idempotency-Key": "another-key"}
    assert client.post_json(f"/api/games/{game_id}/hands", body, headers=same).json == first
    assert stored(app, game_id)[0] == 1
    # The table's screen offers nothing more to score: no game to go on with, none to start.
    left = table.view()
    assert (left["current_game"], left["next_game_no"]) == (None, None)
