"""A table's calls in an event, and the calls the store holds."""

import uuid

from api.store.db import flask_db
from api.store.events import EventMatch
from helpers.eventtest import TWO_MARKS


def stored_calls(app, director):
    """{bracket id: (table, called_at)} of the event's EventMatch rows, read from the store."""
    with app.app_context(), flask_db.database.connection_context():
        rows = EventMatch.select().where(EventMatch.event == director.id)
        return {row.bracket_id: (row.table, row.called_at) for row in rows}


class Table:
    """A table's phone posting its hands with keys it keeps (to retry one)."""

    def __init__(self, director, bracket_id):
        self.client = director.client
        self.auth = {"Authorization": f"Bearer {director.tables[bracket_id]}"}
        view = self.client.get(
            f"/api/events/{director.id}/matches/{bracket_id}", headers=self.auth
        ).json
        self.game_id = view["current_game"]
        self.keys = {}

    def hand(self, hand_no, side, key=None):
        """Post hand `hand_no`: `side` bids 2 marks and makes it (four such hands win a game)."""
        self.keys[hand_no] = key or uuid.uuid4().hex
        return self.client.post_json(
            f"/api/games/{self.game_id}/hands",
            {"hand_no": hand_no, "bidder": side, **TWO_MARKS},
            headers={**self.auth, "Idempotency-Key": self.keys[hand_no]},
            status=201,
        ).json

    def win(self, side):
        """Play the game to its end, won by `side`; returns the deciding hand's answer."""
        for hand_no in range(1, 4):
            assert not self.hand(hand_no, side)["result"]["game_over"]
        return self.hand(4, side)
