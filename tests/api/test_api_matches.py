"""Matches through the API (docs/matches.md): first to N wins played through the hands API,
who shakes first, the score derived from the games' hand logs, the match token's reach, and
bad input (a 4xx in the one error shape, nothing stored)."""

import random
import threading
import uuid

import pytest
from helpers.apitest import Table, TestApp, close_pool, make_app
from peewee import IntegrityError

from api.core.tokens import hash_token
from api.play import next_game
from api.store.db import flask_db
from api.store.games import Game, Match

THREADS = 12
TWO_MARKS = {"bid": {"marks": 2}, "result": {"captured": 42}}


class MatchTable:
    """A match created through the API, with helpers sending its edit token."""

    def __init__(self, client, **body):
        body = {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2, **body}
        self.client = client
        self.created = client.post_json("/api/matches", body, status=201).json
        self.id = self.created["id"]
        self.token = self.created["edit_token"]
        self.auth = {"Authorization": f"Bearer {self.token}"}
        self.games = [self.created["game"]["id"]]

    def get(self, status=200):
        return self.client.get(f"/api/matches/{self.id}", headers=self.auth, status=status)

    def start(self, game_no, status=201):
        """POST .../games for `game_no`; a new game joins `self.games`."""
        response = self.client.post_json(
            f"/api/matches/{self.id}/games", {"game_no": game_no}, headers=self.auth, status=status
        )
        if status == 201:
            self.games.append(response.json["game"]["id"])
        return response

    def hand(self, game_id, hand_no, status=201, **hand):
        headers = {**self.auth, "Idempotency-Key": uuid.uuid4().hex}
        return self.client.post_json(
            f"/api/games/{game_id}/hands",
            {"hand_no": hand_no, **hand},
            headers=headers,
            status=status,
        )

    def game(self, game_id, status=200):
        return self.client.get(f"/api/games/{game_id}", headers=self.auth, status=status)

    def win(self, game_id, side):
        """Side `side` bids and makes 2 marks each hand until it wins the game."""
        for hand_no in range(1, 10):
            result = self.hand(game_id, hand_no, bidder=side, **TWO_MARKS).json["result"]
            if result["game_over"]:
                assert result["winner"] == side
                return
        raise AssertionError("the game never ended")


def stored(app):
    """(matches, games) rows stored: a refused request must change neither."""
    with app.app_context(), flask_db.database.connection_context():
        return Match.select().count(), Game.select().count()


def test_best_of_3_won_2_0_allows_no_third_game(client):
    match = MatchTable(client)
    assert match.created["score"] == [0, 0] and match.created["decided"] is False
    assert match.created["game"]["match"] == {
        "id": match.id,
        "first_to": 2,
        "score": [0, 0],
        "game_no": 1,
        "decided": False,
        "winner": None,
    }
    match.win(match.games[0], 1)
    match.start(2)
    match.win(match.games[1], 1)
    view = match.get().json
    assert (view["score"], view["decided"], view["winner"]) == ([0, 2], True, 1)
    assert [g["winner"] for g in view["games"]] == [1, 1]
    refused = match.start(3, status=409).json
    assert refused["rule_code"] == "MATCH_DECIDED" and "Them won it 2-0" in refused["message"]
    assert len(match.get().json["games"]) == 2
    game = match.game(match.games[1]).json["match"]
    assert game == {
        "id": match.id,
        "first_to": 2,
        "score": [0, 2],
        "game_no": 2,
        "decided": True,
        "winner": 1,
    }


def test_best_of_5_to_3_2_with_the_loser_shaking(client):
    match = MatchTable(client, first_to=3, shake_rule="loser", first_dealer=1)
    winners = [0, 1, 1, 0, 0]
    for game_no, side in enumerate(winners, 1):
        if game_no > 1:
            match.start(game_no)
        match.win(match.games[-1], side)
    view = match.get().json
    assert (view["score"], view["decided"], view["winner"]) == ([3, 2], True, 0)
    # game 1: the first dealer's side (seat 1: side 1); then the last game's loser
    assert [g["shaker"] for g in view["games"]] == [1, 1, 0, 0, 1]
    # the shaker deals from its first seat going round from the match's first dealer
    assert [g["first_dealer"] for g in view["games"]] == [1, 1, 2, 2, 1]
    assert match.start(6, status=409).json["rule_code"] == "MATCH_DECIDED"


