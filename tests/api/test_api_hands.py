"""POST /api/games/{id}/hands, PUT and DELETE /api/games/{id}/hands/{hand_no}."""

import pytest
from helpers.apitest import Table, made
from helpers.hands import put_hand


def test_record_a_made_hand(table):
    response = table.hand(1, **made(bidder=1, bid=30, captured=35))
    body = response.json
    assert body["hand_no"] == 1 and body["hand"]["bid"] == 30
    result = body["result"]
    assert result["outcome"] == "made" and result["bidder"] == 1 and result["bidding_side"] == 1
    assert result["awarded"] == [0, 1] and result["totals"] == [0, 1]
    assert result["game_over"] is False and result["winner"] is None
    assert result["next_dealer"] == 1
    assert response.headers["ETag"] == table.etag()  # the game's new ETag


def test_record_a_hand_with_its_auction_and_trump(table):
    hand = {
        "dealer": 0,
        "bids": ["pass", 31, "pass", "pass"],
        "bidder": 2,
        "bid": 31,
        "trump": 5,
        "result": {"captured": 35},
    }
    body = table.hand(1, **hand).json
    assert body["hand"] == hand and body["result"]["bidding_side"] == 0
    assert body["result"]["totals"] == [1, 0]


def test_a_set_gives_the_opponents_the_marks(table):
    result = table.hand(1, bidder=1, bid=84, result={"captured": 41}).json["result"]
    assert result["outcome"] == "set" and result["totals"] == [2, 0]


def test_all_pass_reshuffle_is_a_hand(client):
    table = Table(client, rules={"all_pass": "reshuffle"})
    result = table.hand(1, bids=["pass"] * 4).json["result"]
    assert result["outcome"] == "reshuffle" and result["totals"] == [0, 0]
    assert result["next_dealer"] == 1
    assert table.get().json["next_hand_no"] == 2


def test_same_key_same_body_returns_stored_response(table):
    first = table.hand(1, key="k-1", **made()).json
    assert table.hand(1, key="k-1", **made()).json == first
    assert len(table.get().json["hands"]) == 1


def test_same_key_other_body_is_422(table):
    table.hand(1, key="k-1", **made())
    error = table.hand(1, key="k-1", status=422, **made(captured=20)).json
    assert error["rule_code"] == "IDEMPOTENCY_KEY_REUSED"


def test_same_hand_no_same_content_other_key_returns_stored_hand(table):
    first = table.hand(1, **made()).json
    assert table.hand(1, **made()).json == first


def test_same_hand_no_other_content_is_409_with_stored_hand(table):
    first = table.hand(1, **made()).json
    error = table.hand(1, status=409, **made(captured=12)).json
    assert error["stored_hand"] == first and error["code"] == 409


def test_gap_in_hand_numbers_is_409(table):
    error = table.hand(3, status=409, **made()).json
    assert "hand_no" in error["errors"]["json"]


@pytest.mark.parametrize(
    "hand, rule_code",
    [
        (made(bid=29), "BID_OUT_OF_RANGE"),
        (made(captured=43), "RESULT_OUT_OF_RANGE"),
        (made(bidder=7), "SEAT_OUT_OF_RANGE"),
        ({**made(), "dealer": 2}, "DEALER_OUT_OF_TURN"),
        ({"bids": ["pass"] * 4}, "DEALER_MUST_BID"),
    ],
)
def test_rules_errors_are_422_with_rule_code(table, hand, rule_code):
    error = table.hand(1, status=422, **hand).json
    assert error["rule_code"] == rule_code and error["message"]
    assert error["errors"]["json"]


@pytest.mark.parametrize(
    "hand, field",
    [
        ({**made(), "bid": 30.5}, "bid"),
        ({**made(), "bidder": True}, "bidder"),
        ({**made(), "result": {"captured": 2**63}}, "result"),
        ({**made(), "result": {"captured": "30"}}, "result"),
        ({**made(), "trump": "spades"}, "trump"),
        ({**made(), "extra": 1}, "extra"),
        ({**made(), "bids": ["fold"]}, "bids"),
    ],
)
def test_malformed_hands_are_422(table, hand, field):
    assert field in table.hand(1, status=422, **hand).json["errors"]["json"]


