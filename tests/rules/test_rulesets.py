"""Rulesets as data: presets, to_dict/from_dict, overrides (docs/rules.md 1-24)."""

import json

import pytest

from rules import PRESETS, RulesError, Ruleset, get_ruleset
from rules.presets import PRESETS as PRESET_TABLE
from rules.rulesets import KNOB_NAMES

PRESET_IDS = [
    "straight-42",
    "wikipedia-42",
    "h2g2-house",
    "timpson-tournament",
    "tennessee",
    "points-250",
    "texas-88",
    "texas-88-points",
    "84",
    "72",
    "moon",
    "140",
    "three-hand-42",
    "big-game",
    "geezer",
]

CONTRACT_KNOBS = [
    "id",
    "name",
    "description",
    "players",
    "sides",
    "tricks",
    "trick_value",
    "count_tiles",
    "points_per_hand",
    "min_bid",
    "bid_step",
    "mark_value",
    "scoring",
    "target",
    "max_hands",
    "all_pass",
    "opening_limit_marks",
    "mark_escalation",
    "max_marks",
    "set_rule",
    "bid_rounds",
    "nello",
    "nello_levels",
    "nello_doubles",
    "nello_dealer_only",
    "plunge",
    "plunge_marks",
    "plunge_doubles",
    "splash",
    "splash_marks",
    "splash_doubles",
    "sevens",
    "follow_me",
    "doubles_trump",
    "table_talk_warning_first",
]


def test_presets_are_the_seed_rulesets_in_display_order():
    """One preset per ruleset in the seeds, by these ids (docs/rules.md 1-24)."""
    assert list(PRESETS) == PRESET_IDS
    assert PRESETS is PRESET_TABLE


@pytest.mark.parametrize("preset_id", PRESET_IDS)
def test_preset_has_name_description_and_round_trips(preset_id):
    """docs/rules.md 1-24: each preset has a name and description and round-trips."""
    ruleset = PRESETS[preset_id]
    assert ruleset.name and len(ruleset.description) > 40
    data = json.loads(json.dumps(ruleset.to_dict()))
    assert set(CONTRACT_KNOBS) <= set(data) == set(KNOB_NAMES)
    assert Ruleset.from_dict(data) == ruleset


@pytest.mark.parametrize(
    ("preset_id", "knobs"),
    [
        (
            "straight-42",
            {
                "players": 4,
                "sides": [0, 1, 0, 1],
                "points_per_hand": 42,
                "min_bid": 30,
                "mark_value": 42,
                "target": 7,
                "max_hands": 13,
                "all_pass": "forced",
                "nello": False,
            },
        ),
        ("tennessee", {"max_marks": 4, "follow_me": False, "doubles_trump": True}),
        (
            "timpson-tournament",
            {
                "nello": False,
                "splash": False,
                "sevens": False,
                "plunge": True,
                "table_talk_warning_first": True,
            },
        ),
        ("h2g2-house", {"plunge_marks": 3, "nello_dealer_only": True}),
        ("points-250", {"scoring": "points", "target": 250, "max_hands": None}),
        (
            "texas-88",
            {
                "players": 6,
                "bid_step": 2,
                "min_bid": 60,
                "mark_value": 88,
                "trick_value": 2,
                "max_marks": 4,
                "all_pass": "reshuffle",
                "nello": False,
                "plunge": False,
            },
        ),
        ("texas-88-points", {"scoring": "points", "target": 500}),
        ("84", {"players": 8, "trick_value": 2, "min_bid": 60, "nello": True}),
        (
            "72",
            {
                "points_per_hand": 70,
                "min_bid": 40,
                "mark_value": 72,
                "max_point_bid": 70,
                "check_totals": True,
            },
        ),
        (
            "moon",
            {
                "sides": [0, 1, 2],
                "points_per_hand": 7,
                "min_bid": 4,
                "max_point_bid": 7,
                "mark_value": 21,
                "target": 21,
                "set_rule": "bidder_loses_bid",
                "doubles_trump": False,
                "all_pass": "reshuffle",
            },
        ),
        (
            "140",
            {
                "sides": [0, 1, 2, 0, 1, 2],
                "bid_step": 5,
                "min_bid": 100,
                "trick_value": 5,
                "target": 500,
                "set_rule": "bidder_loses_bid",
            },
        ),
        ("three-hand-42", {"sides": [0, 1, 2], "points_per_hand": 44, "scoring": "marks"}),
        (
            "big-game",
            {"points_per_hand": 66, "min_bid": 42, "bid_rounds": "until_pass", "target": 400},
        ),
        (
            "geezer",
            {
                "min_bid": 39,
                "mark_value": 46,
                "dip_marks": 2,
                "dive_marks": 3,
                "plunge_marks": 4,
                "dip_doubles": 3,
                "dive_doubles": 4,
                "plunge_doubles": 5,
            },
        ),
    ],
)
def test_preset_knobs_follow_rules_md(preset_id, knobs):
    """Presets carry the knobs docs/rules.md 1-24 give them."""
    data = PRESETS[preset_id].to_dict()
    assert {k: data[k] for k in knobs} == knobs


