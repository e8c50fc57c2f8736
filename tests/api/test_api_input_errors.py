"""Every refusal names the value and the rule in player words, with a stable rule_code; the
field paths stay in `errors` for programs, never in `message`."""

import re

import pytest
from helpers.apitest import Table, made

# "bid.contract: Must be ..." (the old prefix) or any dotted path like result.by_side
FIELD_PATH = re.compile(r"^[\w.\[\]]+: |\b[a-z_]+\.[a-z_]+\b")


def plain(error, status, rule_code):
    """The one error shape with `status` and `rule_code`; the message has no field path."""
    assert error["code"] == status and error["rule_code"] == rule_code, error
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert not FIELD_PATH.search(error["message"]), error["message"]
    assert ".md" not in error["message"]
    return error["message"]


@pytest.mark.parametrize(
    "hand, rule_code, words",
    [
        (
            {"bidder": 1, "bid": "30", "result": {"captured": 30}},
            "BID_NOT_INTEGER",
            '"30" is not a bid: a bid is a number like 30',
        ),
        (
            {"bidder": 1, "bid": 30.5, "result": {"captured": 30}},
            "BID_NOT_INTEGER",
            "30.5 is not a bid",
        ),
        (
            {"bidder": 1, "bid": 30, "trump": "clubs", "result": {"captured": 30}},
            "TRUMP_NOT_ALLOWED",
            '"clubs" is not a trump: a trump is a suit number',
        ),
        (
            {"bidder": 1, "bid": 30, "trump": 100, "result": {"captured": 30}},
            "TRUMP_NOT_ALLOWED",
            "100 is not a trump",
        ),
        (
            {"bidder": "one", "bid": 30, "result": {"captured": 30}},
            "SEAT_OUT_OF_RANGE",
            '"one" is not a seat',
        ),
        (
            {"bidder": 1, "bid": {"contract": "moon", "marks": 1}, "result": {"captured": 30}},
            "CONTRACT_NOT_ALLOWED",
            '"moon" is not a contract: the contracts are nello, plunge',
        ),
        (
            {"bidder": 1, "bid": 30, "result": {"captured": "lots"}},
            "RESULT_NOT_INTEGER",
            '"lots" is not a point count',
        ),
        (
            {"bids": [30, "pas"], "result": {"captured": 30}},
            "BID_NOT_INTEGER",
            '"pas" is not a bid',
        ),
        (
            {
                "bidder": 1,
                "bid": 30,
                "result": {"captured": 30},
                "penalties": [{"kind": "cheating", "side": 0}],
            },
            "BAD_PENALTY",
            '"cheating" is not a penalty: the penalties are renege, table_talk, exposed_domino',
        ),
        (
            {"bidder": 1, "bid": 30, "result": {"captured": 30}, "pad": 1},
            "UNKNOWN_FIELD",
            '"pad" is not something the scorepad knows here',
        ),
        (
            {"bidder": 1, "bid": None, "result": {"captured": 30}},
            "BID_NOT_INTEGER",
            "a bid cannot be left empty",
        ),
    ],
)
def test_schema_refusals_name_the_value_in_player_words(table, hand, rule_code, words):
    error = table.hand(1, status=422, **hand).json
    assert words in plain(error, 422, rule_code)
    assert error["errors"]["json"]  # the field path is still there, for programs


def test_a_missing_field_and_a_whole_body_of_the_wrong_kind(client, table):
    error = client.post_json("/api/games", {"first_dealer": 0}, status=422).json
    assert "the ruleset is missing" in plain(error, 422, "MISSING_FIELD")
    headers = {**table.auth, "Idempotency-Key": "k"}
    error = client.post_json(f"{table.url}/hands", [1, 2], headers=headers, status=422).json
    assert "[1, 2] is not what this asks for" in plain(error, 422, "BAD_INPUT")


@pytest.mark.parametrize(
    "body, rule_code, words",
    [
        ({"ruleset": "straight-42", "first_dealer": 7}, "SEAT_OUT_OF_RANGE", "no seat 7"),
        (
            {"ruleset": "straight-42", "first_dealer": 0, "teams": [{"name": "A"}]},
            "BAD_INPUT",
            "so name 2 teams, not 1",
        ),
        (
            {"ruleset": "straight-42", "first_dealer": 0, "start_totals": [1, 2, 3]},
            "BAD_INPUT",
            "one starting score per side (2), not 3",
        ),
    ],
)
def test_a_game_that_does_not_fit_its_ruleset(client, body, rule_code, words):
    assert words in plain(client.post_json("/api/games", body, status=422).json, 422, rule_code)


def test_a_stale_or_missing_if_match_says_what_happened_and_what_to_do(table):
    table.hand(1, **made())
    headers = {**table.auth, "If-Match": '"stale"'}
    error = table.client.put_json(f"{table.url}/hands/1", made(), headers=headers, status=412).json
    message = plain(error, 412, "GAME_CHANGED")
    assert "another phone changed this game" in message and "If-Match" in message
    error = table.client.put_json(
        f"{table.url}/hands/1", made(), headers=table.auth, status=428
    ).json
    assert "If-Match" in plain(error, 428, "NEEDS_IF_MATCH")
    error = table.client.delete(f"{table.url}/hands/1", headers=table.auth, status=428).json
    plain(error, 428, "NEEDS_IF_MATCH")


@pytest.mark.parametrize(
    "method, path, status, rule_code, words",
    [
        ("get", "/api/nothing", 404, "NOT_FOUND", "nothing at this address"),
        ("put", "/api/rulesets", 405, "METHOD_NOT_ALLOWED", "does not take a PUT; it takes"),
        ("get", "/api/share/0123456789abcdefXYZ", 404, "NOT_FOUND", "no game is shared"),
        (
            "get",
            "/api/games/00000000-0000-4000-8000-000000000000",
            401,
            "NEEDS_TOKEN",
            "edit token",
        ),
    ],
)
def test_http_refusals_in_player_words(client, method, path, status, rule_code, words):
    error = getattr(client, method)(path, status=status).json
    message = plain(error, status, rule_code)
    assert words in message and "requested URL" not in message


def test_409_413_and_429_carry_rule_codes(table, tmp_path):
    table.hand(1, **made())
    error = table.hand(1, status=409, **made(bid=31)).json
    plain(error, 409, "CONFLICT")
    error = table.client.post_json("/api/games", {"pad": "x" * 17_000}, status=413).json
    assert "too large" in plain(error, 413, "BODY_TOO_LARGE")
    from helpers.apitest import TestApp, close_pool, make_app

    app = make_app(tmp_path, RATELIMIT_PER_CLIENT=1)
    limited = TestApp(app)
    Table(limited)
    error = limited.post_json(
        "/api/games", {"ruleset": "straight-42", "first_dealer": 0}, status=429
    ).json
    assert "try again in" in plain(error, 429, "TOO_MANY_WRITES")
    close_pool(app)


def test_rules_refusals_keep_their_rule_code(table):
    error = table.hand(1, status=422, **made(bid=29)).json
    assert error["rule_code"] == "BID_OUT_OF_RANGE" and error["hand_no"] == 1
