"""A party table's undo and the director's next round at once (docs/tournaments.md
"Progressive parties"): the next round starts only once every table's game of the round is
over, and moves each table's link to its new game. Either the undo goes first (the round is
not over: 409 ROUND_NOT_OVER) or the next round does (the table's link no longer reaches the
game of the round before: 403); never both, which left a game of the round before open again
where no table could reach it, and its four players lost the round in the standings. Each
write to a party game's hand log takes the party's lock first and checks the link again under
it (api/parties/access.py `lock_party_of_game`); on SQLite the writer queue serializes them,
on PostgreSQL the party row's lock does."""

import threading

from helpers.parties import auth, hand, make_party

from api.routes import hands as hand_routes
from api.store.db import flask_db
from api.store.games import Game

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
TRIES = 20


def round_one_over(client):
    """A four-player party of two one-hand rounds with round 1's hand in: (party url, the
    director's headers, the table's headers with If-Match for its undo, round 1's game id)."""
    created = make_party(client, rounds=2, hands_per_round=1, players=PLAYERS)
    boss = auth(created["director_token"])
    url = f"/api/parties/{created['id']}"
    link = auth(client.post(f"{url}/start", headers=boss).json["table_links"]["1"])
    game_id = client.get(f"{url}/tables/1", headers=link).json["game"]["id"]
    hand(client, game_id, link["Authorization"].split()[1], 1, 0)
    etag = client.get(f"/api/games/{game_id}", headers=link).headers["ETag"]
    return url, boss, {**link, "If-Match": etag}, game_id


def undo(own, link, game_id):
    """The table's undo of its only hand (the phone holds the game's ETag); its response."""
    return own.delete(f"/api/games/{game_id}/hands/1", headers=link)


def next_round(own, url, boss):
    """The director's start of round 2; its response."""
    return own.post(f"{url}/rounds", json={"round": 2}, headers=boss)


def hands_of(app, game_id):
    with app.app_context(), flask_db.database.connection_context():
        return Game.get_by_id(game_id).state["next_hand_no"] - 1


def test_an_undo_checked_before_the_next_round_and_written_after_it_is_refused(
    app, client, monkeypatch
):
    """The order that lost a round: the undo's link is checked (it reaches round 1's game),
    the director's next round commits, then the undo's write runs. Under the party's lock the
    link is checked again: it reaches round 2's game now, so the undo is refused and round
    1's game keeps its hand."""
    url, boss, link, game_id = round_one_over(client)
    real = hand_routes.delete_last_hand
    started = {}

    def after_next_round(*args, **kwargs):
        thread = threading.Thread(
            target=lambda: started.update(round=next_round(app.test_client(), url, boss))
        )
        thread.start()
        thread.join(timeout=30)
        return real(*args, **kwargs)

    monkeypatch.setattr(hand_routes, "delete_last_hand", after_next_round)
    undone = undo(app.test_client(), link, game_id)
    assert started["round"].status_code == 200
    assert undone.status_code == 403, undone.json
    assert hands_of(app, game_id) == 1  # round 1's result stands


def race(app, client):
    """One try: a party with round 1 over, then the undo and the next round on two threads
    (two app servers) let go at once; returns (the undo's response, the round's, the game)."""
    url, boss, link, game_id = round_one_over(client)
    go = threading.Barrier(2)
    answers = {}

    def run(name, write):
        own = app.test_client()
        go.wait(timeout=30)
        answers[name] = write(own)

    threads = [
        threading.Thread(target=run, args=("undo", lambda own: undo(own, link, game_id))),
        threading.Thread(target=run, args=("round", lambda own: next_round(own, url, boss))),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers["undo"], answers["round"], game_id


def test_an_undo_and_the_next_round_sent_together_are_never_both_accepted(app, client):
    """Many times over, the undo and the next round at once: exactly one of them is
    accepted, and the game agrees with it (its hand gone, or kept for the standings)."""
    both = 0
    for _ in range(TRIES):
        undone, started, game_id = race(app, client)
        statuses = (undone.status_code, started.status_code)
        if statuses == (200, 200):
            both += 1
        elif statuses[0] == 200:
            assert started.json["rule_code"] == "ROUND_NOT_OVER", statuses
            assert hands_of(app, game_id) == 0
        else:
            assert statuses == (403, 200), statuses
            assert hands_of(app, game_id) == 1
    assert both == 0, f"{both} of {TRIES} tries accepted both the undo and the next round"
