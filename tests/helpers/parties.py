"""A progressive party through the API: its players, a fixed draw, hands, its token."""

import uuid

from api.store.db import flask_db

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]


NORTH, SOUTH = 0, 1  # a made 30 bid by seat 0 (north's side) or seat 1 (south's): one mark


class FixedDraw:
    """The seed the start draws, fixed so the test knows the seating."""

    def getrandbits(self, _bits):
        return 42


def auth(token):
    return {"Authorization": f"Bearer {token}"}


def make_party(client, **body):
    body = {"name": "Church social", "ruleset": "straight-42", "rounds": 4, **body}
    return client.post_json("/api/parties", body, status=201).json


def hand(client, game_id, token, hand_no, side, status=201):
    """One hand at a party table: a 30 bid made by `side` (one mark to it)."""
    return client.post_json(
        f"/api/games/{game_id}/hands",
        {"hand_no": hand_no, "bidder": side, "bid": 30, "result": {"captured": 35}},
        headers={**auth(token), "Idempotency-Key": uuid.uuid4().hex},
        status=status,
    )


def count(model):
    with flask_db.database.connection_context():
        return model.select().count()


HANDS = {
    (1, 1): (NORTH, NORTH),  # 2 to 0
    (1, 2): (NORTH, SOUTH),  # 1 to 1: nobody wins the table
    (1, 3): (SOUTH, SOUTH),
    (2, 1): (NORTH, SOUTH),
    (2, 2): (NORTH, NORTH),
    (2, 3): (SOUTH, SOUTH),
    (3, 1): (SOUTH, SOUTH),
    (3, 2): (NORTH, NORTH),
    (3, 3): (NORTH, SOUTH),
    (4, 1): (NORTH, NORTH),
    (4, 2): (SOUTH, SOUTH),
    (4, 3): (NORTH, SOUTH),
}
