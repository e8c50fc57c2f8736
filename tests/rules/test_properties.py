"""Hypothesis properties of rules/ (docs/rules.md 8-11).

Profiles (tests/rules/conftest.py): ~200 examples each, 10,000 with `pytest --long`.
"""

import json

from hypothesis import assume, given
from hypothesis import strategies as st

from rules import (
    PRESETS,
    RulesError,
    Ruleset,
    get_ruleset,
    hand_decided,
    legal_bids,
    replay,
    score_hand,
)
from rules.bids import parse_bid
from rules.errors import CODES
from rules.results import feasible_totals, need_for

TWO_SIDED = [rid for rid, rs in PRESETS.items() if rs.side_count == 2]
TWO_SIDED_MARKS = [rid for rid in TWO_SIDED if PRESETS[rid].scoring == "marks"]
TWO_SIDED_POINTS = [rid for rid in TWO_SIDED if PRESETS[rid].scoring == "points"]


def opening_bids(ruleset):
    """Bids any seat may open with (the ladder after no bids, minus "pass")."""
    return [b for b in legal_bids(ruleset, [], 0) if b != "pass"]


@st.composite
def two_sided_hand(draw, preset_ids):
    """A legal hand (bidder, bid, captured) in a random two-sided preset."""
    ruleset = PRESETS[draw(st.sampled_from(preset_ids))]
    bid = draw(st.sampled_from(opening_bids(ruleset)))
    bidder = draw(st.integers(0, ruleset.players - 1))
    if isinstance(bid, dict) and bid["contract"] == "nello":
        result = {"tricks": draw(st.integers(0, ruleset.tricks))}
    else:
        result = {"captured": draw(st.sampled_from(sorted(feasible_totals(ruleset))))}
    return ruleset, {"bidder": bidder, "bid": bid, "result": result}


def expected_awards(ruleset, the_hand):
    """docs/rules.md 8-10 written out directly: the awards of a two-sided hand."""
    bid = parse_bid(ruleset, the_hand["bid"])
    side = ruleset.sides[the_hand["bidder"]]
    result = the_hand["result"]
    if bid.kind == "nello":
        made = result["tricks"] == 0
    else:
        made = result["captured"] >= need_for(ruleset, bid)
    if ruleset.scoring == "marks" or bid.kind == "nello":
        amount = bid.award_marks * (1 if ruleset.scoring == "marks" else ruleset.mark_value)
        awards = [0, 0]
        awards[side if made else 1 - side] = amount
        return awards
    captured = result["captured"]
    theirs = ruleset.points_per_hand - captured
    awards = [0, 0]
    if made:
        awards[side], awards[1 - side] = max(captured, bid.value), theirs
    else:
        awards[1 - side] = bid.value + theirs
    return awards


@given(two_sided_hand(TWO_SIDED))
def test_awards_follow_the_ruleset(case):
    """docs/rules.md 8-10: a scored hand's awards are the ones the rules give."""
    ruleset, the_hand = case
    result = score_hand(ruleset, the_hand, 0, [0, 0])
    assert result.awarded == expected_awards(ruleset, the_hand)
    assert result.totals == result.awarded


@given(two_sided_hand(TWO_SIDED_MARKS))
def test_exactly_one_side_gains_in_two_sided_marks(case):
    """docs/rules.md 9: barring penalties, exactly one side gains, by the bid's marks."""
    ruleset, the_hand = case
    awarded = score_hand(ruleset, the_hand, 0, [0, 0]).awarded
    gains = [a for a in awarded if a]
    assert len(gains) == 1
    assert gains[0] == parse_bid(ruleset, the_hand["bid"]).award_marks


@st.composite
def game_log(draw, preset_ids):
    """A ruleset, start totals and a log of legal hands played until the game ends."""
    ruleset = PRESETS[draw(st.sampled_from(preset_ids))]
    start = draw(st.lists(st.integers(0, ruleset.target - 1), min_size=2, max_size=2))
    first_dealer = draw(st.integers(0, ruleset.players - 1))
    hands = []
    for _ in range(draw(st.integers(0, 30))):
        _, the_hand = draw(two_sided_hand([ruleset.id]))
        hands.append(the_hand)
    return ruleset, start, first_dealer, hands


def play_until_over(ruleset, start, first_dealer, hands):
    """Replay the longest prefix of `hands` that the game accepts; return (state, used)."""
    try:
        return replay(ruleset, hands, first_dealer, start), len(hands)
    except RulesError as error:
        assert error.code == "GAME_OVER"
        used = error.hand_index
    return replay(ruleset, hands[:used], first_dealer, start), used