def test_unknown_ruleset_is_rejected_with_its_id():
    """docs/rules.md 1-24: an unknown preset id is UNKNOWN_RULESET, quoted."""
    with pytest.raises(RulesError) as caught:
        get_ruleset("49er")
    assert caught.value.code == "UNKNOWN_RULESET"
    assert "\u201c49er\u201d" in caught.value.message
    assert caught.value.field == "ruleset"


def test_override_changes_one_knob_for_one_game():
    """Any knob can be overridden for one game (docs/rules.md 7)."""
    ruleset = get_ruleset("straight-42", {"all_pass": "reshuffle", "nello": True})
    assert ruleset.all_pass == "reshuffle" and ruleset.nello
    assert PRESETS["straight-42"].all_pass == "forced"
    assert ruleset.id == "straight-42"


def test_override_cannot_rename_the_preset():
    """docs/rules.md 1-24: id, name and description stay those of the preset."""
    assert get_ruleset("moon", {"id": "x", "name": "y"}).name == "Moon"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"min_bid": "30"}, "rules.min_bid"),
        ({"min_bid": True}, "rules.min_bid"),
        ({"min_bid": 30.0}, "rules.min_bid"),
        ({"min_bid": 0}, "rules.min_bid"),
        ({"min_bid": 10**30}, "rules.min_bid"),
        ({"min_bid": 43}, "rules.min_bid"),
        ({"scoring": "goals"}, "rules.scoring"),
        ({"nello": 1}, "rules.nello"),
        ({"no_such_knob": 1}, "rules.no_such_knob"),
        ({7: 1}, "rules.7"),
        ({"sides": [0, 1, 0]}, "rules.sides"),
        ({"sides": [0, 2, 0, 2]}, "rules.sides"),
        ({"sides": "0101"}, "rules.sides"),
        ({"sides": [0, 0, 0, 0]}, "rules.sides"),
        ({"count_tiles": [[5, 5]]}, "rules.count_tiles"),
        ({"count_tiles": "lots"}, "rules.count_tiles"),
        ({"points_per_hand": 43}, "rules.points_per_hand"),
        ({"nello_doubles": []}, "rules.nello_doubles"),
        ({"nello_doubles": ["high", "high"]}, "rules.nello_doubles"),
        ({"nello_doubles": ["sideways"]}, "rules.nello_doubles"),
        ({"max_point_bid": 42}, "rules.max_point_bid"),
        ({"max_marks": 1}, "rules.max_marks"),
        ({"max_hands": -1}, "rules.max_hands"),
        ({"top_suit": -1}, "rules.top_suit"),
        ({"mark_value": 20}, "rules.min_bid"),
        ({"mark_value": 60, "check_totals": False}, "rules.min_bid"),
    ],
)
def test_bad_override_names_the_knob(overrides, field):
    """docs/rules.md 1-24: BAD_OVERRIDE, the knob as field, the setting in words."""
    from rules.words import KNOB_WORDS

    with pytest.raises(RulesError) as caught:
        get_ruleset("straight-42", overrides)
    assert caught.value.code == "BAD_OVERRIDE"
    assert caught.value.field == field
    knob = field.removeprefix("rules.")
    words = KNOB_WORDS.get(knob, f"no rule setting called \u201c{knob}\u201d")
    assert words.lower() in caught.value.message.lower()
    assert knob not in KNOB_WORDS or "_" not in knob or knob not in caught.value.message


@pytest.mark.parametrize(
    "junk", [None, [], "rules", 42, [("min_bid", 31)], {"description": "x" * 3000}, {"name": None}]
)
def test_from_dict_rejects_non_objects(junk):
    """docs/rules.md 1-24: Ruleset.from_dict takes only a dict of good knobs."""
    with pytest.raises(RulesError) as caught:
        Ruleset.from_dict(junk)
    assert caught.value.code == "BAD_OVERRIDE"


def test_overrides_must_be_an_object():
    """docs/rules.md 1-24: overrides that are not a dict are BAD_OVERRIDE."""
    with pytest.raises(RulesError) as caught:
        get_ruleset("straight-42", ["nello"])
    assert caught.value.code == "BAD_OVERRIDE"


def test_none_overrides_give_the_preset():
    """docs/rules.md 1-24: get_ruleset(id) and (id, None) return the preset itself."""
    assert get_ruleset("140") is PRESETS["140"] is get_ruleset("140", None)


