"""Every message a player sees reads like something said at a 42 table: no dotted field path
(`result.captured`), no knob or field name (`mark_escalation`, `by_side`), no rule code
(`BID_STEP`), no document citation. Checked on the phone's own words (the string literals of
its screens), on the share page of a few games, and on the message the API sends back for
every rule code it can refuse a hand or a game with (the phone shows that message as is)."""

import json
import pathlib
import re
import tempfile
import uuid

import pytest
from helpers.words import unclean

from rules.errors import CODES

ROOT = pathlib.Path(__file__).resolve().parents[2]
PHONE_WORDS = sorted((ROOT / "pwa/js/views").glob("*.js")) + [
    *sorted((ROOT / "pwa/js/parts").glob("*.js")),
    ROOT / "pwa/js/words.js",
    ROOT / "pwa/js/game.js",
    ROOT / "pwa/js/names.js",
    ROOT / "pwa/js/director.js",
]


def test_the_checker_catches_what_it_must():
    """The patterns themselves: each kind is caught, and table talk passes."""
    assert unclean("result.captured 43 is outside 0..42") == ["a dotted field path"]
    assert unclean("penalties[0].side 5 is not a side") == ["a dotted field path"]
    assert unclean("the limit depends on mark_escalation") == ["a knob or field name"]
    assert unclean("refused (BID_STEP)") == ["a rule code"]
    assert unclean("bid 29 is below 30 (see rule 5)") == ["a document citation"]
    assert unclean("see docs/rules.md 13") == ["a dotted field path", "a document citation"]
    assert unclean("Bid 29 is too low: the lowest bid is 30.") == []
    assert unclean("Us 5 – Them 3. Hand 4: Left shakes; bids run 30 to 41.") == []
    assert unclean("for undefined marks") == ["a missing value"]


def string_pieces(source):
    """The text of every string literal in JavaScript `source`: quoted strings whole, and the
    fixed pieces of template literals (the `${...}` parts dropped, nested ones included)."""
    pieces, i, n = [], 0, len(source)
    stack = []  # open template literals: each entry is the ${ depth inside it

    def template(start):
        """Read a template literal's text from `start` to its end or its next `${`."""
        j, text = start, []
        while j < n:
            ch = source[j]
            if ch == "\\":
                text.append(source[j : j + 2])
                j += 2
            elif ch == "`":
                return "".join(text), j + 1, False
            elif source.startswith("${", j):
                return "".join(text), j + 2, True
            else:
                text.append(ch)
                j += 1
        return "".join(text), j, False

    while i < n:
        ch = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i) + 2
        elif ch in "'\"":
            j = i + 1
            while j < n and source[j] != ch:
                j += 2 if source[j] == "\\" else 1
            pieces.append(source[i + 1 : j])
            i = j + 1
        elif ch == "`":
            text, i, opened = template(i + 1)
            pieces.append(text)
            if opened:
                stack.append(0)
        elif stack and ch == "{":
            stack[-1] += 1
            i += 1
        elif stack and ch == "}":
            if stack[-1] == 0:
                stack.pop()
                text, i, opened = template(i + 1)
                pieces.append(text)
                if opened:
                    stack.append(0)
            else:
                stack[-1] -= 1
                i += 1
        else:
            i += 1
    return pieces


def shown(piece):
    """Whether a literal is words for a player (a space and a letter), not an identifier,
    a route, a selector or a CSS class list."""
    return (
        " " in piece.strip()
        and re.search(r"[A-Za-z]{2}", piece)
        and not piece.startswith(("#", ".", "[", "M"))
        and "=>" not in piece
    )


def test_the_string_reader_finds_words_in_templates():
    source = "h('p', {}, `Hand ${n}: ${a ? `${b} wins` : 'x.y'} done`); // rules.knob"
    assert string_pieces(source) == ["p", "Hand ", ": ", "", " wins", "x.y", " done"]


