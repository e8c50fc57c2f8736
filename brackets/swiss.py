"""Swiss for teams: pair teams with equal records, never a rematch, at most one bye each.

Each round the teams are ranked by wins, then seed (as chess ranks by score, then pairing
number). With an odd count the bye goes to the lowest-ranked team without one. The rest are
paired from the top: each team takes, among those it has not played, the team half-way
down its score group (top half against bottom half, as the FIDE Dutch system pairs: 1 v 5,
2 v 6 ... in a group of 8), then the others of its group, then the highest of the groups
below; a search backs up when a later team would be left with only rematches. If that
search runs past `SEARCH_STEPS`, `matching.pair_avoiding` pairs them with no rematch.
A Swiss plays at most half as many rounds as it has teams: up to there a pairing with no
rematch always exists (Dirac's theorem), so none is ever played (docs/tournaments.md
"Swiss and drawn rounds").
"""

import functools

from .matching import pair_avoiding
from .model import BYE
from .rounds import RoundsEvent

SEARCH_STEPS = 3_000
EXTRA_CROSSINGS = 4


class _OutOfSteps(Exception):
    """The pairing search has looked at `SEARCH_STEPS` choices: take the plain pairing."""


def preference(top, pool, wins):
    """The teams of `pool` (ranked, `top` first) in the order `top` would like to meet them."""
    group = [team for team in pool if wins[team] == wins[top]]
    below = [team for team in pool if wins[team] < wins[top]]
    others = group[1:]
    start = max(len(group) // 2 - 1, 0)
    return others[start:] + others[:start][::-1] + below


def crossings_needed(sizes):
    """The fewest score-group boundaries pairs must cross, rematches aside, for groups of
    `sizes` teams (best group first): below each group left odd, with the teams floated into
    it, one pair crosses to the next group that has teams (two groups down: two crossings)."""
    needed, odd, last = 0, False, None
    for level, size in enumerate(sizes):
        if not size:
            continue
        if odd:
            needed += level - last
        odd, last = odd != bool(size % 2), level
    return needed


def pair_swiss(ranked, wins, played, steps=SEARCH_STEPS):
    """Pairs an even `ranked` list with no rematch (`played`: team -> set of teams met),
    crossing as few score-group boundaries (floats) as a search of `steps` choices finds
    for each allowance of crossings (from the fewest possible, up to `EXTRA_CROSSINGS`
    more); past that, `pair_avoiding` in ranked order (close records, no rematch)."""
    scores = sorted({wins[team] for team in ranked}, reverse=True)
    level = {team: scores.index(wins[team]) for team in ranked}
    sizes = [0] * len(scores)
    for team in ranked:
        sizes[level[team]] += 1
    count = [0]

    def solve(pool, allowance):
        if not pool:
            return []
        top = pool[0]
        sizes[level[top]] -= 1
        for other in preference(top, pool, wins):
            count[0] += 1
            if count[0] > steps:
                raise _OutOfSteps
            cost = level[other] - level[top]
            if other in played[top] or cost > allowance:
                continue
            sizes[level[other]] -= 1
            if allowance - cost >= crossings_needed(sizes):
                paired = solve([t for t in pool[1:] if t != other], allowance - cost)
                if paired is not None:
                    sizes[level[other]] += 1
                    sizes[level[top]] += 1
                    return [(top, other), *paired]
            sizes[level[other]] += 1
        sizes[level[top]] += 1
        return None

    fewest = crossings_needed(sizes)
    for allowance in range(fewest, fewest + EXTRA_CROSSINGS + 1):
        count[0] = 0
        try:
            pairs = solve(list(ranked), allowance)
        except _OutOfSteps:
            pairs = None
            sizes[:] = [0] * len(scores)
            for team in ranked:
                sizes[level[team]] += 1
        if pairs is not None:
            return pairs
    # Within the round limit this always pairs everyone (see the module docstring).
    return pair_avoiding(list(ranked), lambda a, b: b not in played[a])


class Swiss(RoundsEvent):
    """A Swiss event of teams (`RoundsEvent`): match ids "S2.3" (round 2, match 3)."""

    LETTER = "S"

    def max_rounds(self):
        """Half the teams (rounded down): never a rematch up to there."""
        return max(len(self.teams) // 2, 1)

    def pair(self, number, history):
        """Round `number`'s pairs: ranked by wins then seed, the bye to the lowest-ranked
        team without one, the rest by `pair_swiss`."""
        seed = {team: index for index, team in enumerate(self.teams)}
        ranked = sorted(self.teams, key=lambda team: (-history.wins[team], seed[team]))
        bye = []
        if len(ranked) % 2:
            team = next(t for t in reversed(ranked) if not history.byes[t])
            ranked.remove(team)
            bye = [(team, BYE)]
        wins = tuple(history.wins[team] for team in ranked)
        played = tuple(frozenset(history.played[team]) for team in ranked)
        return list(_kept_pairing(tuple(ranked), wins, played)) + bye


@functools.lru_cache(maxsize=256)
def _kept_pairing(ranked, wins, played):
    """`pair_swiss` kept for the rounds asked about lately: each read of an event pairs all
    its rounds again from the same results (128 teams, 7 rounds: about 50 ms a read)."""
    pairs = pair_swiss(
        list(ranked), dict(zip(ranked, wins, strict=True)), dict(zip(ranked, played, strict=True))
    )
    return tuple(pairs)
