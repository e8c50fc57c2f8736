"""Every RulesError message is for a person at the table.

No field paths (`result.by_side`), bracket indexes (`bids[2]`), knob or field names
(`mark_escalation`), document citations or Python reprs (`{'contract': 'nello'}`): the value
and the rule in words. Programs read the stable `code` and the developer's `field`.
Walks EVERY code in rules.errors.CODES (table-driven), every error vector, and a junk value
for every ruleset setting.
"""

import json
import re
from pathlib import Path

import pytest

from rules import (
    RulesError,
    count_points,
    get_ruleset,
    hand_decided,
    legal_bids,
    replay,
    winnable_bids,
)
from rules.errors import CODES
from rules.rulesets import KNOB_NAMES

VECTORS = Path(__file__).resolve().parent.parent / "vectors"
BANNED = [
    (re.compile(r"\b[a-z_]+\.[a-z_]+"), "a dotted path"),
    (re.compile(r"\w\[\d*\]"), "a bracket index"),
    (re.compile(r"(?<![\u201c\w])[a-z]+_[a-z_]+"), "a knob or field name"),
    (re.compile(r"RULES\.md|contract\.md|docs/rules"), "a document citation"),
    (re.compile(r"\{'|\{\"|\['|\[\{|\(\'"), "a Python repr"),
]


def game(preset, *hands, overrides=None, **kwargs):
    """A callable that replays `hands` under `preset`."""
    return lambda: replay(get_ruleset(preset, overrides), list(hands), **kwargs)


def made(bid=30, captured=30, bidder=0, **extra):
    return {"bidder": bidder, "bid": bid, "result": {"captured": captured}, **extra}


