"""Hypothesis properties of the score race (api/pages/charts.py): for any game the engine scores,
the race is derived from the hand log and nothing else ("each game's score race,
hand by hand"; docs/rules.md 8-10 for the scores themselves)."""

import xml.etree.ElementTree as ET

from helpers.charts import plotted
from hypothesis import given, settings
from hypothesis import strategies as st

from api.pages import charts as pages_charts
from rules import PRESETS, RulesError, legal_bids, replay

TWO_SIDED = sorted(rid for rid, rs in PRESETS.items() if rs.side_count == 2)


@st.composite
def game(draw):
    """A two-sided preset, carried-over totals, and up to 30 point or mark hands the engine
    accepts (a hand the engine refuses, or one after the game is over, is left out)."""
    ruleset = PRESETS[draw(st.sampled_from(TWO_SIDED))]
    start = draw(st.lists(st.integers(0, ruleset.target - 1), min_size=2, max_size=2))
    bids = [b for b in legal_bids(ruleset, [], 0) if isinstance(b, int)]
    hands = []
    for _ in range(draw(st.integers(0, 30))):
        hand = {
            "bidder": draw(st.integers(0, ruleset.players - 1)),
            "bid": draw(st.sampled_from(bids)),
            "result": {"captured": draw(st.integers(0, ruleset.points_per_hand))},
        }
        try:
            state = replay(ruleset, [*hands, hand], 0, start)
        except RulesError:
            continue
        hands.append(hand)
        if state.game_over:
            break
    return ruleset, start, hands


@settings(max_examples=150, deadline=None)
@given(game())
def test_race_steps_are_the_hands_awards_and_end_at_the_totals(case):
    ruleset, start, hands = case
    state = replay(ruleset, hands, 0, start).to_dict()
    race = pages_charts.score_race(
        ruleset.target, ruleset.scoring, start, state["hands"], state["winner"]
    )
    series = race["series"]
    # one point before the first hand and one after each hand, for every side
    assert [len(line) for line in series] == [len(hands) + 1] * 2
    assert [line[0] for line in series] == start
    assert [line[-1] for line in series] == state["totals"]
    for i, result in enumerate(state["hands"], start=1):
        assert [series[s][i] - series[s][i - 1] for s in (0, 1)] == result["awarded"]
    assert [s["hand"] for s in race["sets"]] == [
        i for i, r in enumerate(state["hands"], start=1) if r["outcome"] == "set"
    ]
    # the scale holds every total and the target, in at most six round steps
    ticks = race["ticks"]
    values = [v for line in series for v in line] + [ruleset.target]
    assert ticks[0] <= min(values) and ticks[-1] >= max(values)
    assert len(ticks) - 1 <= pages_charts.MAX_TICKS
    # and the SVG plots exactly that, well-formed
    svg = pages_charts.race_svg(race, ["Us", "Them"])
    ET.fromstring(svg)
    assert plotted(svg)["lines"] == series
