"""Two app servers: a table's hand write and a director's write on the same event at once
(docs/tournaments.md "Calling matches without a director": each takes the event row's lock).
A hand answered 201 is stored (ARCHITECTURE: "never lose a hand"), even when the director's
write drops the called match it was played in (a correction that changed its teams before
any hand was played). On SQLite the writer queue serializes the two; on PostgreSQL
(TEST_DATABASE_URL) the hand write's FOR SHARE lock on the event row does."""

from eventtest import Director, race_a_hand

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

    def correct(own):
        return own.post(
            f"{director.url}/matches/W1.1/correction",
            json={"winner": loser},
            headers=director.auth,
        ).status_code

    # the correction has derived W2.1 as stale with no hand when the hand comes
    corrected, posted = race_a_hand(app, monkeypatch, correct, final, game_id)
    assert corrected == 200
    with app.app_context(), flask_db.database.connection_context():
        kept = Game.get_or_none(Game.id == game_id)
        hands = Hand.select().where(Hand.game == game_id).count()
    if posted == 201:
        assert kept is not None and hands == 1, "the hand was answered 201, then deleted"
    else:
        assert posted == 404 and kept is None  # the game went first: said so


def test_an_undo_and_the_next_matchs_first_hand_at_once_never_share_a_table(
    app, client, monkeypatch
):
    """Table 1: W1.1 decided, W1.2 called there with no hand yet. W1.1's phone undoes its
    deciding hand while W1.2's phone sends its first hand. Either the undo goes first and
    takes W1.2's call back (the hand is then refused: its game is gone), or the hand goes
    first and the undo is refused (409 LATER_MATCH_STARTED); never both, which would leave
    two matches under way at one table (docs/tournaments.md "Calling matches without a
    director"). On PostgreSQL the undo's FOR UPDATE lock on the event row does it."""
    director = Director(client, teams=4, first_to=[1], tables=1)
    director.check_in_all()
    director.start()
    first = director.table("W1.1")
    first_game = first.view()["current_game"]
    first.win_game(0)
    second = director.table("W1.2")
    game_id = second.view()["current_game"]

    def undo(own):
        etag = own.get(f"/api/games/{first_game}", headers=first.auth).headers["ETag"]
        return own.delete(
            f"/api/games/{first_game}/hands/4", headers={**first.auth, "If-Match": etag}
        ).status_code

    # the undo has found W1.2 with no hand and takes its call back when the hand comes
    undone, posted = race_a_hand(app, monkeypatch, undo, second, game_id)
    assert (undone, posted) in ((200, 404), (409, 201)), (undone, posted)
    with app.app_context(), flask_db.database.connection_context():
        w11 = Hand.select().where(Hand.game == first_game).count()
        w12 = Hand.select().where(Hand.game == game_id).count()
    assert (w11, w12) == ((3, 0) if undone == 200 else (4, 1))