PASS = "pass"
NELLO = {"contract": "nello", "doubles": "high"}
TRIGGERS = {
    "RESULT_OUT_OF_RANGE": [
        game("straight-42", made(captured=43)),
        game("wikipedia-42", {"bidder": 0, "bid": NELLO, "result": {"tricks": 8}}),
    ],
    "RESULT_NOT_INTEGER": [game("straight-42", made(captured=30.5))],
    "RESULT_INFEASIBLE": [game("texas-88", made(60, 87))],
    "RESULT_SUM": [game("points-250", {"bidder": 0, "bid": 30, "result": {"by_side": [30, 30]}})],
    "RESULT_NEEDS_BY_SIDE": [game("moon", made(5, 5))],
    "BAD_RESULT": [
        game("straight-42", {"bidder": 0, "bid": 30, "result": "won"}),
        game("straight-42", {"bidder": 0, "bid": 30, "result": {"score": 3}}),
        game("straight-42", {"bidder": 0, "bid": 30}),
        game("straight-42", {"bidder": 0, "bid": 30, "result": {"tricks": 3}}),
        game("straight-42", {"bidder": 0, "bid": 30, "result": {"declared": "won"}}),
        game("points-250", {"bidder": 0, "bid": 30, "result": {}}),
        game("three-hand-42", {"bidder": 0, "bid": 30, "result": {"by_side": [30, 14]}}),
        game(
            "three-hand-42",
            {"bidder": 0, "bid": 30, "result": {"captured": 31, "by_side": [30, 14, 0]}},
        ),
        game("wikipedia-42", {"bidder": 0, "bid": NELLO, "result": {}}),
    ],
    "OUTCOME_MISMATCH": [
        game(
            "straight-42",
            {"bidder": 0, "bid": {"marks": 2}, "result": {"captured": 41, "declared": "made"}},
        )
    ],
    "BID_OUT_OF_RANGE": [
        game("straight-42", made(29)),
        game("moon", made(8, 7)),
        game("straight-42", made({"marks": 0})),
    ],
    "BID_STEP": [game("texas-88", made(61, 62))],
    "BID_NOT_MULTIPLE_OF_MARK": [game("straight-42", made(43, 42))],
    "BID_NOT_INTEGER": [
        game("straight-42", made("30")),
        game("straight-42", made({"marks": "two"})),
    ],
    "BID_NOT_HIGHER": [
        game("straight-42", {"bids": [31, 30, PASS, PASS], "result": {"captured": 31}})
    ],
    "MARK_BID_TOO_HIGH": [
        game("straight-42", {"bids": [126, PASS, PASS, PASS], "result": {"captured": 42}}),
        game("straight-42", {"bids": [84, 168, PASS, PASS], "result": {"captured": 42}}),
        game("tennessee", made({"marks": 5}, 42)),
    ],
    "DEALER_MUST_BID": [game("straight-42", {"bids": [PASS] * 4, "result": {}})],
    "BID_COUNT": [
        game("straight-42", {"bids": [30, PASS, PASS], "result": {}}),
        game("straight-42", {"bids": [30, PASS, PASS, PASS, PASS], "result": {}}),
    ],
    "BID_MISMATCH": [
        game(
            "straight-42", {"bids": [30, PASS, PASS, PASS], "bidder": 2, "result": {"captured": 30}}
        ),
        game(
            "straight-42",
            {"bids": [PASS] * 4, "bid": 30, "result": {}},
            overrides={"all_pass": "reshuffle"},
        ),
    ],
    "SHOOT_OVER_WITHOUT_MOON": [
        game("moon", {"bids": [42, PASS, PASS], "result": {"by_side": [7, 0, 0]}})
    ],
    "NELLO_DEALER_ONLY": [
        game("h2g2-house", {"bids": [30, PASS, PASS, NELLO], "result": {"tricks": 0}}),
        game("h2g2-house", {"bidder": 1, "bid": NELLO, "result": {"tricks": 0}}),
    ],
    "CONTRACT_NOT_ALLOWED": [
        game("straight-42", made({"contract": "plunge"}, 42)),
        game("straight-42", made({"contract": "moonshot"}, 42)),
    ],
    "PLUNGE_MARKS": [game("wikipedia-42", made({"contract": "plunge", "marks": 2}, 42))],
    "SPLASH_MARKS": [game("wikipedia-42", made({"contract": "splash", "marks": 2}, 42))],
    "NOT_ENOUGH_DOUBLES": [
        game("wikipedia-42", made({"contract": "plunge", "doubles_held": 2}, 42))
    ],
    "NELLO_DOUBLES_MODE": [
        game("wikipedia-42", made({"contract": "nello", "doubles": "sideways"})),
        game(
            "wikipedia-42",
            made({"contract": "nello", "doubles": "low"}),
            overrides={"nello_doubles": ["high"]},
        ),
    ],
    "TRUMP_NOT_ALLOWED": [
        game("straight-42", made(trump=9)),
        game("straight-42", made(trump="spades")),
        game("tennessee", made(trump="follow_me")),
        game("moon", {"bidder": 0, "bid": 5, "trump": "doubles", "result": {"by_side": [5, 1, 1]}}),
        game("wikipedia-42", made(trump="sevens")),
        game("straight-42", made(trump="sevens")),
        game("wikipedia-42", {"bidder": 0, "bid": NELLO, "trump": 3, "result": {"tricks": 0}}),
        game("wikipedia-42", made({"contract": "sevens"}, 42, trump=4)),
    ],
    "GAME_OVER": [
        game("straight-42", made(), start_totals=[7, 0]),
        game("straight-42", made(), made(), start_totals=[6, 0]),
    ],
    "DEALER_OUT_OF_TURN": [game("straight-42", made(dealer=2))],
    "SEAT_OUT_OF_RANGE": [
        game("straight-42", made(bidder=4)),
        lambda: winnable_bids(get_ruleset("straight-42"), 0, 9),
    ],
    "NO_BID": [game("straight-42", {"result": {"captured": 30}})],
    "BAD_INPUT": [
        game("straight-42", made(), start_totals="7-0"),
        lambda: replay(get_ruleset("straight-42"), "hands"),
        game("straight-42", "hand"),
        game("straight-42", made(bidder=True)),
        game("straight-42", {"bids": "30", "result": {}}),
        game("straight-42", made({"marks": 1, "trump": 3})),
        game("straight-42", made({"doubles": "high"})),
        game("wikipedia-42", made({"contract": "plunge", "doubles": "high"})),
        game("wikipedia-42", made({"contract": "sevens", "doubles_held": 3})),
        game("wikipedia-42", made({"contract": "nello", "doubles_held": 3})),
        game("straight-42", made(), start_totals=[10**10, 0]),
        lambda: replay("straight-42", []),
        lambda: legal_bids(get_ruleset("straight-42"), [30], "north"),
    ],
    "UNKNOWN_RULESET": [lambda: get_ruleset("49er")],
    "BAD_OVERRIDE": [
        lambda: get_ruleset("straight-42", {"mark_escalation": "triple"}),
        lambda: get_ruleset("straight-42", {"no_such_knob": 1}),
        lambda: get_ruleset("straight-42", "fast"),
        lambda: get_ruleset("straight-42", {"scoring": "points", "target": 7}),
        lambda: get_ruleset("straight-42", {"max_marks": 1}),
        lambda: get_ruleset("straight-42", {"points_per_hand": 40}),
        lambda: get_ruleset("straight-42", {"sides": [0, 1]}),
        lambda: get_ruleset("straight-42", {"sides": [0, 2, 0, 2]}),
        lambda: get_ruleset("straight-42", {"min_bid": 50}),
        lambda: get_ruleset("straight-42", {"max_point_bid": 50}),
        lambda: get_ruleset("straight-42", {"count_tiles": [[5, 5]]}),
        lambda: get_ruleset("straight-42", {"nello_levels": [1, 1]}),
        lambda: get_ruleset("straight-42", {"nello_doubles": ["low", "low"]}),
    ],
    "NELLO_MARKS": [game("wikipedia-42", made({"contract": "nello", "marks": 3}))],
    "DIP_MARKS": [game("geezer", made({"contract": "dip", "marks": 1}, 54))],
    "DIVE_MARKS": [game("geezer", made({"contract": "dive", "marks": 2}, 54))],
    "BAD_PENALTY": [
        game("straight-42", made(penalties=[{"kind": "cheating", "side": 0}])),
        game("straight-42", made(penalties=[{"kind": "renege", "side": 2}])),
        game("straight-42", made(penalties=[{"kind": "renege"}])),
        game("straight-42", made(penalties="renege")),
        game(
            "straight-42",
            made(penalties=[{"kind": "renege", "side": 0}, {"kind": "renege", "side": 1}]),
        ),
        game(
            "straight-42",
            {"bids": [PASS] * 4, "penalties": [{"kind": "renege", "side": 0}]},
            overrides={"all_pass": "reshuffle"},
        ),
    ],
}