def test_rotate_alternates_the_shaker(client):
    match = MatchTable(client, first_to=3, first_dealer=3)
    for game_no in (2, 3):
        match.win(match.games[-1], 0)  # side 0 wins: rotate ignores who won
        match.start(game_no)
    assert [g["shaker"] for g in match.get().json["games"]] == [1, 0, 1]
    assert [g["first_dealer"] for g in match.get().json["games"]] == [3, 0, 3]


def test_drawn_shaker_comes_from_the_server_and_is_shown(client, monkeypatch):
    assert isinstance(next_game._DRAW, random.SystemRandom)
    match = MatchTable(client, shake_rule="draw")
    seen = []

    class Recorder:
        def choice(self, teams):
            seen.append(teams)
            return teams[0]  # side 0 (game 1's shaker): same side as the loser rule would not

    monkeypatch.setattr(next_game, "_DRAW", Recorder())
    match.win(match.games[0], 0)
    started = match.start(2).json
    assert seen == [(0, 1)]
    assert started["games"][1]["shaker"] == 0 and started["game"]["first_dealer"] == 0


def test_starting_the_next_game_is_idempotent_and_refused_until_ready(client, app):
    match = MatchTable(client)
    refused = match.start(2, status=409).json
    assert refused["rule_code"] == "GAME_NOT_OVER" and "game 1" in refused["message"]
    match.win(match.games[0], 0)
    assert match.start(3, status=409).json["rule_code"] == "NOT_NEXT_GAME"
    first = match.start(2).json
    again = match.start(2, status=200).json
    assert again["game"]["id"] == first["game"]["id"] == match.games[1]
    assert match.start(1, status=200).json["game"]["id"] == match.games[0]
    assert stored(app) == (1, 2)


def test_an_edit_that_flips_a_game_flips_the_match_score(client):
    match = MatchTable(client)
    game_id = match.games[0]
    for hand_no, side in enumerate([0, 0, 0, 1, 1, 1, 1], 1):  # 6-8: side 1 wins
        match.hand(game_id, hand_no, bidder=side, **TWO_MARKS)
    assert match.get().json["score"] == [0, 1]
    etag = match.game(game_id).headers["ETag"]
    client.put_json(
        f"/api/games/{game_id}/hands/7",
        {"bidder": 1, "bid": {"marks": 2}, "result": {"captured": 0}},
        headers={**match.auth, "If-Match": etag},
        status=200,
    )  # set: 8-6
    assert match.get().json["score"] == [1, 0]
    assert match.game(game_id).json["match"]["score"] == [1, 0]
    share = match.game(game_id).json["share_token"]
    assert client.get(f"/api/share/{share}").json["match"]["score"] == [1, 0]


def test_an_edit_deciding_the_match_sooner_leaves_later_games_uncounted(client):
    match = MatchTable(client)
    for hand_no, side in enumerate([0, 0, 0, 1, 1, 1, 1], 1):  # game 1: side 1, 6-8
        match.hand(match.games[0], hand_no, bidder=side, **TWO_MARKS)
    match.start(2)
    match.win(match.games[1], 0)
    match.start(3)
    match.win(match.games[2], 0)
    assert match.get().json["score"] == [2, 1]
    etag = match.game(match.games[0]).headers["ETag"]
    client.put_json(
        f"/api/games/{match.games[0]}/hands/7",
        {"bidder": 1, "bid": {"marks": 2}, "result": {"captured": 0}},
        headers={**match.auth, "If-Match": etag},
        status=200,
    )
    view = match.get().json
    assert (view["score"], view["winner"]) == ([2, 0], 0)
    assert [g["counted"] for g in view["games"]] == [True, True, False]


