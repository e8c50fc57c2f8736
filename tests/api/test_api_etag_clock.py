"""A kept answer and its ETag move with every committed write, never with a clock
(docs/architecture.md "Derived state, never a second truth"): a write stamped earlier than
the last one (a server whose clock runs 2 s behind, or two commits landing out of timestamp
order) still moves the event's public read, its stream and board, the party's read and the
crew's ratings. Before, each hashed its games' last `updated_at`, and such a write left the
ETag as it was: the public read answered 304 and the hall's TV kept the old score."""

import datetime
import json
import uuid

import pytest
from helpers.eventtest import Director

from api.core.tokens import hash_token
from api.events import live
from api.parties import director as party_director
from api.store import games as game_rows
from api.store.db import flask_db

SKEW = datetime.timedelta(seconds=2)
MADE_30 = {"bid": 30, "result": {"captured": 35}}  # one mark to the bidder's side


@pytest.fixture
def clock_behind(monkeypatch):
    """Stamp the game rows' writes as a server whose clock runs 2 s behind would."""
    real = game_rows.utcnow

    def behind():
        monkeypatch.setattr(game_rows, "utcnow", lambda: real() - SKEW)

    return behind


def send_hand(client, game_id, token, hand_no, side=0):
    return client.post_json(
        f"/api/games/{game_id}/hands",
        {"hand_no": hand_no, "bidder": side, **MADE_30},
        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex},
        status=201,
    ).json


def stream_etag(app, director):
    """The ETag the event's stream sends now (what the board and the director's screen
    compare with the one they drew)."""
    with app.app_context():
        try:
            item = live.initial(director.id, hash_token(director.public))
        finally:
            flask_db.database.close()
    data = item[1].split(b"\ndata: ", 1)[1]
    return json.loads(data)["etag"]


def table_game(client, phone):
    """The game under way at a table, started if the match has none yet."""
    view = phone.view()
    if view["current_game"]:
        return view["current_game"]
    return client.post_json(
        f"/api/matches/{view['match']['id']}/games",
        {"game_no": view["next_game_no"]},
        headers=phone.auth,
        status=201,
    ).json["game"]["id"]


def test_a_hand_stamped_by_a_slow_clock_moves_the_public_read_stream_and_director(
    app, client, clock_behind
):
    """Two tables play at once; table 2's hand comes from a server 2 s behind. The public
    read answers 200 with the new score (not 304), the stream's ETag moves, and so does the
    director view's `live_etag`."""
    director = Director(client, teams=4, first_to=[1], tables=2)
    director.check_in_all()
    director.start()
    tables = {n: director.table(f"W1.{n}") for n in (1, 2)}
    games = {n: table_game(client, phone) for n, phone in tables.items()}
    send_hand(client, games[1], director.tables["W1.1"], 1)
    public = f"/api/e/{director.public}"
    before = client.get(public)
    streamed = stream_etag(app, director)
    seen_by_director = director.view()["live_etag"]

    clock_behind()
    send_hand(client, games[2], director.tables["W1.2"], 1)

    after = client.get(public, headers={"If-None-Match": before.etag}, status=200)
    assert after.etag != before.etag
    assert after.json != before.json  # table 2's mark is on the board
    assert stream_etag(app, director) not in (streamed, f'"{before.etag}"')
    assert director.view()["live_etag"] != seen_by_director
    # and the board page, kept per ETag, is made again
    board = client.get(f"/b/{director.public}", headers={"If-None-Match": before.etag})
    assert board.status_code == 200


def test_a_party_hand_stamped_by_a_slow_clock_moves_the_party_read(client, monkeypatch):
    """A party of 8 players: table 1's hand, then table 2's from a server 2 s behind. The
    director's read with the ETag it holds answers 200, not 304."""
    real = game_rows.utcnow

    class FixedDraw:
        def getrandbits(self, _bits):
            return 42

    monkeypatch.setattr(party_director, "_DRAW", FixedDraw())
    players = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    body = {"name": "Church social", "ruleset": "straight-42", "rounds": 2, "players": players}
    created = client.post_json("/api/parties", {**body, "hands_per_round": 2}, status=201).json
    boss = {"Authorization": f"Bearer {created['director_token']}"}
    url = f"/api/parties/{created['id']}"
    links = client.post(f"{url}/start", headers=boss).json["table_links"]
    game_ids = {
        table: client.get(
            f"{url}/tables/{table}", headers={"Authorization": f"Bearer {token}"}
        ).json["game"]["id"]
        for table, token in links.items()
    }
    send_hand(client, game_ids["1"], links["1"], 1)
    seen = client.get(url, headers=boss)

    monkeypatch.setattr(game_rows, "utcnow", lambda: real() - SKEW)
    send_hand(client, game_ids["2"], links["2"], 1)

    moved = client.get(url, headers={**boss, "If-None-Match": seen.etag})
    assert moved.status_code == 200 and moved.etag != seen.etag
