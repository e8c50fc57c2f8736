"""The bid offer per seat: rules.winnable_bids and its JS twin (docs/rules.md 4-7, 13-16, 20, 23).

A bid is offered to a seat when some legal auction lets that seat make it and win. Checked
over every preset, every dealer and every seat: the JavaScript twin gives the same list, every
offered bid is accepted by score_hand in a full auction that seat wins, and bids not offered
are refused in sampled auctions; on the small presets an exhaustive walk of every auction
through the public `legal_bids` gives exactly the offer.
"""

import json
import random
import subprocess
from pathlib import Path

import pytest

import rules
from rules import PRESETS, RulesError, get_ruleset, legal_bids, score_hand, winnable_bids
from rules.auction import _offers, next_seat, run_auction
from rules.bids import parse_bid

ROOT = Path(__file__).resolve().parent.parent.parent
CASES = [
    (pid, dealer, seat)
    for pid, rs in PRESETS.items()
    for dealer in range(rs.players)
    for seat in range(rs.players)
]
JS_OFFERS = """
import { winnableBids } from './pwa/js/rules.js';
const presets = JSON.parse(process.argv[1]);
const out = {};
for (const [id, rs] of Object.entries(presets)) {
  out[id] = [...Array(rs.players).keys()].map((dealer) => [...Array(rs.players).keys()]
    .map((seat) => winnableBids(rs, dealer, seat)));
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def js_offers():
    """Every preset's offers from pwa/js/rules.js, computed by node in this test run."""
    presets = json.dumps({k: v.to_dict() for k, v in PRESETS.items()})
    done = subprocess.run(
        ["node", "--input-type=module", "-e", JS_OFFERS, presets],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def made_result(rs, bid, side):
    """A result in which the bidding side makes `bid`: no trick for nel-o, else every point."""
    if isinstance(bid, dict) and bid["contract"] == "nello":
        return {"tricks": 0}
    by_side = [rs.points_per_hand if s == side else 0 for s in range(rs.side_count)]
    return {"captured": rs.points_per_hand, "by_side": by_side}


def finish(rs, auction, dealer):
    """Close an auction by passing every remaining turn."""
    auction = list(auction)
    while legal_bids(rs, auction, dealer):
        auction.append("pass")
    return auction


def key(bid):
    return json.dumps(bid, sort_keys=True)


@pytest.mark.parametrize(("preset", "dealer", "seat"), CASES)
def test_offer_matches_js_and_wins_the_auction(js_offers, preset, dealer, seat):
    """docs/rules.md 4-7: each offered bid wins a legal auction for that seat, in both engines."""
    rs = PRESETS[preset]
    offer = winnable_bids(rs, dealer, seat)
    assert offer == js_offers[preset][dealer][seat]
    assert len({key(b) for b in offer}) == len(offer)
    witnesses = {
        b.canonical() if not isinstance(b.canonical(), dict) else key(b.canonical()): p
        for b, p in _offers(rs, dealer)[seat].items()
    }
    for bid in offer:
        before = witnesses[key(bid) if isinstance(bid, dict) else bid]
        auction = finish(rs, [*before, bid], dealer)
        hand = {"bids": auction, "result": made_result(rs, bid, rs.sides[seat])}
        result = score_hand(rs, hand, dealer, [0] * rs.side_count)
        assert (result.bidder, result.bid.canonical(), result.outcome) == (seat, bid, "made")


def every_bid(rs):
    """Every bid the ruleset can parse, up to 6 marks (the offers' universe, sampled)."""
    raw = list(range(rs.min_bid, rs.highest_point_bid + 1))
    raw += [{"marks": k} for k in range(1, 7)]
    raw += [
        {"contract": c, "marks": k}
        for c in ("plunge", "splash", "dip", "dive", "sevens")
        for k in range(1, 7)
    ]
    raw += [
        {"contract": "nello", "marks": k, "doubles": d}
        for k in range(1, 4)
        for d in ("high", "low", "own_suit")
    ]
    bids = []
    for entry in raw:
        try:
            bids.append(parse_bid(rs, entry).canonical())
        except RulesError:
            continue
    return bids


def random_turns(rs, dealer, seat, rng, walks=60):
    """Auctions (from random legal walks) that end at a turn of `seat`."""
    found = []
    for _ in range(walks):
        auction = []
        while ladder := legal_bids(rs, auction, dealer):
            if next_seat(rs, run_auction(rs, auction, dealer)) == seat:
                found.append(list(auction))
            auction.append(rng.choice(ladder) if rng.random() < 0.6 else ladder[0])
    return found


@pytest.mark.parametrize(("preset", "dealer", "seat"), CASES)
def test_bids_not_offered_are_refused(preset, dealer, seat):
    """docs/rules.md 4-7, 13: a bid not offered to a seat is refused in its auctions."""
    rs = PRESETS[preset]
    offered = {key(b) for b in winnable_bids(rs, dealer, seat)}
    missing = [b for b in every_bid(rs) if key(b) not in offered]
    rng = random.Random(f"{preset}/{dealer}/{seat}")
    turns = random_turns(rs, dealer, seat, rng)
    assert turns
    for before in turns:
        still_in = rs.players - len(run_auction(rs, before, dealer).passed) - 1
        for bid in rng.sample(missing, min(5, len(missing))):
            auction = [*before, bid] + ["pass"] * still_in
            hand = {"bids": auction, "result": made_result(rs, bid, rs.sides[seat])}
            with pytest.raises(RulesError) as caught:
                score_hand(rs, hand, dealer, [0] * rs.side_count)
            assert caught.value.field.startswith(f"bids[{len(before)}]"), caught.value


def exhaustive_offer(rs, dealer, seat):
    """Every bid `legal_bids` allows `seat` at any turn, by walking every auction."""
    found, stack = set(), [[]]
    while stack:
        auction = stack.pop()
        ladder = legal_bids(rs, auction, dealer)
        if not ladder:
            continue
        turn = (dealer + 1 + len(auction)) % rs.players
        if turn == seat:
            found |= {key(b) for b in ladder if b != "pass"}
            continue
        stack.extend([*auction, b] for b in ladder)
    return found


@pytest.mark.parametrize("preset", ["straight-42", "h2g2-house", "moon", "three-hand-42"])
def test_offer_is_every_bid_a_walk_of_all_auctions_finds(preset):
    """docs/rules.md 4-7, 13, 20: the offer is exactly what some auction lets the seat bid."""
    rs = PRESETS[preset]
    for dealer in range(rs.players):
        for seat in range(rs.players):
            offer = {key(b) for b in winnable_bids(rs, dealer, seat)}
            assert offer == exhaustive_offer(rs, dealer, seat), (dealer, seat)


def test_h2g2_offers_nello_to_the_dealer_only():
    """docs/rules.md 13: in the h2g2 house rules only the forced dealer may call nel-o."""
    rs = PRESETS["h2g2-house"]
    for dealer in range(4):
        for seat in range(4):
            nello = [
                b
                for b in winnable_bids(rs, dealer, seat)
                if isinstance(b, dict) and b["contract"] == "nello"
            ]
            assert bool(nello) == (seat == dealer)


def test_first_bidder_cannot_open_above_two_marks_but_the_dealer_can_reach_five():
    """docs/rules.md 6: 2 marks may open; after that each bid adds one mark."""
    rs = PRESETS["straight-42"]
    assert winnable_bids(rs, 0, 1)[-2:] == [42, 84]
    assert winnable_bids(rs, 0, 0)[-3:] == [126, 168, 210]
    assert winnable_bids(rs, 0, 1)[0] == 30


def test_moon_shoot_it_over_needs_a_moon_before_it():
    """docs/rules.md 20: 'shoot it over' (42) only over a 21, so the first bidder can't."""
    rs = PRESETS["moon"]
    assert winnable_bids(rs, 0, 1) == [4, 5, 6, 7, 21]
    assert winnable_bids(rs, 0, 2) == [4, 5, 6, 7, 21, 42]


def test_plunge_jumps_and_the_order_of_the_offer():
    """docs/rules.md 14, 15: a plunge or splash may jump to its marks from the first bid."""
    rs = PRESETS["wikipedia-42"]
    offer = winnable_bids(rs, 0, 1)
    contracts = [b for b in offer if isinstance(b, dict)]
    assert {"contract": "plunge", "marks": 4} in contracts
    assert {"contract": "splash", "marks": 3} in contracts
    assert {"contract": "sevens", "marks": 3} not in contracts  # sevens is no jump
    assert offer.index(84) < offer.index(contracts[0])
    assert [b for b in offer if isinstance(b, int)] == sorted(
        b for b in offer if isinstance(b, int)
    )


def test_big_game_rounds_let_the_first_bidder_raise_again():
    """docs/rules.md 23: bidding goes round until all but one pass."""
    rs = PRESETS["big-game"]
    assert 66 * 3 in winnable_bids(rs, 0, 1)
    once = get_ruleset("big-game", {"bid_rounds": "once"})
    assert 66 * 3 not in winnable_bids(once, 0, 1)


def test_bad_seat_or_ruleset_is_refused():
    """docs/rules.md 3: the seat and dealer must be seats of the table."""
    rs = PRESETS["straight-42"]
    with pytest.raises(RulesError) as caught:
        winnable_bids(rs, 0, 4)
    assert caught.value.code == "SEAT_OUT_OF_RANGE"
    with pytest.raises(RulesError):
        rules.winnable_bids({"players": 4}, 0, 0)


def test_offer_lists_every_nello_level():
    """docs/rules.md 13: a table playing nel-o for 1 or 2 marks offers both."""
    rs = get_ruleset("wikipedia-42", {"nello_levels": [1, 2]})
    levels = {
        (b["marks"], b["doubles"])
        for b in winnable_bids(rs, 0, 1)
        if isinstance(b, dict) and b["contract"] == "nello"
    }
    assert levels == {(k, d) for k in (1, 2) for d in ("high", "low", "own_suit")}


def test_old_rulesets_with_nello_marks_still_load():
    """docs/rules.md 13: a stored ruleset naming nello_marks reads as that one level."""
    data = PRESETS["wikipedia-42"].to_dict()
    del data["nello_levels"]
    data["nello_marks"] = 2
    assert rules.Ruleset.from_dict(data).nello_levels == (2,)
    both = get_ruleset("wikipedia-42", {"nello_marks": 2, "nello_levels": [1, 3]})
    assert both.nello_levels == (1, 3)
    with pytest.raises(RulesError) as caught:
        get_ruleset("wikipedia-42", {"nello_marks": 0})
    assert caught.value.code == "BAD_OVERRIDE"
