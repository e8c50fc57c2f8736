"""The statistics of a crew equal the sum over its games (each game's
statistics alone, summed), for crews of random games replayed by rules/."""

from helpers.stats_crews import crews
from hypothesis import given

import stats
from stats.aggregate import pct


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
