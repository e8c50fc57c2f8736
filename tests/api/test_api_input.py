"""What the API accepts follows rules/: every bid the engine can offer, every suit a ruleset
has (docs/rules.md 12), Geezer's dip and dive; the schema and the engine never drift."""

import importlib
import pkgutil

import pytest
from helpers.apitest import Table
from marshmallow import Schema, ValidationError, fields

import api.schemas
import rules
from api.schemas.base import StrictBoolean
from api.schemas.games import BidObject, HandBody, HandOutcomeInput, Penalty
from rules.bids import BID_KEYS, TRUMP_NAMES
from rules.penalties import KINDS
from rules.results import RESULT_KEYS
from rules.rulesets import CONTRACTS, NELLO_MODES


def auctions(ruleset):
    """Some legal auctions dealt by seat 0: the opening, after each opening bid, and the
    forced dealer's turn after everyone else passed."""
    opening = [b for b in rules.legal_bids(ruleset, [], 0) if b != "pass"]
    yield []
    yield from ([bid] for bid in opening)
    yield ["pass"] * (ruleset.players - 1)


def ladder_bids(ruleset):
    """Every bid rules.legal_bids offers over those auctions (no duplicates)."""
    seen = []
    for auction in auctions(ruleset):
        for bid in rules.legal_bids(ruleset, auction, 0):
            if bid != "pass" and bid not in seen:
                seen.append(bid)
    return seen


@pytest.mark.parametrize("preset", sorted(rules.PRESETS))
def test_every_bid_the_engine_offers_passes_the_api_schema(preset):
    ruleset = rules.PRESETS[preset]
    bids = ladder_bids(ruleset)
    assert bids, preset
    for bid in bids:
        HandBody().load({"bidder": 1, "bid": bid})  # raises ValidationError if refused
        HandBody().load({"bids": ["pass", bid]})


def test_the_schema_words_are_the_engines_words():
    assert set(BidObject().fields) == set(BID_KEYS)
    assert set(HandOutcomeInput().fields) == set(RESULT_KEYS)
    for contract in CONTRACTS:
        BidObject().load({"contract": contract, "marks": 1})
    for mode in NELLO_MODES:
        BidObject().load({"contract": "nello", "marks": 1, "doubles": mode})
    for kind in KINDS:
        Penalty().load({"kind": kind, "side": 0})
    for name in TRUMP_NAMES:
        HandBody().load({"trump": name})
    with pytest.raises(ValidationError):
        BidObject().load({"contract": "moonshot", "marks": 1})


@pytest.mark.parametrize("preset", sorted(rules.PRESETS))
def test_every_suit_of_the_set_is_a_trump_and_one_past_it_is_refused_by_rules(client, preset):
    ruleset = rules.PRESETS[preset]
    table = Table(client, ruleset=preset)
    sides = len(set(ruleset.sides))
    bid = rules.legal_bids(ruleset, [], 0)[1]  # the lowest bid after the pass
    result = (
        {"captured": ruleset.points_per_hand}
        if sides == 2
        else {"by_side": [ruleset.points_per_hand if s == 1 else 0 for s in range(sides)]}
    )
    hand = {"bidder": 1, "bid": bid, "result": result}
    top = ruleset.top_suit
    refused = table.hand(1, status=422, trump=top + 1, **hand).json
    assert refused["rule_code"] == "TRUMP_NOT_ALLOWED"
    assert table.hand(1, trump=top, **hand).json["hand"]["trump"] == top


def test_geezer_dip_and_dive_are_recorded_through_the_api(client):
    table = Table(client, ruleset="geezer")
    table.hand(1, bidder=1, bid={"contract": "dip", "marks": 2}, result={"declared": "made"})
    dive = table.hand(
        2, bidder=2, bid={"contract": "dive", "marks": 3}, trump=7, result={"declared": "set"}
    ).json
    assert dive["result"]["bid"] == {"contract": "dive", "marks": 3}
    assert dive["result"]["totals"] == [0, 5]  # seat 2 bids for side 0: set, side 1 scores


def boolean_fields():
    """(schema, field name, field) of every boolean the schemas of api/schemas declare,
    walking into lists and dicts."""
    found = []
    for module in (
        importlib.import_module(f"api.schemas.{m.name}")
        for m in pkgutil.iter_modules(api.schemas.__path__)
    ):
        for schema in vars(module).values():
            if (
                isinstance(schema, type)
                and issubclass(schema, Schema)
                and schema.__module__ == module.__name__
            ):
                for name, field in schema._declared_fields.items():
                    inner = [
                        field,
                        getattr(field, "inner", None),
                        getattr(field, "value_field", None),
                    ]
                    found += [(schema, name, f) for f in inner if isinstance(f, fields.Boolean)]
    return found


def test_every_boolean_of_the_schemas_takes_true_or_false_only():
    """docs/api.md: a boolean is JSON true or false. marshmallow's Boolean took 1, 0, 1.0 and
    "yes" as well (a time call's `in_play: 1` was read as true): every boolean declared in
    api/schemas is the one strict field, which refuses them."""
    found = boolean_fields()
    assert any(name == "in_play" for _, name, _ in found)
    assert [(s.__name__, n) for s, n, f in found if not isinstance(f, StrictBoolean)] == []
    field = StrictBoolean()
    assert (field.deserialize(True), field.deserialize(False)) == (True, False)
    for value in (1, 0, 1.0, 0.0, "true", "yes", None, [], {}):
        with pytest.raises(ValidationError):
            field.deserialize(value)
