"""The statistics of a crew equal the sum over its games (each game's
statistics alone, summed), for crews of random games replayed by rules/."""

from hypothesis import given
from hypothesis import strategies as st

import rules
import stats
from stats.aggregate import pct

PLAYERS = ("p1", "p2", "p3", "p4", "p5")
BIDS = (30, 31, 34, 35, 41, 42, 84)


@st.composite
def game(draw, index):
    """A random straight-42 or wikipedia-42 game of this crew, replayed by rules/."""
    preset = draw(st.sampled_from(("straight-42", "wikipedia-42")))
    rs = rules.get_ruleset(preset)
    start = draw(st.lists(st.integers(0, 6), min_size=2, max_size=2))
    seats = tuple(draw(st.lists(st.sampled_from((*PLAYERS, None)), min_size=4, max_size=4)))
    seats = tuple(p if p is None or seats.index(p) == i else None for i, p in enumerate(seats))
    bodies, results = [], []
    state = rules.replay(rs, [], 0, start)
    for _ in range(draw(st.integers(0, 14))):
        if state.game_over:
            break
        body = draw(hand(state.next_dealer))
        state = rules.replay(
            rs,
            [body],
            state.next_dealer,
            state.totals,  # resumed: one hand
            scored_hands=state.scored_hands,
            warnings=state.warnings,
        )
        bodies.append(body)
        results.append(state.hands[0].to_dict())
    summary = stats.game_summary(
        rs,
        list(zip(bodies, results, strict=True)),
        start,
        state.totals,
        state.game_over,
        state.winner,
    )
    return stats.GameEntry(f"g{index}", summary, seats, (index,))


@st.composite
def hand(draw, dealer):
    """A made or set hand: a forced dealer's bid after three passes, or a bidder and bid."""
    bid = draw(st.sampled_from(BIDS))
    result = {"declared": draw(st.sampled_from(("made", "set")))}
    penalties = draw(
        st.lists(
            st.builds(
                lambda kind, side: {"kind": kind, "side": side},
                st.sampled_from(("table_talk", "exposed_domino")),
                st.integers(0, 1),
            ),
            max_size=1,
        )
    )
    if draw(st.booleans()):
        body = {"bids": ["pass", "pass", "pass", bid], "result": result}
    else:
        body = {"bidder": draw(st.integers(0, 3)), "bid": bid, "result": result}
    return {**body, "penalties": penalties} if penalties else body


@st.composite
def crews(draw):
    """A crew's games."""
    count = draw(st.integers(1, 6))
    return [draw(game(i)) for i in range(count)]


def counters(view):
    """The additive counters of a statistics line, flattened (no percentages, no streaks)."""
    flat = {}
    for key, value in view.items():
        if key == "streaks":
            continue
        if isinstance(value, dict):
            flat.update({f"{key}.{k}": v for k, v in counters(value).items()})
        elif not key.endswith("_pct") and isinstance(value, int):
            flat[key] = value
    return flat


def summed(lines):
    """Key-wise sum of flattened counters."""
    total = {}
    for line in lines:
        for key, value in counters(line).items():
            total[key] = total.get(key, 0) + value
    return total


@given(crews())
def test_crew_statistics_are_the_sum_of_each_games(entries):
    whole = stats.crew_stats(entries)
    alone = [stats.crew_stats([entry]) for entry in entries]
    assert whole["games"] == sum(a["games"] for a in alone)
    assert counters(whole["crew"]) == summed(a["crew"] for a in alone)
    for kind in ("players", "partnerships"):
        keys = set().union(*(a[kind] for a in alone))
        assert set(whole[kind]) == keys
        for key in keys:
            assert counters(whole[kind][key]) == summed(
                a[kind][key] for a in alone if key in a[kind]
            ), (kind, key)
    h2h = {}
    for a in alone:
        for pair in a["head_to_head"]:
            record = h2h.setdefault((pair["a"], pair["b"]), [0, 0, 0])
            for i, name in enumerate(("games", "a_wins", "b_wins")):
                record[i] += pair[name]
    assert {
        (p["a"], p["b"]): [p["games"], p["a_wins"], p["b_wins"]] for p in whole["head_to_head"]
    } == h2h


@given(crews())
def test_percentages_and_streaks_follow_the_counts(entries):
    whole = stats.crew_stats(entries)
    for line in (*whole["players"].values(), *whole["partnerships"].values()):
        assert line["made_pct"] == pct(line["made"], line["bids"])
        assert line["win_pct"] == pct(line["wins"], line["games"])
        assert line["wins"] + line["losses"] + line["ties"] == line["games"]
        assert line["streaks"]["longest_win"] <= line["wins"]
        assert sum(level["bids"] for level in line["by_level"].values()) == line["bids"]
        assert sum(kind["made"] for kind in line["by_contract"].values()) == line["made"]