def test_72_holds_70_points_and_checks_its_totals():
    """docs/rules.md 19: 60 count + 10 tricks = 70; 71 and 72 can't be taken; 72 is a mark."""
    from rules import replay
    from rules.results import feasible_totals

    rs = PRESETS["72"]
    assert (rs.points_per_hand, rs.check_totals, rs.mark_value) == (70, True, 72)
    assert rs.highest_point_bid == 70
    assert {69, 70} <= feasible_totals(rs) and 71 not in feasible_totals(rs)
    state = replay(rs, [{"bidder": 0, "bid": 72, "result": {"captured": 70}}])
    assert (state.hands[0].need, state.totals) == (70, [1, 0])


def test_highest_point_bid_sits_one_step_below_the_mark():
    """docs/rules.md 5, 17, 20: 41 in 42, 86 in Texas 88, 7 in Moon."""
    assert [PRESETS[i].highest_point_bid for i in ("straight-42", "texas-88", "moon")] == [
        41,
        86,
        7,
    ]


def test_error_to_dict_and_repr_carry_the_code():
    """docs/rules.md Input checks: RulesError gives code, message, field, hand_index."""
    with pytest.raises(RulesError) as caught:
        get_ruleset("nope")
    data = caught.value.to_dict()
    assert data["code"] == "UNKNOWN_RULESET" and data["hand_index"] is None
    assert "UNKNOWN_RULESET" in str(caught.value) and "RulesetError" in repr(caught.value)


def test_every_code_in_the_rules_table_is_listed():
    """docs/rules.md "Input checks": every code of the table is a published RulesError code."""
    from rules.errors import CODES

    table = [
        "RESULT_OUT_OF_RANGE",
        "RESULT_NOT_INTEGER",
        "RESULT_INFEASIBLE",
        "RESULT_SUM",
        "RESULT_NEEDS_BY_SIDE",
        "BAD_RESULT",
        "OUTCOME_MISMATCH",
        "BID_OUT_OF_RANGE",
        "BID_STEP",
        "BID_NOT_MULTIPLE_OF_MARK",
        "BID_NOT_INTEGER",
        "BID_NOT_HIGHER",
        "MARK_BID_TOO_HIGH",
        "DEALER_MUST_BID",
        "BID_COUNT",
        "BID_MISMATCH",
        "SHOOT_OVER_WITHOUT_MOON",
        "NELLO_DEALER_ONLY",
        "CONTRACT_NOT_ALLOWED",
        "PLUNGE_MARKS",
        "SPLASH_MARKS",
        "NOT_ENOUGH_DOUBLES",
        "NELLO_DOUBLES_MODE",
        "TRUMP_NOT_ALLOWED",
        "GAME_OVER",
        "DEALER_OUT_OF_TURN",
        "SEAT_OUT_OF_RANGE",
        "NO_BID",
        "BAD_INPUT",
    ]
    assert set(table) <= set(CODES)
    assert list(CODES)[: len(table)] == table


def test_timpson_tournament_has_no_nello():
    """docs/rules.md 13: the flyer's "no low" bans nel-o (low is one of its names)."""
    from rules import RulesError, replay, winnable_bids

    rs = PRESETS["timpson-tournament"]
    assert not rs.nello
    assert all(
        not isinstance(b, dict) or b["contract"] != "nello"
        for seat in range(4)
        for b in winnable_bids(rs, 0, seat)
    )
    hand = {"bidder": 1, "bid": {"contract": "nello", "doubles": "high"}, "result": {"tricks": 0}}
    with pytest.raises(RulesError) as caught:
        replay(rs, [hand])
    assert caught.value.code == "CONTRACT_NOT_ALLOWED"


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_descriptions_are_plain_sentences_for_players(preset):
    """No knob names, no "Choice:" jargon, sentences a table would say."""
    import re

    text = PRESETS[preset].description
    assert re.search(r"[a-z]+_[a-z_]+", text) is None, text
    for jargon in ("Choice", "Reading", "knob", "modelled", "docs/rules.md", "'"):
        assert jargon not in text.replace("'s", "").replace("n't", ""), (jargon, text)
    assert text[0].isupper() or text[0].isdigit()
    assert text.endswith(".")


def test_descriptions_say_the_facts_of_their_knobs():
    """docs/rules.md 14, 19, 13: the words match the settings (h2g2's plunge is 3 marks)."""
    h2g2 = PRESETS["h2g2-house"]
    assert h2g2.plunge_marks == 3 and "plunge for 3 marks" in h2g2.description
    assert "four marks" not in h2g2.description
    assert "70 points" in PRESETS["72"].description
    assert "no nel-o" in PRESETS["timpson-tournament"].description
    for rs in PRESETS.values():
        unit = "marks" if rs.scoring == "marks" else str(rs.target)
        assert unit in rs.description, rs.id
