"""The bad-input suite: over a hundred wrong requests, table-driven, on the store under test
(SQLite, or PostgreSQL with TEST_DATABASE_URL). For each: no 5xx; a refusal is the one
error shape with a `rule_code` and a message without field paths; a refusal stores nothing
(every table counted before and after); every game a case created reads and deletes."""

import json
import re
import uuid

import pytest
from helpers.apitest import Table, made

from api.store.db import flask_db
from api.store.schema import MODELS

GAME = {"ruleset": "straight-42", "first_dealer": 0}
HAND = {"hand_no": 2, "bidder": 1, "bid": 30, "result": {"captured": 35}}
PUT = {"bidder": 1, "bid": 31, "result": {"captured": 35}}
FIELD_PATH = re.compile(r"^[\w.\[\]]+: |\b[a-z_]+\.[a-z_]+\b")
BIG = 2**63


def case(
    name,
    method,
    path,
    body=None,
    *,
    raw=None,
    ctype="application/json",
    status,
    headers=None,
    auth=True,
):
    """One request of the suite and the status it must get."""
    return pytest.param(method, path, body, raw, ctype, status, headers or {}, auth, id=name)


def game(**changes):
    """A create body with `changes` (None deletes a key)."""
    body = {**GAME, **changes}
    return {k: v for k, v in body.items() if v is not None}


def hand(**changes):
    body = {**HAND, **changes}
    return {k: v for k, v in body.items() if v is not None}


def put(**changes):
    body = {**PUT, **changes}
    return {k: v for k, v in body.items() if v is not None}