def test_hand_no_is_required_and_bounded(table):
    table.hand(0, status=422, **made())
    table.hand(10_001, status=422, **made())


def test_missing_idempotency_key_is_400(table):
    body = {"hand_no": 1, **made()}
    error = table.client.post_json(f"{table.url}/hands", body, headers=table.auth, status=400).json
    assert "Idempotency-Key" in error["message"]


def test_body_over_16_kib_is_413(table):
    body = {"hand_no": 1, **made(), "pad": "x" * 17_000}
    headers = {**table.auth, "Idempotency-Key": "big"}
    error = table.client.post_json(f"{table.url}/hands", body, headers=headers, status=413).json
    assert error["code"] == 413 and error["status"] == "Request Entity Too Large"


def test_hand_after_game_over_is_422(table):
    for n in range(1, 5):
        table.hand(n, **made(bidder=1, bid=84, captured=42))
    assert table.get().json["status"] == "over"
    assert table.get().json["winner"] == 1
    assert table.hand(5, status=422, **made()).json["rule_code"] == "GAME_OVER"


def test_edit_a_past_hand_rescores_later_hands(table):
    table.hand(1, **made(bidder=1))
    table.hand(2, **made(bidder=2))
    response = put_hand(table, 1, made(bidder=1, captured=10))
    assert response.json["result"]["outcome"] == "set"
    assert response.headers["ETag"] == table.etag()
    game = table.get().json
    assert [h["result"]["totals"] for h in game["hands"]] == [[1, 0], [2, 0]]
    assert game["totals"] == [2, 0]


def test_edit_without_if_match_is_428_and_stale_is_412(table):
    table.hand(1, **made())
    headers = {**table.auth}
    table.client.put_json(f"{table.url}/hands/1", made(), headers=headers, status=428)
    stale = table.etag()
    table.hand(2, **made(bidder=2))
    put_hand(table, 1, made(captured=10), status=412, if_match=stale)
    table.client.delete(
        f"{table.url}/hands/2", headers={**table.auth, "If-Match": stale}, status=412
    )
    table.client.delete(f"{table.url}/hands/2", headers=table.auth, status=428)


def test_edit_that_breaks_a_later_hand_is_422_naming_it(table):
    table.hand(1, **made(bidder=1, bid=84, captured=42))
    table.hand(2, **made(bidder=3, bid=84, captured=42))
    table.hand(3, **made(bidder=1))
    table.hand(4, **made(bidder=3))  # 6 marks to 0
    # make hand 3 win the game, so hand 4 comes after the end
    error = put_hand(table, 3, made(bidder=1, bid=126, captured=42), status=422).json
    assert error["hand_no"] == 4 and error["rule_code"] == "GAME_OVER"


def test_edit_a_missing_hand_is_404(table):
    table.hand(1, **made())
    put_hand(table, 2, made(), status=404)


def test_undo_the_last_hand_only(table):
    table.hand(1, **made(bidder=1))
    table.hand(2, **made(bidder=2))
    headers = {**table.auth, "If-Match": table.etag()}
    table.client.delete(f"{table.url}/hands/1", headers=headers, status=409)
    response = table.client.delete(f"{table.url}/hands/2", headers=headers, status=200)
    assert response.json["totals"] == [0, 1] and response.json["next_hand_no"] == 2
    assert response.headers["ETag"] == table.etag()
    table.client.delete(
        f"{table.url}/hands/5", headers={**table.auth, "If-Match": table.etag()}, status=404
    )
    table.hand(2, **made(bidder=3))  # the number is free again


def test_share_token_cannot_write_hands(table):
    headers = {"Authorization": f"Bearer {table.share_token}", "Idempotency-Key": "x"}
    table.client.post_json(
        f"{table.url}/hands", {"hand_no": 1, **made()}, headers=headers, status=403
    )
    assert table.get().json["hands"] == []


def test_game_etag_does_not_depend_on_the_host_asked(table):
    on_lan = table.get(**{"Host": "192.168.1.5:8000"})
    by_name = table.get(**{"Host": "tally.example"})
    assert on_lan.json["share_url"] != by_name.json["share_url"]
    assert on_lan.headers["ETag"] == by_name.headers["ETag"]
    put_hand(table, 1, made(), status=404, if_match=on_lan.headers["ETag"])  # not a 412
