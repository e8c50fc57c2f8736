"""PUT /api/games/{id}/first-dealer: the table sets who shakes first (or draws for it) until
the first hand is in."""

from helpers.apitest import Table, made


def put_first(table, seat, status=200, etag=None):
    """PUT the first dealer with the game's current ETag (or `etag`)."""
    headers = {**table.auth, "If-Match": etag or table.etag()}
    return table.client.put_json(
        f"{table.url}/first-dealer", {"first_dealer": seat}, headers=headers, status=status
    )


def test_the_first_shaker_changes_before_the_first_hand(table):
    before = table.etag()
    response = put_first(table, 2)
    body = response.json
    assert body["first_dealer"] == 2 and body["next_dealer"] == 2
    assert response.headers["ETag"] == table.etag() != before
    assert table.get().json["next_dealer"] == 2
    # the first hand is dealt by seat 2, its next by seat 3
    assert table.hand(1, **made(bidder=3)).json["result"]["next_dealer"] == 3


def test_the_first_shaker_is_fixed_once_a_hand_is_in(table):
    table.hand(1, **made())
    body = put_first(table, 2, status=409).json
    assert body["rule_code"] == "HANDS_PLAYED"
    assert body["message"] == "the first hand is in: undo it to change who shakes first"
    assert table.get().json["first_dealer"] == 0


def test_a_stale_etag_and_a_missing_seat_are_refused(client, table):
    stale = table.etag()
    put_first(table, 1)
    put_first(table, 3, status=412, etag=stale)
    three_hand = Table(client, ruleset="three-hand-42")
    body = put_first(three_hand, 3, status=422).json
    assert body["message"] == "there is no seat 3 at a 3-player table"
    assert three_hand.get().json["first_dealer"] == 0


def test_a_match_game_takes_its_shaker_from_the_match(client):
    body = {"ruleset": "straight-42", "first_dealer": 0, "first_to": 2}
    created = client.post_json("/api/matches", body, status=201).json
    game = Table.__new__(Table)
    game.client, game.id = client, created["game"]["id"]
    game.url, game.auth = (
        f"/api/games/{game.id}",
        {"Authorization": f"Bearer {created['edit_token']}"},
    )
    assert put_first(game, 1, status=409).json["rule_code"] == "IN_A_MATCH"