G, H, P, S = "/api/games", "{game}/hands", "{game}/hands/1", "{game}/share"
CASES = [
    # ---- creating a game: the body ----
    case("create-empty-body", "post", G, raw=b"", status=422),
    case("create-null", "post", G, None, raw=b"null", status=422),
    case("create-list", "post", G, [GAME], status=422),
    case("create-string", "post", G, "straight-42", status=422),
    case("create-number", "post", G, 42, status=422),
    case("create-no-ruleset", "post", G, game(ruleset=None), status=422),
    case("create-no-dealer", "post", G, game(first_dealer=None), status=422),
    case("create-unknown-ruleset", "post", G, game(ruleset="chess"), status=422),
    case("create-ruleset-number", "post", G, game(ruleset=42), status=422),
    case("create-ruleset-empty", "post", G, game(ruleset=""), status=422),
    case("create-ruleset-long", "post", G, game(ruleset="x" * 65), status=422),
    case("create-dealer-string", "post", G, game(first_dealer="0"), status=422),
    case("create-dealer-float", "post", G, game(first_dealer=0.5), status=422),
    case("create-dealer-bool", "post", G, game(first_dealer=True), status=422),
    case("create-dealer-negative", "post", G, game(first_dealer=-1), status=422),
    case("create-dealer-past-table", "post", G, game(first_dealer=4), status=422),
    case("create-dealer-huge", "post", G, game(first_dealer=BIG), status=422),
    case(
        "create-dealer-null",
        "post",
        G,
        game(first_dealer=None) | {"first_dealer": None},
        status=422,
    ),
    case("create-unknown-field", "post", G, game(colour="red"), status=422),
    case("create-rules-list", "post", G, game(rules=[1]), status=422),
    case("create-rules-unknown-knob", "post", G, game(rules={"bogus": 1}), status=422),
    case("create-rules-bad-target", "post", G, game(rules={"target": "seven"}), status=422),
    case("create-rules-target-zero", "post", G, game(rules={"target": 0}), status=422),
    case("create-rules-huge", "post", G, game(rules={"target": BIG}), status=422),
    case(
        "create-rules-nan",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", "first_dealer": 0, "rules": {"target": NaN}}',
        status=422,
    ),
    case(
        "create-rules-name-nan",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", "first_dealer": 0, "rules": {"name": NaN}}',
        status=422,
    ),
    case(
        "create-rules-description-infinity",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", "first_dealer": 0, "rules": {"description": -Infinity}}',
        status=422,
    ),
    case(
        "create-rules-name-surrogate",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", "first_dealer": 0, "rules": {"name": "\\ud800"}}',
        status=422,
    ),
    case(
        "create-team-surrogate",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", '
        b'"first_dealer": 0, "teams": [{"name": "\\udc00"}, {"name": "B"}]}',
        status=422,
    ),
    case(
        "create-player-surrogate",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", '
        b'"first_dealer": 0, "teams": [{"name": "A", "players": ["\\ud83d"]}, '
        b'{"name": "B"}]}',
        status=422,
    ),
    case("create-rules-sides-bad", "post", G, game(rules={"sides": [0, 0, 0, 0]}), status=422),
    case("create-rules-inconsistent", "post", G, game(rules={"min_bid": 50}), status=422),
    case("create-teams-one", "post", G, game(teams=[{"name": "A"}]), status=422),
    case("create-teams-three", "post", G, game(teams=[{"name": n} for n in "ABC"]), status=422),
    case(
        "create-teams-nine", "post", G, game(teams=[{"name": n} for n in "ABCDEFGHI"]), status=422
    ),
    case("create-team-no-name", "post", G, game(teams=[{}, {"name": "B"}]), status=422),
    case(
        "create-team-empty-name", "post", G, game(teams=[{"name": ""}, {"name": "B"}]), status=422
    ),
    case(
        "create-team-long-name",
        "post",
        G,
        game(teams=[{"name": "x" * 61}, {"name": "B"}]),
        status=422,
    ),
    case(
        "create-team-name-number", "post", G, game(teams=[{"name": 1}, {"name": "B"}]), status=422
    ),
    case("create-team-string", "post", G, game(teams=["A", "B"]), status=422),
    case(
        "create-team-extra",
        "post",
        G,
        game(teams=[{"name": "A", "x": 1}, {"name": "B"}]),
        status=422,
    ),
    case(
        "create-players-nine",
        "post",
        G,
        game(teams=[{"name": "A", "players": ["p"] * 9}, {"name": "B"}]),
        status=422,
    ),
    case("create-totals-one", "post", G, game(start_totals=[1]), status=422),
    case("create-totals-strings", "post", G, game(start_totals=["1", "2"]), status=422),
    case("create-totals-huge", "post", G, game(start_totals=[BIG, 0]), status=422),
    case("create-totals-float", "post", G, game(start_totals=[1.5, 0]), status=422),
    case(
        "create-totals-1e999",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", "first_dealer": 0, "start_totals": [1e999, 0]}',
        status=422,
    ),
    case("create-id-bad", "post", G, game(id="not-a-uuid"), status=422),
    case("create-id-number", "post", G, game(id=7), status=422),
    case(
        "create-token-22-letters", "post", G, game(edit_token="abcdefghijklmnopqrstuv"), status=422
    ),
    case("create-token-short", "post", G, game(edit_token="short"), status=422),
    case("create-token-repeated", "post", G, game(edit_token="ab" * 21 + "A"), status=422),
    case("create-token-newline", "post", G, game(edit_token="Q" * 42 + "A\n"), status=422),
    case("create-token-number", "post", G, game(edit_token=12345), status=422),
    # ---- creating a game: what is around the body ----
    case(
        "create-text-plain",
        "post",
        G,
        None,
        raw=json.dumps(GAME).encode(),
        ctype="text/plain",
        status=415,
    ),
    case(
        "create-form",
        "post",
        G,
        None,
        raw=b"ruleset=straight-42&first_dealer=0",
        ctype="application/x-www-form-urlencoded",
        status=415,
    ),
    case("create-xml", "post", G, None, raw=b"<game/>", ctype="application/xml", status=415),
    case("create-not-json", "post", G, None, raw=b"ruleset: straight-42", status=400),
    case("create-cut-short", "post", G, None, raw=b'{"ruleset": "straight-42"', status=400),
    case("create-single-quotes", "post", G, None, raw=b"{'ruleset': 'straight-42'}", status=400),
    case("create-trailing-comma", "post", G, None, raw=b'{"first_dealer": 0,}', status=400),
    case("create-latin1", "post", G, None, raw=b'{"ruleset": "\xe9"}', status=400),
    case("create-deep-array", "post", G, None, raw=b"[" * 8000 + b"]" * 8000, status=400),
    case(
        "create-deep-in-rules",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", '
        b'"first_dealer": 0, "rules": {"x": ' + b"[" * 100 + b"]" * 100 + b"}}",
        status=400,
    ),
    case(
        "create-5000-digits",
        "post",
        G,
        None,
        raw=b'{"ruleset": "straight-42", "first_dealer": ' + b"7" * 5000 + b"}",
        status=400,
    ),
    case(
        "create-too-large",
        "post",
        G,
        game(teams=[{"name": "A", "players": ["x" * 60] * 8}, {"name": "B"}], pad="x" * 17_000),
        status=413,
    ),
    case("create-wrong-method", "patch", G, GAME, status=405),
    case("create-wrong-method-put", "put", G, GAME, status=405),
    # ---- recording a hand ----
    case("hand-no-auth", "post", H, hand(), status=401, auth=False),
    case(
        "hand-bad-scheme",
        "post",
        H,
        hand(),
        headers={"Authorization": "Basic abc"},
        status=401,
        auth=False,
    ),
    case(
        "hand-unknown-token",
        "post",
        H,
        hand(),
        headers={"Authorization": "Bearer " + "Q" * 43},
        status=401,
        auth=False,
    ),
    case(
        "hand-nul-token",
        "post",
        H,
        hand(),
        headers={"Authorization": "Bearer abc\x00defghijklmnopqrstuvwxyz"},
        status=401,
        auth=False,
    ),
    case("hand-no-key", "post", H, hand(), headers={"Idempotency-Key": ""}, status=400),
    case("hand-key-with-space", "post", H, hand(), headers={"Idempotency-Key": "a b"}, status=400),
    case(
        "hand-key-too-long", "post", H, hand(), headers={"Idempotency-Key": "k" * 256}, status=400
    ),
    case("hand-empty", "post", H, {}, status=422),
    case("hand-list", "post", H, [HAND], status=422),
    case("hand-no-number", "post", H, hand(hand_no=None), status=422),
    case("hand-number-zero", "post", H, hand(hand_no=0), status=422),
    case("hand-number-huge", "post", H, hand(hand_no=BIG), status=422),
    case("hand-number-gap", "post", H, hand(hand_no=5), status=409),
    case("hand-number-taken", "post", H, hand(hand_no=1, bid=40), status=409),
    case("hand-bid-string", "post", H, hand(bid="30"), status=422),
    case("hand-bid-float", "post", H, hand(bid=30.0), status=422),
    case("hand-bid-bool", "post", H, hand(bid=True), status=422),
    case("hand-bid-null", "post", H, hand() | {"bid": None}, status=422),
    case("hand-bid-list", "post", H, hand(bid=[30]), status=422),
    case("hand-bid-huge", "post", H, hand(bid=BIG), status=422),
    case("hand-bid-low", "post", H, hand(bid=29), status=422),
    case("hand-bid-between-marks", "post", H, hand(bid=43), status=422),
    case(
        "hand-bid-unknown-contract",
        "post",
        H,
        hand(bid={"contract": "moon", "marks": 1}),
        status=422,
    ),
    case(
        "hand-bid-contract-off", "post", H, hand(bid={"contract": "plunge", "marks": 4}), status=422
    ),
    case("hand-bid-dip-off", "post", H, hand(bid={"contract": "dip", "marks": 2}), status=422),
    case("hand-bid-marks-zero", "post", H, hand(bid={"marks": 0}), status=422),
    case("hand-bid-marks-string", "post", H, hand(bid={"marks": "2"}), status=422),
    case("hand-bid-object-extra", "post", H, hand(bid={"marks": 1, "x": 1}), status=422),
    case(
        "hand-bid-doubles-bad",
        "post",
        H,
        hand(bid={"contract": "nello", "marks": 1, "doubles": "sideways"}),
        status=422,
    ),
    case("hand-bidder-string", "post", H, hand(bidder="one"), status=422),
    case("hand-bidder-negative", "post", H, hand(bidder=-1), status=422),
    case("hand-bidder-past-table", "post", H, hand(bidder=4), status=422),
    case("hand-dealer-wrong", "post", H, hand(dealer=3), status=422),
    case("hand-no-bid", "post", H, hand(bid=None, bidder=None), status=422),
    case("hand-trump-name", "post", H, hand(trump="clubs"), status=422),
    case("hand-trump-past-set", "post", H, hand(trump=7), status=422),
    case("hand-trump-huge", "post", H, hand(trump=100), status=422),
    case("hand-trump-float", "post", H, hand(trump=6.0), status=422),
    case("hand-trump-sevens-off", "post", H, hand(trump="sevens"), status=422),
    case("hand-result-missing", "post", H, hand(result=None), status=422),
    case("hand-result-number", "post", H, hand(result=35), status=422),
    case("hand-result-captured-string", "post", H, hand(result={"captured": "35"}), status=422),
    case("hand-result-captured-past", "post", H, hand(result={"captured": 43}), status=422),
    case("hand-result-captured-negative", "post", H, hand(result={"captured": -1}), status=422),
    case("hand-result-unknown-key", "post", H, hand(result={"captured": 35, "x": 1}), status=422),
    case("hand-result-declared-bad", "post", H, hand(result={"declared": "maybe"}), status=422),
    case(
        "hand-result-mismatch",
        "post",
        H,
        hand(result={"captured": 10, "declared": "made"}),
        status=422,
    ),
    case("hand-result-by-side-sum", "post", H, hand(result={"by_side": [40, 40]}), status=422),
    case("hand-result-by-side-long", "post", H, hand(result={"by_side": [0] * 17}), status=422),
    case(
        "hand-penalty-kind", "post", H, hand(penalties=[{"kind": "cheat", "side": 0}]), status=422
    ),
    case(
        "hand-penalty-side", "post", H, hand(penalties=[{"kind": "renege", "side": 5}]), status=422
    ),
    case(
        "hand-penalty-two-reneges",
        "post",
        H,
        hand(penalties=[{"kind": "renege", "side": 0}, {"kind": "renege", "side": 1}]),
        status=422,
    ),
    case("hand-penalty-not-list", "post", H, hand(penalties={"kind": "renege"}), status=422),
    case("hand-bids-not-list", "post", H, hand(bids="30, pass"), status=422),
    case(
        "hand-bids-typo",
        "post",
        H,
        hand(bids=[30, "pas", "pass", "pass"], bid=None, bidder=None),
        status=422,
    ),
    case(
        "hand-bids-not-higher",
        "post",
        H,
        hand(bids=[30, 30, "pass", "pass"], bid=None, bidder=None),
        status=422,
    ),
    case("hand-bids-too-many", "post", H, hand(bids=[30] * 65, bid=None, bidder=None), status=422),
    case("hand-nan", "post", H, None, raw=b'{"hand_no": 2, "bidder": 1, "bid": NaN}', status=422),
    case("hand-surrogate-key", "post", H, None, raw=b'{"hand_no": 2, "\\ud800": 1}', status=422),
    case(
        "hand-text-plain",
        "post",
        H,
        None,
        raw=json.dumps(HAND).encode(),
        ctype="text/plain",
        status=415,
    ),
    case("hand-not-json", "post", H, None, raw=b"hand 2", status=400),
    case("hand-too-large", "post", H, hand(pad="x" * 17_000), status=413),
    # ---- editing a hand (If-Match is the game's current ETag unless given) ----
    case("put-no-if-match", "put", P, put(), headers={"If-Match": None}, status=428),
    case("put-stale-if-match", "put", P, put(), headers={"If-Match": '"stale"'}, status=412),
    case("put-hand-zero", "put", "{game}/hands/0", put(), status=404),
    case("put-hand-huge", "put", "{game}/hands/99999999999999999999", put(), status=404),
    case("put-hand-missing", "put", "{game}/hands/7", put(), status=404),
    case("put-bid-string", "put", P, put(bid="31"), status=422),
    case("put-unknown-field", "put", P, put(hand_no=1), status=422),
    case("put-trump-past-set", "put", P, put(trump=9), status=422),
    case("put-not-json", "put", P, None, raw=b"{", status=400),
    case("put-text-plain", "put", P, None, raw=b"{}", ctype="text/plain", status=415),
    case("delete-not-last", "delete", "{game}/hands/0", None, status=404),
    case("delete-no-if-match", "delete", P, None, headers={"If-Match": None}, status=428),
    case("delete-stale", "delete", P, None, headers={"If-Match": '"old"'}, status=412),
    # ---- the share link ----
    case("share-no-action", "post", S, {}, status=422),
    case("share-bad-action", "post", S, {"action": "publish"}, status=422),
    case("share-action-number", "post", S, {"action": 1}, status=422),
    case("share-no-auth", "post", S, {"action": "rotate"}, status=401, auth=False),
    case(
        "share-text-plain",
        "post",
        S,
        None,
        raw=b'{"action": "rotate"}',
        ctype="text/plain",
        status=415,
    ),
    case("share-read-nul", "get", "/api/share/abcdefgh%00ijklmnopq", None, status=404, auth=False),
    case("share-read-short", "get", "/api/share/abc", None, status=404, auth=False),
    case("share-read-unknown", "get", "/api/share/" + "Q" * 22, None, status=404, auth=False),
    case("share-page-nul", "get", "/s/abcdefgh%00ijklmnopq", None, status=404, auth=False),
    # ---- reading and deleting games ----
    case("game-bad-uuid", "get", "/api/games/not-a-uuid", None, status=404),
    case("game-unknown", "get", "/api/games/" + str(uuid.UUID(int=1)), None, status=404),
    case("game-wrong-method", "post", "{game}", {}, status=405),
    case("game-delete-no-auth", "delete", "{game}", None, status=401, auth=False),
    case("ruleset-unknown", "get", "/api/rulesets/chess", None, status=404, auth=False),
    case("ruleset-nul", "get", "/api/rulesets/a%00b", None, status=404, auth=False),
    case("pwa-readme", "get", "/README.md", None, status=404, auth=False),
    case("pwa-script", "get", "/stamp-sw.py", None, status=404, auth=False),
]