def test_the_match_token_reaches_its_games_and_nothing_else(client, app):
    match, other = MatchTable(client), MatchTable(client)
    casual = Table(client)
    mine = match.games[0]
    match.hand(mine, 1, bidder=0, **TWO_MARKS)
    assert match.game(mine).json["match"]["game_no"] == 1
    rotated = client.post_json(
        f"/api/games/{mine}/share", {"action": "rotate"}, headers=match.auth, status=200
    )
    assert rotated.json["share_token"]
    # not another match's game, not a casual game, not another match
    for game_id in (other.games[0], casual.id):
        assert match.game(game_id, status=403).json["rule_code"] == "WRONG_TOKEN"
        assert match.hand(game_id, 1, status=403, bidder=0, **TWO_MARKS).json["code"] == 403
    client.get(f"/api/matches/{other.id}", headers=match.auth, status=403)
    client.post_json(
        f"/api/matches/{other.id}/games", {"game_no": 2}, headers=match.auth, status=403
    )
    # a game's tokens do not reach the match
    for token in (casual.token, casual.share_token, rotated.json["share_token"]):
        response = client.get(
            f"/api/matches/{match.id}", headers={"Authorization": f"Bearer {token}"}, status=403
        )
        assert response.json["rule_code"] == "WRONG_TOKEN"
    assert client.get(f"/api/matches/{match.id}", status=401).json["rule_code"] == "NEEDS_TOKEN"
    unknown = {"Authorization": f"Bearer {'x' * 43}"}
    assert (
        client.get(f"/api/matches/{match.id}", headers=unknown, status=401).json["rule_code"]
        == "UNKNOWN_TOKEN"
    )
    assert (
        client.get(f"/api/matches/{uuid.uuid4()}", headers=match.auth, status=404).json["rule_code"]
        == "NOT_FOUND"
    )
    # a game of a match is not deleted on its own: the score is read from its games
    refused = client.delete(f"/api/games/{mine}", headers=match.auth, status=409).json
    assert refused["rule_code"] == "GAME_IN_MATCH"
    assert len(match.game(mine).json["hands"]) == 1
    assert stored(app) == (2, 3)


def test_a_casual_game_has_no_match(client, table):
    assert table.get().json["match"] is None
    assert client.get(f"/api/share/{table.share_token}").json["match"] is None


BAD_MATCHES = [
    ({"first_to": 0}, "BAD_INPUT"),
    ({"first_to": 11}, "BAD_INPUT"),
    ({"first_to": 2.5}, None),
    ({"first_to": "2"}, None),
    ({"first_to": None}, None),
    ({"shake_rule": "coin"}, None),
    ({"ruleset": "moon"}, "MATCH_NEEDS_TWO_TEAMS"),
    ({"ruleset": "nope"}, "UNKNOWN_RULESET"),
    ({"first_dealer": 9}, "SEAT_OUT_OF_RANGE"),
    ({"teams": [{"name": "A"}]}, "BAD_INPUT"),
    ({"rules": {"target": -3}}, None),
    ({"colour": "red"}, "UNKNOWN_FIELD"),
]


@pytest.mark.parametrize(("change", "rule_code"), BAD_MATCHES, ids=[str(c) for c, _ in BAD_MATCHES])
def test_bad_match_input_is_refused_and_nothing_is_stored(client, app, change, rule_code):
    body = {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2, **change}
    response = client.post_json("/api/matches", body, status="*")
    assert 400 <= response.status_int < 500, response
    error = response.json
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    if rule_code:
        assert error["rule_code"] == rule_code
    assert "json" not in error["message"]  # player words, not field paths
    assert stored(app) == (0, 0)


def test_missing_first_to_and_bad_game_numbers_are_refused(client, app):
    response = client.post_json(
        "/api/matches", {"ruleset": "straight-42", "first_dealer": 0}, status=422
    )
    assert response.json["rule_code"] == "MISSING_FIELD"
    match = MatchTable(client)
    for body in ({"game_no": 0}, {"game_no": "2"}, {"game_no": 2**70}, {}, {"n": 1}):
        response = client.post_json(
            f"/api/matches/{match.id}/games", body, headers=match.auth, status=422
        )
        assert response.json["code"] == 422
    client.post(
        f"/api/matches/{match.id}/games",
        "{",
        headers={**match.auth, "Content-Type": "application/json"},
        status=400,
    )
    assert stored(app) == (1, 1)


