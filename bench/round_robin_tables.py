"""How long a round robin takes on N tables under three call orders (docs/tournaments.md "The
order of a round robin"): `seat` over the circle method's order (the rule the API calls by),
strictly round by round, and reaching at most one round ahead. Each match lasts a drawn
length (uniform 0.6 to 1.4, or 0.5 plus an exponential of mean 0.5); the figure is the mean
time to the last result over 200 events, in mean match lengths. Pure Python, under a minute:

    PYTHONPATH=. python3 bench/round_robin_tables.py
"""

import heapq
import random
import statistics

from brackets.layout import round_robin_rounds
from brackets.tables import seat

FIELDS = [(6, 3), (6, 5), (8, 4), (8, 3), (10, 5), (12, 6), (16, 8), (16, 5), (32, 16)]
LENGTHS = {
    "uniform": lambda rng: rng.uniform(0.6, 1.4),
    "exponential": lambda rng: 0.5 + rng.expovariate(2),
}
RULES = {"seat (the API's)": None, "round by round": 0, "one round ahead": 1}


def finish(teams, tables, ahead, length, rng):
    """When the last match of a round robin ends: a free table takes what `seat` gives it
    from the matches no more than `ahead` rounds past the earliest unfinished one (None: any)."""
    matches = [
        (f"R{r}.{i}", duel, r)
        for r, duels in enumerate(round_robin_rounds(teams), 1)
        for i, duel in enumerate(duels, 1)
    ]
    waiting, unfinished = list(matches), {m: r for m, _duel, r in matches}
    ends, busy, free, now = [], set(), list(range(1, tables + 1)), 0.0
    while waiting or ends:
        low = min(unfinished.values())
        reach = [(m, duel) for m, duel, r in waiting if ahead is None or r <= low + ahead]
        for match, table in seat(reach, busy, free):
            entry = next(w for w in waiting if w[0] == match)
            waiting.remove(entry)
            free.remove(table)
            busy.update(entry[1])
            heapq.heappush(ends, (now + length(rng), table, match, entry[1]))
        now, table, match, duel = heapq.heappop(ends)
        free = sorted([*free, table])
        busy.difference_update(duel)
        del unfinished[match]
    return now


def main():
    """Print the mean finish of each call order, each field, each kind of match length."""
    for name, length in LENGTHS.items():
        print(f"match lengths: {name}")
        print(f"{'teams':>5} {'tables':>6}  " + "  ".join(f"{rule:>18}" for rule in RULES))
        for teams, tables in FIELDS:
            means = []
            for ahead in RULES.values():
                rng = random.Random(1)
                runs = [finish(teams, tables, ahead, length, rng) for _ in range(200)]
                means.append(statistics.mean(runs))
            print(f"{teams:>5} {tables:>6}  " + "  ".join(f"{m:>18.2f}" for m in means))


if __name__ == "__main__":
    main()
