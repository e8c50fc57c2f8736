"""A progressive party as an event: its seating (progressive.schedule), the marks each
table's sides won, and the individual standings, all derived from those inputs each time.

Each player's total is what their side won at each table; a player sitting a round out is
credited the round's average side score (rounded half up) once all its tables are in, so
a sit-out neither wins nor loses ground. Standings: most total, then most tables won
(their side scored more), then entry order: a total order (docs/tournaments.md
"Progressive parties").
"""

from dataclasses import dataclass, field, replace

from .errors import CorrectionError, ResultError
from .model import Standing
from .progressive import check_count, check_players, schedule

MAX_HANDS_PER_ROUND = 20
MAX_SCORE = 10_000  # marks or points one side can win at a table in a round


@dataclass(frozen=True)
class TableResult:
    """What each side won at one table of one round: `north` and `south` (marks or points)."""

    table: str
    north: int
    south: int


@dataclass(frozen=True)
class ProgressiveParty:
    """`players` in entry order, `rounds` to play, a `seed` for the seating, `results` so far.

    `hands_per_round` is how many hands make a round; None means a round is one game.
    """

    players: tuple
    rounds: int
    seed: int = 0
    results: tuple = ()
    hands_per_round: int | None = None
    _seating: tuple = field(init=False, repr=False, compare=False)
    _scores: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "players", check_players(self.players))
        object.__setattr__(self, "results", tuple(self.results))
        if self.hands_per_round is not None:
            check_count(self.hands_per_round, 1, MAX_HANDS_PER_ROUND, "the hands in a round")
        object.__setattr__(self, "_seating", schedule(self.players, self.rounds, self.seed))
        tables = {seat.id: seat for party_round in self._seating for seat in party_round.tables}
        scores = {}
        for result in self.results:
            seat = tables.get(result.table)
            if seat is None:
                raise ResultError(f"there is no table {result.table!r} in this party")
            if result.table in scores:
                raise ResultError(
                    f"table {result.table} already has its score; correct it instead",
                    "MATCH_ALREADY_PLAYED",
                )
            for score in (result.north, result.south):
                check_count(score, 0, MAX_SCORE, "a side's score")
            scores[result.table] = result
        object.__setattr__(self, "_scores", scores)

    def seating(self, round_number=None):
        """Every round's PartyRound, or just round `round_number` (1 first)."""
        if round_number is None:
            return self._seating
        check_count(round_number, 1, self.rounds, "the round")
        return self._seating[round_number - 1]

    def round_over(self, hands_played, game_over):
        """True when a table has played its round: `hands_per_round` hands, or its game."""
        if self.hands_per_round is None:
            return bool(game_over)
        return hands_played >= self.hands_per_round

    def record(self, result):
        """The party after one more table's score."""
        return replace(self, results=(*self.results, result))

    def correct(self, result):
        """The party with `result` replacing the table's earlier score (the seating never
        depends on scores, so any table can be corrected at any time)."""
        index = next((i for i, r in enumerate(self.results) if r.table == result.table), None)
        if index is None:
            raise CorrectionError(
                f"table {result.table!r} has no score to correct", "MATCH_NOT_PLAYED"
            )
        return replace(self, results=(*self.results[:index], result, *self.results[index + 1 :]))

    def round_complete(self, round_number):
        """True once every table of the round has its score."""
        return all(seat.id in self._scores for seat in self.seating(round_number).tables)

    def totals(self):
        """{player: (total, tables won, tables played, rounds sat out)} from the scores so far."""
        lines = {player: [0, 0, 0, 0] for player in self.players}
        for party_round in self._seating:
            sides = []
            for seat in party_round.tables:
                result = self._scores.get(seat.id)
                if result is None:
                    continue
                for side, mine, theirs in (
                    (seat.north, result.north, result.south),
                    (seat.south, result.south, result.north),
                ):
                    sides.append(mine)
                    for player in side:
                        line = lines[player]
                        line[0] += mine
                        line[1] += mine > theirs
                        line[2] += 1
            if party_round.sitting_out and self.round_complete(party_round.number):
                count = len(sides)
                credit = (sum(sides) * 2 + count) // (2 * count)  # the mean, rounded half up
                for player in party_round.sitting_out:
                    lines[player][0] += credit
                    lines[player][3] += 1
        return {player: tuple(line) for player, line in lines.items()}

    def standings(self):
        """Every player, best first: most total, most tables won, then entry order.

        Places are 1, 2, 3, ... with no shared place (entry order settles a full tie)."""
        totals = self.totals()
        entry = {player: index for index, player in enumerate(self.players)}
        order = sorted(self.players, key=lambda p: (-totals[p][0], -totals[p][1], entry[p]))
        lines = []
        for place, player in enumerate(order, 1):
            total, won, played, sat = totals[player]
            how = f"{total} in all, won {won} of {played} tables"
            if sat:
                how += f", sat out {sat}"
            lines.append(Standing(place, player, how))
        return lines