@pytest.mark.parametrize("path", PHONE_WORDS, ids=lambda p: p.name)
def test_the_phones_words_read_clean(path):
    found = [
        (piece, unclean(piece))
        for piece in string_pieces(path.read_text())
        if shown(piece) and unclean(piece)
    ]
    assert found == []


# --- what the server says ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    """The API on a throwaway SQLite file (Flask's test client)."""
    from api import create_app

    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{folder}/words.sqlite3",
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
        }
    )
    return app.test_client()


def new_game(client, ruleset, **body):
    """POST /api/games; the response (201 or a refusal)."""
    return client.post("/api/games", json={"ruleset": ruleset, "first_dealer": 0, **body})


def post_hands(client, game, hands):
    """POST hands in order; the first refusal's body, or None when every hand was taken."""
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    for hand_no, hand in enumerate(hands, 1):
        response = client.post(
            f"/api/games/{game['id']}/hands",
            json={"hand_no": hand_no, **hand},
            headers={**auth, "Idempotency-Key": uuid.uuid4().hex},
        )
        if response.status_code != 201:
            return response.get_json()
    return None


# codes the golden cases do not reach through the API, with a request that does
EXTRA = [
    (
        "wikipedia-42",
        {
            "bidder": 1,
            "bid": {"contract": "nello", "marks": 2, "doubles": "high"},
            "result": {"tricks": 0},
        },
    ),
    (
        "geezer",
        {"bidder": 1, "bid": {"contract": "dip", "marks": 1}, "result": {"declared": "made"}},
    ),
    (
        "geezer",
        {"bidder": 1, "bid": {"contract": "dive", "marks": 2}, "result": {"declared": "made"}},
    ),
    (
        "straight-42",
        {
            "bidder": 1,
            "bid": 30,
            "result": {"captured": 30},
            "penalties": [{"kind": "renege", "side": 5}],
        },
    ),
]
# refused by the API's schema before the rules see them (the phone never sends these)
SCHEMA_FIRST = {"BID_NOT_INTEGER", "RESULT_NOT_INTEGER", "BAD_INPUT", "DIP_MARKS", "DIVE_MARKS"}


