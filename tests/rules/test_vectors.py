"""Run every golden case in tests/vectors/*.json against rules/ (the shape: contract "Vectors").

Each case cites its docs/rules.md rule in its "rule" field; the test id is file::case id.
"""

import json
from pathlib import Path

import pytest

from rules import RulesError, count_points, get_ruleset, hand_decided, legal_bids, replay
from rules.bids import parse_bid
from rules.errors import CODES

VECTORS = Path(__file__).resolve().parent.parent / "vectors"


def _load_cases():
    cases = []
    for path in sorted(VECTORS.glob("*.json")):
        data = json.loads(path.read_text())
        for index, case in enumerate(data["cases"]):
            case_id = case.get("id", index)
            cases.append(pytest.param(case, id=f"{path.stem}::{case_id}"))
    return cases


def canonical(ruleset, raw):
    """Canonicalise a bid encoding ("pass" stays "pass") for comparison."""
    if raw == "pass":
        return "pass"
    return json.dumps(parse_bid(ruleset, raw).canonical(), sort_keys=True)


def run_case(case):
    """Run one case of any kind and return what the expectation compares against."""
    kind = case.get("kind", "game")
    ruleset = get_ruleset(case["ruleset"], case.get("overrides"))
    if kind == "ruleset_error":
        return ruleset
    if kind == "ladder":
        return ruleset, legal_bids(ruleset, case["auction"], case.get("dealer", 0))
    if kind == "decided":
        return hand_decided(ruleset, case["bid"], case["bidder"], case["points_by_side"])
    if kind == "count":
        return count_points(ruleset, case["tricks"], case["tiles"])
    return replay(
        ruleset,
        case["hands"],
        case.get("first_dealer", 0),
        case.get("start_totals"),
        time_called=case.get("time_called"),  # docs/rules.md 36-38
    ).to_dict()


def check_error(case):
    expected = case["error"]
    with pytest.raises(RulesError) as caught:
        run_case(case)
    assert caught.value.code == expected["code"], caught.value.message
    assert caught.value.code in CODES
    if "hand" in expected:
        assert caught.value.hand_index == expected["hand"], caught.value.message


def check_game(state, expect):
    for key, value in expect.items():
        if key == "hands":
            assert len(state["hands"]) == len(value)
            for index, (got, want) in enumerate(zip(state["hands"], value, strict=True)):
                partial = {k: got[k] for k in want}
                assert partial == want, f"hand {index}"
        else:
            assert state[key] == value, key


def check_ladder(ruleset, ladder, expect):
    got = {canonical(ruleset, b) for b in ladder}
    if "exactly" in expect:
        want = {canonical(ruleset, b) for b in expect["exactly"]}
        assert got == want
    for bid in expect.get("includes", []):
        assert canonical(ruleset, bid) in got, bid
    for bid in expect.get("excludes", []):
        try:
            key = canonical(ruleset, bid)
        except RulesError:
            continue  # a bid the ruleset cannot even parse is never on the ladder
        assert key not in got, bid


@pytest.mark.parametrize("case", _load_cases())
def test_vector_case(case):
    """docs/rules.md, the rule in case["rule"]: each golden case gives its outcome."""
    if "error" in case:
        check_error(case)
        return
    kind = case.get("kind", "game")
    result = run_case(case)
    if kind == "ladder":
        check_ladder(*result, case["expect"])
    elif kind == "decided":
        assert result == case["expect"]["decided"]
    elif kind == "count":
        assert result == case["expect"]["points"]
    else:
        check_game(result, case["expect"])
