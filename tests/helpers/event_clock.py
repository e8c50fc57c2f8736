"""An event started for the round clock: made, started, a hand posted."""

import uuid

from helpers.eventtest import Director
from helpers.table_links import TableLink


def made(side, marks=1):
    """`side`'s bid of `marks` marks, made."""
    return {"bidder": side, "bid": {"marks": marks}, "result": {"captured": 42}}


def hand(phone, game_id, hand_no, body, status=201):
    headers = {**phone.auth, "Idempotency-Key": uuid.uuid4().hex}
    return phone.client.post_json(
        f"/api/games/{game_id}/hands", {"hand_no": hand_no, **body}, headers=headers, status=status
    )


def started(client, **body):
    """An event with the round clock on, started: (director, {table: TableLink}, game ids)."""
    director = Director(client, teams=4, tables=2, first_to=[1], time_limit_minutes=50, **body)
    director.check_in_all()
    director.start()
    links = {n: TableLink(director, n, director.links[str(n)]) for n in (1, 2)}
    games = {n: links[n].read()["match"]["current_game"] for n in (1, 2)}
    return director, links, games
