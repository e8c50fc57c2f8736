"""The static shape of a bracket: which matches exist and where each side's team comes from.

A side comes from a seed (`Seed(3)`, or a bye when the seed is past the last team), the
winner or loser of an earlier match, or a place in the round robin (`Place(1)`). The shapes
follow the published ones that `brackets-manager` (npm) also builds: standard seed order
(1v8, 4v5, 2v7, 3v6), and its losers'-bracket drop orders, so the two can be compared.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Seed:
    """The team listed at this seed (1-based); a bye when there are fewer teams."""

    number: int


@dataclass(frozen=True)
class WinnerOf:
    """The winner of an earlier match."""

    match: str


@dataclass(frozen=True)
class LoserOf:
    """The loser of an earlier match (drops into the losers' bracket)."""

    match: str


@dataclass(frozen=True)
class Place:
    """The team at this place (1-based) of the round robin once it is over."""

    number: int


@dataclass(frozen=True)
class MatchSpec:
    """One match of the layout: `id` ("W1.2"), its bracket, round, and the two sources.

    `bracket` is "W" (winners' or only bracket), "L" (losers'), "G" (grand final), "R"
    (round robin) or "P" (the playoff after a round robin). `reset_of` marks the true
    final's second game: played only if the losers'-bracket team wins the first.
    """

    id: str
    bracket: str
    round: int
    sources: tuple
    reset_of: str | None = None


def bracket_size(team_count):
    """The smallest power of two holding `team_count` teams (2 at least)."""
    size = 2
    while size < team_count:
        size *= 2
    return size


def seed_positions(size):
    """Standard seed order for a power-of-two bracket: [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    positions = [1, 2]
    while len(positions) < size:
        total = len(positions) * 2 + 1
        positions = [p for pos in positions for p in (pos, total - pos)]
    return positions


# brackets-manager's losers'-bracket drop orders (after a TL.net article): index 0 orders
# the first round's losers, index i the losers of winners' round i + 1.
DROP_ORDERS = {
    4: ("natural", "reverse"),
    8: ("natural", "reverse", "natural"),
    16: ("natural", "reverse_half_shift", "reverse", "natural"),
    32: ("natural", "reverse", "half_shift", "natural", "natural"),
    64: ("natural", "reverse", "half_shift", "reverse", "natural", "natural"),
    128: ("natural", "reverse", "half_shift", "pair_flip", "pair_flip", "pair_flip", "natural"),
}


def reorder(items, method):
    """Reorder a round's losers as they drop (the methods `brackets-manager` names)."""
    half = len(items) // 2
    if method == "reverse":
        return items[::-1]
    if method == "half_shift":
        return items[half:] + items[:half]
    if method == "reverse_half_shift":
        return items[:half][::-1] + items[half:][::-1]
    if method == "pair_flip":
        return [x for i in range(0, len(items), 2) for x in (items[i + 1], items[i])]
    return list(items)


def _pairs(items):
    return [tuple(items[i : i + 2]) for i in range(0, len(items), 2)]


def _round(bracket, number, duels):
    return [
        MatchSpec(f"{bracket}{number}.{i}", bracket, number, tuple(duel))
        for i, duel in enumerate(duels, 1)
    ]


def winners_bracket(size, bracket="W", first_sources=None):
    """The rounds of a single-elimination bracket of `size` slots, seeded in standard order."""
    sources = first_sources or [Seed(n) for n in seed_positions(size)]
    rounds = [_round(bracket, 1, _pairs(sources))]
    while len(rounds[-1]) > 1:
        previous = [WinnerOf(m.id) for m in rounds[-1]]
        rounds.append(_round(bracket, len(rounds) + 1, _pairs(previous)))
    return rounds


def single_elimination(team_count):
    """Every match of a single-elimination bracket for `team_count` teams, in play order."""
    return [m for rnd in winners_bracket(bracket_size(team_count)) for m in rnd]


def losers_bracket(size, winners):
    """The losers' bracket fed by `winners` (rounds of the winners' bracket).

    Round 1 pairs the first round's losers; after that, a round of survivors against
    the next winners' round's losers alternates with a round of survivors among themselves.
    """
    orders = DROP_ORDERS.get(size, ("natural",) * len(winners))
    losers = [[LoserOf(m.id) for m in rnd] for rnd in winners]
    rounds = [_round("L", 1, _pairs(reorder(losers[0], orders[0])))]
    for wb_round in range(1, len(winners)):
        if wb_round > 1:
            survivors = [WinnerOf(m.id) for m in rounds[-1]]
            rounds.append(_round("L", len(rounds) + 1, _pairs(survivors)))
        drops = reorder(losers[wb_round], orders[wb_round])
        duels = [(drop, WinnerOf(m.id)) for drop, m in zip(drops, rounds[-1], strict=True)]
        rounds.append(_round("L", len(rounds) + 1, duels))
    return rounds


def double_elimination(team_count):
    """Every match of a double elimination with a true final, in play order.

    The grand final "G1" sets the winners'-bracket champion against the losers'-bracket
    champion; "G2" is played only if the losers'-bracket champion wins G1 (each team must
    lose twice to be out). With two teams there is no losers' bracket: G1 is a rematch.
    """
    size = bracket_size(team_count)
    winners = winners_bracket(size)
    champion = WinnerOf(winners[-1][0].id)
    if size == 2:
        lower, contender = [], LoserOf(winners[-1][0].id)
    else:
        lower = skip_empty_losers_matches(losers_bracket(size, winners), winners[0], team_count)
        contender = WinnerOf(lower[-1][0].id)
    final = MatchSpec("G1", "G", 1, (champion, contender))
    reset = MatchSpec("G2", "G", 2, (WinnerOf("G1"), LoserOf("G1")), reset_of="G1")
    return _interleave(winners, lower) + [final, reset]


def skip_empty_losers_matches(lower, first_round, team_count):
    """The losers' bracket without the matches no team can ever fill, so no second bye.

    When more than a quarter of the first round are byes, two first-round byes drop two
    BYEs into one losers'-round-1 match (BYE against BYE), and its "winner" is a BYE that
    a round-2 drop would meet: a second bye for a top seed who had the first one. Counted
    by BYE lines that cannot be avoided: 9 teams in a 16 bracket have 7 first-round byes
    and 4 losers'-bracket byes, 11 for 9 teams. So such a match is left out, and so is the
    round-2 match that waited for it: that drop enters the losers' bracket one round later,
    against the team it would have met there (the teams and order of everything else are
    `brackets-manager`'s). A first-round loser meeting a BYE in losers' round 1 keeps that
    bye: it played in round 1, so it is its only one.
    """

    def empty(source):  # a BYE whatever the results
        if isinstance(source, LoserOf) and source.match in byes:
            return True
        return isinstance(source, WinnerOf) and passed.get(source.match, 0) is None

    def resolve(source):
        if isinstance(source, WinnerOf) and passed.get(source.match):
            return passed[source.match]
        return source

    byes = {m.id for m in first_round if any(s.number > team_count for s in m.sources)}
    passed = {}  # a left-out match's id -> what goes on in its place (None: nothing)
    rounds = []
    for rnd in lower:
        kept = []
        for match in rnd:
            sources = tuple(resolve(s) for s in match.sources)
            first, second = (empty(s) for s in sources)
            if first and second:
                passed[match.id] = None
            elif (first or second) and any(
                isinstance(s, WinnerOf) and s.match in passed for s in match.sources
            ):
                passed[match.id] = sources[1] if first else sources[0]
            else:
                kept.append(MatchSpec(match.id, match.bracket, match.round, sources))
        rounds.append(kept)
    return [rnd for rnd in rounds if rnd]


def _interleave(winners, lower):
    """Winners' round r, then the losers' rounds whose drops come from rounds up to r."""

    def needs(number):  # the winners' round whose losers losers'-round `number` waits for
        return 1 if number == 1 else number // 2 + 1

    keyed = [((number, 0), rnd) for number, rnd in enumerate(winners, 1)]
    keyed += [((needs(rnd[0].round), 1), rnd) for rnd in lower]
    return [m for _, rnd in sorted(keyed, key=lambda pair: pair[0]) for m in rnd]


def round_robin_rounds(team_count):
    """The rounds of a round robin, by the circle method `brackets-manager` uses.

    Each round is a list of (seed, seed) pairs; with an odd count one team sits out each
    round (its bye) and sits out only once.
    """
    padded = team_count + team_count % 2
    rounds = []
    for r in range(padded - 1):
        duels = []
        for m in range(padded // 2):
            if m == 0 and team_count % 2:
                continue
            first = (r - m - 1 + padded) % (padded - 1)
            second = padded - 1 if m == 0 else (r + m) % (padded - 1)
            duels.append((first + 1, second + 1))
        rounds.append(duels)
    return rounds


def round_robin(team_count):
    """Every match of a round robin, round by round ("R1.1", "R1.2", ...)."""
    return [
        m
        for number, duels in enumerate(round_robin_rounds(team_count), 1)
        for m in _round("R", number, [(Seed(a), Seed(b)) for a, b in duels])
    ]


def playoff(advance):
    """The single-elimination championship for the round robin's top `advance` places."""
    size = bracket_size(advance)
    first = [Place(n) for n in seed_positions(size)]
    return [m for rnd in winners_bracket(size, "P", first) for m in rnd]
