"""A progressive party: individuals at tables of four, new partners every round.

The schedule depends only on the players, the number of rounds and a seed (never on the
scores), so it can be printed before the first shake. Sit-outs (when the count is not a
multiple of 4) go round a seeded circle of the players, so nobody sits out twice before
everyone has sat out once. Partners: with a multiple of 4, the circle method (a round robin
of partnerships) gives everyone a new partner for n - 1 rounds; otherwise, and after that,
`matching.pair_avoiding` allows the fewest repeats it can. Tables are then made of the
partnerships so that opponents repeat as little as a greedy search with swaps finds.
See docs/tournaments.md "Progressive parties" for the guarantees.
"""

import functools
import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from .errors import BracketError, TeamsError
from .matching import pair_avoiding

MAX_PLAYERS = 256
MAX_ROUNDS = 60
# The most a party made through the API takes: 40 tables and 20 rounds, more than a church
# hall or a reunion runs in an evening (rounds rarely pass 12). Seating is the cost of a
# party's start and of a read that has not seated it yet: 160 players over 20 rounds seat in
# about 0.2 s of a worker's CPU, 256 over 60 in 4 to 5 s, which one request could make a
# worker spend (docs/tournaments.md "How a party runs").
PARTY_PLAYERS = 160
PARTY_ROUNDS = 20
CIRCLE_CHOICES = 8  # circle-method rounds tried for each round's seating (time against fit)


@dataclass(frozen=True)
class Seat:
    """One table of one round: `id` ("P2.3": round 2, table 3), and its two sides of two."""

    id: str
    round: int
    table: int
    north: tuple
    south: tuple


@dataclass(frozen=True)
class PartyRound:
    """One round's seating: its tables, and who sits it out (in seat-circle order)."""

    number: int
    tables: tuple
    sitting_out: tuple


def check_players(players, minimum=4, maximum=MAX_PLAYERS, what="players"):
    """The entries as a tuple; TeamsError for too few or many, a blank, or a repeat."""
    players = tuple(players)
    if not minimum <= len(players) <= maximum:
        raise TeamsError(f"this event needs {minimum} to {maximum} {what}, not {len(players)}")
    for player in players:
        if not isinstance(player, str) or not player.strip():
            raise TeamsError(f"every entry needs a name, not {player!r}")
    if len(set(players)) != len(players):
        repeated = sorted({p for p in players if players.count(p) > 1})
        raise TeamsError(f"{repeated[0]!r} is entered twice")
    return players


def check_count(value, low, high, what):
    """`value` if it is a whole number from `low` to `high`; else BracketError (BAD_FORMAT)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BracketError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _key(a, b):
    return (a, b) if a < b else (b, a)


class _Scheduler:
    """Builds the rounds one after another, keeping partner and opponent counts."""

    def __init__(self, players, seed):
        self.rng = random.Random(f"progressive:{seed}")
        self.circle = self.rng.sample(players, len(players))
        self.partners = Counter()
        self.opponents = Counter()
        self.penalty = {player: {} for player in players}  # opponents' meetings, squared
        self.sat_out = 0

    def next_round(self, number):
        n, out = len(self.circle), len(self.circle) % 4
        sitting = [self.circle[(self.sat_out + j) % n] for j in range(out)]
        self.sat_out += out
        playing = [p for p in self.circle if p not in sitting]
        tables = self._seat(playing, number)
        for north, south in tables:
            self.partners.update((_key(*north), _key(*south)))
            for a in north:
                for b in south:
                    self.opponents[_key(a, b)] += 1
                    self.penalty[a][b] = self.penalty[b][a] = self.opponents[_key(a, b)] ** 2
        seats = tuple(
            Seat(f"P{number}.{i}", number, i, north, south)
            for i, (north, south) in enumerate(tables, 1)
        )
        return PartyRound(number, seats, tuple(sitting))

    def _seat(self, playing, number):
        """The round's tables: with no one sitting out, the unused round of the circle method
        (of the next `CIRCLE_CHOICES`) whose tables repeat opponents least; otherwise
        partners with the fewest repeats."""
        n = len(playing)
        if n == len(self.circle) and number < n:
            if number == 1:
                self.unused = self.rng.sample(range(n - 1), n - 1)
            options = [
                (spin, self._tables(_circle_round(playing, spin)))
                for spin in self.unused[:CIRCLE_CHOICES]
            ]
            spin, tables = min(options, key=lambda o: sum(self._cost(*t) for t in o[1]))
            self.unused.remove(spin)
            return tables
        return self._tables(self._partners(playing))

    def _partners(self, playing):
        """Partnerships allowing no more repeats than needed (`matching.pair_avoiding`)."""
        n = len(playing)
        order = self.rng.sample(playing, n)
        limit = 0
        while True:  # the loosest limit (most repeats so far) always pairs everyone
            pairs = pair_avoiding(order, self._within(limit))
            if pairs is not None:
                return pairs
            limit += 1

    def _within(self, limit):
        """Whether two players have partnered at most `limit` times so far."""
        return lambda a, b: self.partners[_key(a, b)] <= limit

    def _tables(self, pairs):
        """Pairs the partnerships into tables, fewest earlier meetings as opponents first:
        greedily, then swapping sides between two tables while that lowers the cost."""
        order = self.rng.sample(range(len(pairs)), len(pairs))
        cost = [[0] * len(pairs) for _ in pairs]
        for i, j in combinations(range(len(pairs)), 2):
            cost[i][j] = cost[j][i] = self._cost(pairs[i], pairs[j])
        tables = []
        while order:
            north = order.pop(0)
            best = min(range(len(order)), key=lambda i: cost[north][order[i]])
            tables.append((north, order.pop(best)))
        improved = True
        while improved:
            improved = False
            for i, j in combinations(range(len(tables)), 2):
                (a, b), (c, d) = tables[i], tables[j]
                now = cost[a][b] + cost[c][d]
                for first, second in (((a, c), (b, d)), ((a, d), (b, c))):
                    if cost[first[0]][first[1]] + cost[second[0]][second[1]] < now:
                        tables[i], tables[j] = first, second
                        improved = True
                        break
        return [(pairs[north], pairs[south]) for north, south in tables]

    def _cost(self, north, south):
        """Earlier meetings of these four as opponents, a third meeting dearer than a second."""
        first, second = self.penalty[north[0]], self.penalty[north[1]]
        c, d = south
        return first.get(c, 0) + first.get(d, 0) + second.get(c, 0) + second.get(d, 0)


def _circle_round(people, spin):
    """Round `spin` of the circle method: one stays put, the others turn one seat a round."""
    n, fixed, turning = len(people), people[-1], people[:-1]
    pairs = [(fixed, turning[spin])]
    for i in range(1, n // 2):
        pairs.append((turning[(spin + i) % (n - 1)], turning[(spin - i) % (n - 1)]))
    return pairs


def schedule(players, rounds, seed=0):
    """The seating of every round of a progressive party (PartyRound, round 1 first)."""
    players = check_players(players)
    check_count(rounds, 1, MAX_ROUNDS, "the number of rounds")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BracketError(f"the seating's seed is a whole number, not {seed!r}")
    return _schedule(players, rounds, seed)


@functools.lru_cache(maxsize=64)
def _schedule(players, rounds, seed):
    """The seating, kept for the last 64 parties asked about: it depends on nothing else, and
    64 players cost about 0.15 s to seat for 12 rounds, which each read would pay again."""
    scheduler = _Scheduler(players, seed)
    return tuple(scheduler.next_round(number) for number in range(1, rounds + 1))