@given(game_log(TWO_SIDED))
def test_totals_equal_start_plus_the_sum_of_awards(case):
    """docs/rules.md 9, 10: totals are the start totals plus every award so far."""
    ruleset, start, first_dealer, hands = case
    state, _ = play_until_over(ruleset, start, first_dealer, hands)
    running = list(start)
    for result in state.hands:
        running = [t + a for t, a in zip(running, result.awarded, strict=True)]
        assert result.totals == running
    assert state.totals == running


@given(game_log(TWO_SIDED))
def test_replaying_a_log_gives_the_same_state(case):
    """docs/rules.md 3, 9, 10: replaying a log (also as canonical JSON) is stable."""
    ruleset, start, first_dealer, hands = case
    state, used = play_until_over(ruleset, start, first_dealer, hands)
    again = replay(ruleset, json.loads(json.dumps(hands[:used])), first_dealer, start)
    assert again.to_dict() == state.to_dict()
    canonical = [
        {
            "bidder": h.bidder,
            "bid": h.bid.canonical(),
            "result": hands[i]["result"],
            "dealer": h.dealer,
        }
        for i, h in enumerate(state.hands)
    ]
    assert replay(ruleset, canonical, first_dealer, start).to_dict() == state.to_dict()


def rules_say_over(ruleset, totals, scored, last):
    """docs/rules.md 9, 10 and the ambiguities, written out for two sides."""
    top = max(totals)
    if top >= ruleset.target:
        side, made = last
        if made and totals[side] >= ruleset.target:
            return True, side
        if totals.count(top) == 1:
            return True, totals.index(top)
    if ruleset.scoring == "marks" and scored >= ruleset.max_hands:
        return True, totals.index(top) if totals.count(top) == 1 else None
    return False, None


@given(game_log(TWO_SIDED))
def test_game_is_over_exactly_when_the_rules_say(case):
    """docs/rules.md 9, 10: over at the target (or after max_hands in marks), and then closed."""
    ruleset, start, first_dealer, hands = case
    state, used = play_until_over(ruleset, start, first_dealer, hands)
    for number, result in enumerate(state.hands, 1):
        last = (result.bidding_side, result.outcome == "made")
        said = rules_say_over(ruleset, result.totals, number, last)
        assert (result.game_over, result.winner) == said
        assert not result.game_over or number == len(state.hands)
    if used < len(hands):
        assert state.game_over


JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(
        [
            "pass",
            "nello",
            "made",
            "set",
            "doubles",
            "follow_me",
            "sevens",
            "none",
            "renege",
            "table_talk",
            "plunge",
        ]
    )
)
JUNK = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text(max_size=8)
            | st.sampled_from(
                [
                    "marks",
                    "contract",
                    "doubles",
                    "doubles_held",
                    "captured",
                    "tricks",
                    "by_side",
                    "declared",
                    "kind",
                    "side",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=8,
)
HAND_KEYS = ["dealer", "bids", "bidder", "bid", "trump", "result", "penalties"]
NEAR_HANDS = st.dictionaries(st.sampled_from(HAND_KEYS), JUNK | st.integers(0, 90), max_size=7)


def only_rules_errors(call, *args, **kwargs):
    """Call; anything raised must be a RulesError with a code and a message."""
    try:
        call(*args, **kwargs)
    except RulesError as error:
        assert error.code in CODES
        assert isinstance(error.message, str) and error.message


@given(
    st.sampled_from(list(PRESETS)),
    st.lists(NEAR_HANDS | JUNK, max_size=4),
    JUNK | st.integers(0, 8),
    JUNK | st.lists(st.integers(-5, 300), max_size=3),
)
def test_no_game_input_raises_anything_but_rules_error(preset, hands, dealer, start):
    """docs/rules.md Input checks: no hand or log of any shape raises but RulesError."""
    ruleset = PRESETS[preset]
    only_rules_errors(replay, ruleset, hands, dealer, start)
    only_rules_errors(score_hand, ruleset, hands[0] if hands else hands, dealer, start)
    if hands:
        only_rules_errors(
            score_hand,
            ruleset,
            {"bidder": 0, "bid": 30},
            0,
            [0] * ruleset.side_count,
            scored_hands=hands[0],
            warnings=hands[-1],
        )


@given(st.sampled_from(list(PRESETS)), JUNK, JUNK, JUNK, JUNK)
def test_no_bid_input_raises_anything_but_rules_error(preset, bid, seat, points, auction):
    """docs/rules.md 4-7, 11: the ladder and hand_decided answer junk with RulesError."""
    ruleset = PRESETS[preset]
    only_rules_errors(hand_decided, ruleset, bid, seat, points)
    only_rules_errors(legal_bids, ruleset, auction, seat)
    only_rules_errors(legal_bids, ruleset, [bid, "pass", seat], 0)


@given(
    st.sampled_from(list(PRESETS)),
    JUNK,
    st.dictionaries(st.sampled_from(list(Ruleset.__dataclass_fields__)), JUNK),
)
def test_no_ruleset_input_raises_anything_but_rules_error(preset, junk, overrides):
    """docs/rules.md 1-24: a bad preset id or override is a RulesError."""
    only_rules_errors(get_ruleset, junk)
    only_rules_errors(get_ruleset, preset, junk)
    only_rules_errors(get_ruleset, preset, overrides)
    only_rules_errors(Ruleset.from_dict, junk)


@given(st.sampled_from(list(PRESETS)), st.data())
def test_every_ladder_bid_is_accepted_by_a_hand(preset, data):
    """docs/rules.md 4-7: the phone offers only bids that the scoring then accepts."""
    ruleset = get_ruleset(preset)
    auction = []
    dealer = data.draw(st.integers(0, ruleset.players - 1))
    while True:
        ladder = legal_bids(ruleset, auction, dealer)
        if not ladder:
            break
        auction.append(data.draw(st.sampled_from(ladder)))
    assume(any(b != "pass" for b in auction))
    the_hand = {"bids": auction, "result": {"declared": "made"}}
    if ruleset.scoring == "marks" and ruleset.side_count == 2:
        result = score_hand(ruleset, the_hand, dealer, [0] * ruleset.side_count)
        assert result.outcome == "made"


def test_hypothesis_profile_follows_the_long_option(request):
    """docs/rules.md properties: ~200 examples each, 10,000 with `pytest --long`."""
    from hypothesis import settings

    long_run = request.config.getoption("--long")
    assert settings.default.max_examples == (10_000 if long_run else 200)


ODD_KNOBS = st.fixed_dictionaries(
    {},
    optional={
        "min_bid": st.integers(1, 60),
        "bid_step": st.integers(1, 7),
        "mark_value": st.integers(1, 90),
        "max_point_bid": st.none() | st.integers(1, 90),
        "opening_limit_marks": st.integers(1, 4),
        "max_marks": st.none() | st.integers(1, 6),
        "mark_escalation": st.sampled_from(["plus_one", "double"]),
        "all_pass": st.sampled_from(["forced", "reshuffle"]),
        "bid_rounds": st.sampled_from(["once", "until_pass"]),
        "scoring": st.sampled_from(["marks", "points"]),
        "target": st.integers(1, 300),
        "set_rule": st.sampled_from(["opponents_score", "bidder_loses_bid"]),
        "max_hands": st.none() | st.integers(1, 5),
        "check_totals": st.booleans(),
        "nello": st.booleans(),
        "plunge": st.booleans(),
        "splash": st.booleans(),
        "sevens": st.booleans(),
        "nello_dealer_only": st.booleans(),
        "table_talk_warning_first": st.booleans(),
        "shoot_over": st.booleans(),
    },
)


@given(st.sampled_from(list(PRESETS)), ODD_KNOBS, st.data())
def test_odd_but_valid_rulesets_score_without_crashing(preset, knobs, data):
    """docs/rules.md 1-24 (knobs): any accepted ruleset runs auctions and hands to a RulesError
    at worst, never another exception."""
    try:
        ruleset = get_ruleset(preset, knobs)
    except RulesError as error:
        assert error.code == "BAD_OVERRIDE"
        return
    auction, dealer = [], data.draw(st.integers(0, ruleset.players - 1))
    while (ladder := legal_bids(ruleset, auction, dealer)) and len(auction) < 40:
        auction.append(data.draw(st.sampled_from(ladder)))
    result = data.draw(
        st.fixed_dictionaries(
            {},
            optional={
                "captured": st.integers(-1, 100),
                "tricks": st.integers(0, 12),
                "by_side": st.lists(st.integers(0, 100), min_size=2, max_size=3),
                "declared": st.sampled_from(["made", "set"]),
            },
        )
    )
    penalties = data.draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "kind": st.sampled_from(["renege", "table_talk", "exposed_domino"]),
                    "side": st.integers(0, 2),
                }
            ),
            max_size=2,
        )
    )
    the_hand = {"bids": auction, "result": result, "penalties": penalties}
    only_rules_errors(replay, ruleset, [the_hand, the_hand], dealer)