def counts(app):
    """Rows in every table."""
    with app.app_context(), flask_db.database.connection_context():
        return {model.__name__: model.select().count() for model in MODELS}


@pytest.fixture
def played(client):
    """A straight-42 game with one hand."""
    table = Table(client)
    table.hand(1, **made())
    return table


@pytest.mark.parametrize("method, path, body, raw, ctype, status, headers, auth", CASES)
def test_bad_input(app, client, played, method, path, body, raw, ctype, status, headers, auth):
    url = path.format(game=played.url)
    sent = {"Idempotency-Key": uuid.uuid4().hex, "If-Match": played.etag()}
    if auth:
        sent.update(played.auth)
    sent.update(headers)
    sent = {k: v for k, v in sent.items() if v is not None}
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    before = counts(app)
    response = app.test_client().open(
        url,
        method=method.upper(),
        data=data,
        content_type=ctype if data is not None else None,
        headers=sent,
    )
    assert response.status_code < 500
    if url.startswith("/s/"):  # the share page is HTML for people, its 404 too
        assert response.status_code == status and response.mimetype == "text/html"
        return
    if response.content_type == "application/json":
        error = response.get_json()
    else:
        error = None
    assert response.status_code == status, error
    assert error is not None, "every refusal is JSON"
    assert set(error) >= {"code", "status", "message", "errors", "rule_code"}
    assert error["code"] == status and re.fullmatch(r"[A-Z][A-Z_]+", error["rule_code"])
    assert error["message"] and not FIELD_PATH.search(error["message"]), error["message"]
    assert ".md" not in error["message"] and "requested URL" not in error["message"]
    assert counts(app) == before, "a refusal stored something"
    assert client.get(played.url, headers=played.auth).json["next_hand_no"] == 2