def test_the_openapi_document_describes_matches(client):
    spec = client.get("/api/openapi.json").json
    assert {"post"} <= set(spec["paths"]["/api/matches"])
    start = spec["paths"]["/api/matches/{match_id}/games"]["post"]
    assert {"200", "201", "409"} <= set(start["responses"])
    assert start["security"] == [{"editToken": []}]
    assert "match" in spec["components"]["schemas"]["GameOut"]["properties"]
    assert "edit_token" in spec["components"]["schemas"]["MatchCreated"]["properties"]


def test_a_database_from_before_matches_gains_the_game_columns(tmp_path):
    app = make_app(tmp_path)
    with app.app_context(), flask_db.database.connection_context():
        database = flask_db.database
        database.execute_sql('DROP INDEX IF EXISTS "game_match_id_match_game_no"')
        for column in ("match_id", "match_game_no"):
            database.execute_sql(f'ALTER TABLE "game" DROP COLUMN "{column}"')
    close_pool(app)
    app = make_app(tmp_path)
    try:
        with app.app_context(), flask_db.database.connection_context():
            columns = {c.name for c in flask_db.database.get_columns("game")}
            indexes = {i.name for i in flask_db.database.get_indexes("game")}
        assert {"match_id", "match_game_no"} <= columns and "game_match_id_match_game_no" in indexes
        MatchTable(TestApp(app))  # and a match can be made on it
    finally:
        close_pool(app)


def test_concurrent_starts_of_the_next_game_make_one_game(app, client):
    match = MatchTable(client)
    match.win(match.games[0], 0)
    barrier = threading.Barrier(THREADS)
    answers = [None] * THREADS

    def start(i):
        own = app.test_client()
        barrier.wait()
        response = own.post(
            f"/api/matches/{match.id}/games", json={"game_no": 2}, headers=match.auth
        )
        answers[i] = (response.status_code, response.get_json()["game"]["id"])

    threads = [threading.Thread(target=start, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(status for status, _ in answers) == [200] * (THREADS - 1) + [201]
    assert len({game_id for _, game_id in answers}) == 1
    assert stored(app) == (1, 2)


def test_the_database_refuses_a_second_game_with_the_same_number(client, app):
    match = MatchTable(client)
    with app.app_context(), flask_db.database.connection_context():
        row = Game.get_by_id(match.games[0])
        with pytest.raises(IntegrityError):
            Game.create(
                **{
                    **row.__data__,
                    "id": str(uuid.uuid4()),
                    "edit_token_hash": "x" * 64,
                    "share_token": "y" * 22,
                }
            )


def test_the_match_token_is_256_random_bits_kept_only_as_its_hash(client, app):
    match = MatchTable(client)
    assert len(match.token) == 43  # 32 bytes, url-safe base64
    with app.app_context(), flask_db.database.connection_context():
        row = Match.get_by_id(match.id)
        assert row.edit_token_hash == hash_token(match.token)
        dump = " ".join(str(v) for v in row.__data__.values())
        games = " ".join(str(v) for g in Game.select() for v in g.__data__.values())
    assert match.token not in dump and match.token not in games
    assert "edit_token" not in match.get().json and "edit_token" not in match.start(1, 200).json


def test_a_real_draw_names_the_shaker_the_game_deals_from(client):
    match = MatchTable(client, shake_rule="draw", first_to=3)
    match.win(match.games[0], 0)
    started = match.start(2).json
    drawn = started["games"][1]["shaker"]
    assert drawn in (0, 1)
    assert started["game"]["first_dealer"] == started["games"][1]["first_dealer"]
    assert started["game"]["first_dealer"] % 2 == drawn  # straight 42: seats 0, 2 are side 0
