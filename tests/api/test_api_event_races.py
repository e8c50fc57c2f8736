"""Two app servers: a table's hand write and a director's write on the same event at once
(docs/tournaments.md "Calling matches without a director": each takes the event row's lock).
A hand answered 201 is stored (ARCHITECTURE: "never lose a hand"), even when the director's
write drops the called match it was played in (a correction that changed its teams before
any hand was played). On SQLite the writer queue serializes the two; on PostgreSQL
(TEST_DATABASE_URL) the hand write's FOR SHARE lock on the event row does."""

import threading
import uuid

from eventtest import TWO_MARKS, Director

from api import event_logic
from api.db import flask_db
from api.models import Game, Hand


def test_a_hand_posted_while_a_correction_drops_its_match_is_never_lost(app, client, monkeypatch):
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    director.table("W1.1").win_game(0)
    director.table("W1.2").win_game(0)
    final = director.table("W2.1")
    game_id = final.view()["current_game"]
    loser = director.match(director.view(), "W1.1")["teams"][1]
    derived, posted = threading.Event(), threading.Event()
    answers = {}
    drop_stale = event_logic._drop_stale

    def slow_drop(d):
        """The correction has derived W2.1 as stale with no hand: let the hand in now."""
        derived.set()
        posted.wait(timeout=3)  # the hand write waits for this transaction: it never comes
        return drop_stale(d)

    monkeypatch.setattr(event_logic, "_drop_stale", slow_drop)

    def correct():
        own = app.test_client()
        answers["correction"] = own.post(
            f"{director.url}/matches/W1.1/correction",
            json={"winner": loser},
            headers=director.auth,
        ).status_code

    def hand():
        own = app.test_client()
        derived.wait(timeout=10)
        answers["hand"] = own.post(
            f"/api/games/{game_id}/hands",
            json={"hand_no": 1, "bidder": 0, **TWO_MARKS},
            headers={**final.auth, "Idempotency-Key": uuid.uuid4().hex},
        ).status_code
        posted.set()

    threads = [threading.Thread(target=correct), threading.Thread(target=hand)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert answers["correction"] == 200
    with app.app_context(), flask_db.database.connection_context():
        kept = Game.get_or_none(Game.id == game_id)
        hands = Hand.select().where(Hand.game == game_id).count()
    if answers["hand"] == 201:
        assert kept is not None and hands == 1, "the hand was answered 201, then deleted"
    else:
        assert answers["hand"] == 404 and kept is None  # the game went first: said so