ODD_BUT_FINE = [
    game(teams=[{"name": "Dédé 🁢", "players": ["Zoë", "李"]}, {"name": "Them"}]),
    game(teams=[{"name": "x" * 60, "players": ["y" * 60] * 8}, {"name": "B"}]),
    game(rules={"name": "House rules", "description": "ours", "target": 250}),
    game(ruleset="geezer", rules={"target": 10}),
    game(start_totals=[-100_000, 100_000]),
    game(id=str(uuid.uuid4()), edit_token="i8VMrPDanzh5xF6lTr0R6qB-3Tvw1kk5Rt8ctYkvjoE"),
    game(ruleset="140", teams=[{"name": "A"}, {"name": "B"}, {"name": "C"}]),
]


def test_every_game_created_reads_and_deletes(app, client):
    """Odd but valid creates: each game is readable, shareable and deletable afterwards."""
    for body in ODD_BUT_FINE:
        created = client.post_json("/api/games", body, status=201).json
        auth = {"Authorization": f"Bearer {created['edit_token']}"}
        url = f"/api/games/{created['id']}"
        assert client.get(url, headers=auth).json["id"] == created["id"]
        client.get(f"/api/share/{created['share_token']}")
        client.get(f"/s/{created['share_token']}")
        client.delete(url, headers=auth, status=204)
        client.get(url, headers=auth, status=401)  # the token went with the game
    assert counts(app)["Game"] == 0