def check_message(error):
    """Assert that `error`'s message reads as table talk: a sentence, none of BANNED."""
    message = error.message
    assert message and not message[0].islower() and message.rstrip()[-1] in ".?!", message
    for pattern, what in BANNED:
        found = pattern.search(message)
        assert found is None, f"{error.code}: {what} {found.group(0)!r} in {message!r}"


def test_every_code_has_a_trigger():
    """The table below covers every code in CODES."""
    assert set(TRIGGERS) == set(CODES)


@pytest.mark.parametrize(
    ("code", "index"), [(code, i) for code, calls in TRIGGERS.items() for i in range(len(calls))]
)
def test_message_is_in_players_words(code, index):
    """Each code, triggered, gives a message a table can read."""
    with pytest.raises(RulesError) as caught:
        TRIGGERS[code][index]()
    assert caught.value.code == code, caught.value.message
    check_message(caught.value)


def _error_vectors():
    for path in sorted(VECTORS.glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            if "error" in case:
                yield pytest.param(case, id=case["id"])


@pytest.mark.parametrize("case", _error_vectors())
def test_every_error_vector_reads_as_table_talk(case):
    """Every refusal in the golden vectors, in players' words."""
    with pytest.raises(RulesError) as caught:
        ruleset = get_ruleset(case["ruleset"], case.get("overrides"))
        kind = case.get("kind", "game")
        if kind == "ladder":
            legal_bids(ruleset, case["auction"], case.get("dealer", 0))
        elif kind == "decided":
            hand_decided(ruleset, case["bid"], case["bidder"], case["points_by_side"])
        elif kind == "count":
            count_points(ruleset, case["tricks"], case["tiles"])
        else:
            replay(
                ruleset,
                case["hands"],
                case.get("first_dealer", 0),
                case.get("start_totals"),
                time_called=case.get("time_called"),  # docs/rules.md 36-38
            )
    check_message(caught.value)


@pytest.mark.parametrize("knob", [k for k in KNOB_NAMES if k not in ("id", "name")])
@pytest.mark.parametrize("junk", [-5, "junk", [7], None])
def test_every_setting_refused_in_words(knob, junk):
    """BAD_OVERRIDE names the setting in words ("the target must be ..."), never the knob."""
    try:
        get_ruleset("straight-42", {knob: junk})
    except RulesError as error:
        assert error.code == "BAD_OVERRIDE"
        check_message(error)


def test_h2g2_dealer_hears_why_nello_was_refused():
    """docs/rules.md 13: the dealer is told someone had bid, so the dealer wasn't forced."""
    with pytest.raises(RulesError) as caught:
        TRIGGERS["NELLO_DEALER_ONLY"][0]()
    assert caught.value.message == (
        "Only the dealer may call nel-o, and only after everyone "
        "passed: this time someone had bid, so the dealer wasn't "
        "forced."
    )
    assert caught.value.field == "bids[3]"


def test_texas_88_impossible_count_is_explained():
    """docs/rules.md 17: 87 can't be taken in Texas 88; the counts go by 2."""
    with pytest.raises(RulesError) as caught:
        TRIGGERS["RESULT_INFEASIBLE"][0]()
    assert caught.value.message.startswith("87 can't be taken with the tiles of Texas 88")
    assert "0, 2, 4" in caught.value.message and "86 and 88" in caught.value.message
    assert caught.value.field == "result.captured"


JS_MESSAGES = """
import { readdirSync, readFileSync } from 'node:fs';
import { applyOverrides, countPoints, handDecided, legalBids, replay } from './pwa/js/rules.js';
const presets = JSON.parse(process.argv[1]);
const out = {};
for (const file of readdirSync('tests/vectors').filter((f) => f.endsWith('.json'))) {
  for (const c of JSON.parse(readFileSync(`tests/vectors/${file}`, 'utf8')).cases) {
    if (!c.error || !(c.ruleset in presets)) continue;
    try {
      const rs = applyOverrides(presets[c.ruleset], c.overrides ?? null);
      const kind = c.kind ?? 'game';
      if (kind === 'ladder') legalBids(rs, c.auction, c.dealer ?? 0);
      else if (kind === 'decided') handDecided(rs, c.bid, c.bidder, c.points_by_side);
      else if (kind === 'count') countPoints(rs, c.tricks, c.tiles);
      else if (kind === 'game')
        replay(rs, c.hands, c.first_dealer ?? 0, c.start_totals ?? null, c.time_called ?? null);
      out[c.id] = null;
    } catch (error) {
      out[c.id] = error.message;
    }
  }
}
console.log(JSON.stringify(out));
"""


def test_js_twin_says_the_same_words():
    """pwa/js/rules.js refuses every error vector with the same message as rules/."""
    import subprocess

    from rules import PRESETS

    root = VECTORS.parent.parent
    presets = json.dumps({k: v.to_dict() for k, v in PRESETS.items()})
    done = subprocess.run(
        ["node", "--input-type=module", "-e", JS_MESSAGES, presets],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    js = json.loads(done.stdout)
    cases = [c.values[0] for c in _error_vectors()]
    compared = 0
    for case in cases:
        if case["id"] not in js:
            continue
        with pytest.raises(RulesError) as caught:
            ruleset = get_ruleset(case["ruleset"], case.get("overrides"))
            if case.get("kind", "game") == "game":
                replay(
                    ruleset,
                    case["hands"],
                    case.get("first_dealer", 0),
                    case.get("start_totals"),
                    time_called=case.get("time_called"),
                )
            elif case["kind"] == "ladder":
                legal_bids(ruleset, case["auction"], case.get("dealer", 0))
            elif case["kind"] == "count":
                count_points(ruleset, case["tricks"], case["tiles"])
            else:
                hand_decided(ruleset, case["bid"], case["bidder"], case["points_by_side"])
        assert js[case["id"]] == caught.value.message, case["id"]
        compared += 1
    assert compared > 100