@pytest.fixture(scope="module")
def refusals(client):
    """{rule_code: message} for every rule code the API answered, from the golden illegal
    cases (tests/vectors) and the requests in EXTRA."""
    said = {}
    for path in sorted((ROOT / "tests/vectors").glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            kind = case.get("kind", "game")
            if kind not in ("game", "ruleset_error") or (kind == "game" and "error" not in case):
                continue
            if case.get("time_called"):  # a director's call of time: no casual game has one
                continue
            body = {"rules": case["overrides"]} if case.get("overrides") else {}
            if case.get("start_totals") and any(case["start_totals"]):
                body["start_totals"] = case["start_totals"]
            body["first_dealer"] = case.get("first_dealer") or 0
            response = new_game(client, case["ruleset"], **body)
            answer = (
                response.get_json()
                if response.status_code != 201
                else post_hands(client, response.get_json(), case["hands"])
            )
            if answer and answer.get("rule_code"):
                said.setdefault(answer["rule_code"], answer["message"])
    for ruleset, hand in EXTRA:
        answer = post_hands(client, new_game(client, ruleset).get_json(), [hand])
        if answer and answer.get("rule_code"):
            said.setdefault(answer["rule_code"], answer["message"])
    return said


def test_the_api_answers_nearly_every_rule_code(refusals):
    assert set(CODES) - set(refusals) <= SCHEMA_FIRST


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_rule_codes_message_reads_clean(refusals, code):
    """Needs the rules helper's rewrite of the messages (docs/rules.md numbers stay in the
    code's docs, not in what a player reads)."""
    if code not in refusals:
        assert code in SCHEMA_FIRST
        return
    assert unclean(refusals[code]) == [], refusals[code]


# --- the share page ---------------------------------------------------------------------------

SHARE_GAMES = [
    (
        "straight-42",
        {"start_totals": [3, 2]},
        [
            {"bidder": 1, "bid": 84, "result": {"declared": "set"}},
            {"bidder": 2, "bid": 30, "result": {"captured": 35}, "dealer": 1},
        ],
    ),
    ("points-250", {}, [{"bidder": 0, "bid": 30, "result": {"captured": 30}}]),
    ("moon", {}, [{"bidder": 1, "bid": 5, "result": {"by_side": [1, 5, 1]}}]),
    (
        "wikipedia-42",
        {},
        [
            {
                "bidder": 1,
                "bid": {"contract": "nello", "marks": 1, "doubles": "own_suit"},
                "result": {"tricks": 0},
            },
            {"bidder": 1, "bid": 84, "result": {"declared": "made"}, "dealer": 1},
            {"bidder": 1, "bid": 84, "result": {"declared": "made"}, "dealer": 2},
            {"bidder": 1, "bid": 84, "result": {"declared": "made"}, "dealer": 3},
        ],
    ),
]


@pytest.mark.parametrize("ruleset, body, hands", SHARE_GAMES, ids=[g[0] for g in SHARE_GAMES])
def test_the_share_page_reads_clean(client, ruleset, body, hands):
    game = new_game(client, ruleset, **body).get_json()
    assert post_hands(client, game, hands) is None
    html = client.get(f"/s/{game['share_token']}").get_data(as_text=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", html.split("<main>", 1)[1]).split())
    assert unclean(text) == [], text


# --- the Rules screen, for every preset -------------------------------------------------------

EXPLAIN = """
const { explainRules } = await import(process.argv[1]);
const presets = JSON.parse(await new Promise((done) => {
  let text = '';
  process.stdin.on('data', (c) => { text += c; });
  process.stdin.on('end', () => done(text));
}));
const out = {};
for (const [id, rules] of Object.entries(presets)) out[id] = explainRules(rules);
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def explained():
    """{preset id: [[title, [sentence, ...]], ...]} from pwa/js/words.js, run by Node."""
    import subprocess

    from rules import PRESETS

    presets = {key: preset.to_dict() for key, preset in PRESETS.items()}
    run = subprocess.run(
        ["node", "--input-type=module", "-e", EXPLAIN, (ROOT / "pwa/js/words.js").as_uri()],
        input=json.dumps(presets),
        capture_output=True,
        text=True,
        check=True,
    )
    return {key: (presets[key], parts) for key, parts in json.loads(run.stdout).items()}


def test_the_rules_screen_says_what_the_knobs_say_for_every_preset(explained):
    """Generated from the knobs, so it cannot disagree with the score: the target, the bids,
    each special bid and its marks, the forced dealer or the reshuffle, the hand limit."""
    from rules import PRESETS

    assert set(explained) == set(PRESETS)
    for key, (knobs, parts) in explained.items():
        text = " ".join(s for _, sentences in parts for s in sentences)
        assert unclean(text) == [], (key, text)
        unit = "points" if knobs["scoring"] == "points" else "marks"
        assert f"First to {knobs['target']} {unit} wins." in text, key
        assert f"Bids run from {knobs['min_bid']} to " in text, key
        for contract in ("plunge", "splash", "dip", "dive"):
            name = contract.capitalize()
            if knobs[contract]:
                assert f"{name}: a player holding" in text, (key, contract)
                marks = knobs[f"{contract}_marks"]
                assert f"may bid {marks} mark{'s' * (marks != 1)}" in text, (key, contract)
            else:
                assert f"{name}: " not in text, (key, contract)
        assert ("Nel-o: " in text) == knobs["nello"], key
        if knobs["nello"]:  # the levels it may be bid at (docs/rules.md 13, 30), from the knob
            levels = knobs["nello_levels"]
            said = " or ".join(map(str, levels)) + (" mark" if levels == [1] else " marks")
            assert f"take no tricks at all, for {said};" in text, (key, text)
        assert ("the shaker must bid" in text) == (knobs["all_pass"] == "forced"), key
        assert (f"At most {knobs['max_hands']} hands" in text) == bool(knobs["max_hands"]), key
        assert ("Sevens: " in text) == knobs["sevens"], key
