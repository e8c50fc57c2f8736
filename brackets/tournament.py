"""A tournament is (format, seeded teams, ordered results): everything else is derived.

`Tournament` is an immutable value; `record` and `correct` return a new one. Its bracket,
callable matches, tables, standings and paths are computed from those inputs every time,
so there is never a second copy of the bracket that could disagree with the results.
"""

import random
from dataclasses import dataclass, field, replace

from . import layout
from .engine import Derivation
from .errors import BracketError, CorrectionError, ResultError, TeamsError
from .model import BYE, Format, PathStep, Result
from .series import Series
from .standings import final_standings
from .tables import assign_tables

MAX_TEAMS = 256


def seed(teams, how="listed", rng=None):
    """The teams in seed order: as listed, or drawn at random with `rng` (a random.Random)."""
    teams = tuple(teams)
    if how == "listed":
        return teams
    if how == "random":
        return tuple((rng or random.Random()).sample(teams, len(teams)))
    raise BracketError(f"seeding is 'listed' or 'random', not {how!r}")


def _check_teams(teams):
    if not 2 <= len(teams) <= MAX_TEAMS:
        raise TeamsError(f"an event needs 2 to {MAX_TEAMS} teams, not {len(teams)}")
    for team in teams:
        if not isinstance(team, str) or not team.strip():
            raise TeamsError(f"every team needs a name, not {team!r}")
    if len(set(teams)) != len(teams):
        repeated = sorted({t for t in teams if teams.count(t) > 1})
        raise TeamsError(f"{repeated[0]!r} is entered twice")


def round_first_to(first_to, bracket, round_no, rounds=None):
    """The wins a match of `bracket`'s round `round_no` is played to, from the event's
    `first_to` (one number a round): round r of the winners' bracket, the round robin or the
    championship is `first_to[r - 1]`; later rounds, the losers' bracket and the grand final
    take the last number. A Swiss or drawn event (`rounds` rounds, then its championship,
    bracket W) counts on: round r is `first_to[r - 1]`, the championship's round k
    `first_to[rounds + k - 1]`; the last number goes on."""
    if rounds is not None:
        index = round_no - 1 + (rounds if bracket == "W" else 0)
    else:
        index = round_no - 1 if bracket in "WRP" else len(first_to)
    return first_to[min(index, len(first_to) - 1)]


def check_first_to(first_to):
    """The series lengths as a tuple (one number a round: `round_first_to`); BracketError
    (BAD_SERIES) unless each is a whole number from 1 to 10."""
    lengths = (first_to,) if isinstance(first_to, int) else tuple(first_to)
    if not lengths or any(
        isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10 for n in lengths
    ):
        raise BracketError(f"each round is first to 1 to 10 wins, not {first_to!r}", "BAD_SERIES")
    return lengths


def match_layout(fmt, count, advance=None):
    """Every match of a `fmt` event of `count` teams, in play order (the static layout)."""
    if fmt is Format.SINGLE:
        return layout.single_elimination(count)
    if fmt is Format.DOUBLE:
        return layout.double_elimination(count)
    if fmt is Format.ROUND_ROBIN:
        return layout.round_robin(count)
    return layout.round_robin(count) + layout.playoff(advance)


@dataclass(frozen=True)
class Tournament:
    """An event: `format`, `teams` in seed order, `results` in the order they came in.

    `advance` is how many round-robin places go on to the championship (only for
    Format.ROUND_ROBIN_PLAYOFF, 2 to the number of teams). `first_to` is each round's series
    length: (3, 2) is Timpson's "first round 3 of 5, later rounds 2 of 3" (see `series`).
    """

    format: Format
    teams: tuple
    results: tuple = ()
    advance: int | None = None
    first_to: tuple = (1,)
    _derived: Derivation = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        try:
            fmt = Format(self.format)
        except ValueError:
            names = ", ".join(f.value for f in Format)
            raise BracketError(f"{self.format!r} is not a format we run ({names})") from None
        object.__setattr__(self, "format", fmt)
        object.__setattr__(self, "teams", tuple(self.teams))
        object.__setattr__(self, "results", tuple(self.results))
        _check_teams(self.teams)
        object.__setattr__(self, "first_to", check_first_to(self.first_to))
        if fmt is Format.ROUND_ROBIN_PLAYOFF:
            if (
                isinstance(self.advance, bool)
                or not isinstance(self.advance, int)
                or not (2 <= self.advance <= len(self.teams))
            ):
                raise BracketError(
                    f"2 to {len(self.teams)} teams can go on to the "
                    f"championship, not {self.advance!r}"
                )
        elif self.advance is not None:
            raise BracketError("only a round robin with a championship sends teams on")
        derived = Derivation(
            match_layout(fmt, len(self.teams), self.advance), self.teams, self.advance
        )
        for result in self.results:
            derived.apply(result)
        object.__setattr__(self, "_derived", derived)

    def record(self, result):
        """The tournament after one more match result."""
        return replace(self, results=(*self.results, result))

    def correct(self, result):
        """The tournament with `result` replacing the match's earlier result.

        Later matches that have no result yet simply get their new teams; if a later match
        whose teams would change has been played, CorrectionError names it.
        """
        index = self.check_correction(result)
        results = (*self.results[:index], result, *self.results[index + 1 :])
        return replace(self, results=results)

    def check_correction(self, result):
        """Where `result` would replace the match's earlier result (its index in `results`),
        or CorrectionError as `correct` raises it, without building the corrected tournament
        (a caller that derives it another way pays for one bracket less).
        """
        index = next((i for i, r in enumerate(self.results) if r.match == result.match), None)
        if index is None:
            raise CorrectionError(
                f"match {result.match!r} has no result to correct", "MATCH_NOT_PLAYED"
            )
        if result.winner != self.results[index].winner:
            played = {r.match for r in self.results}
            locked = [m for m in self._derived.downstream(result.match) if m in played]
            if locked:
                raise CorrectionError(
                    f"match {result.match} can no longer change: {', '.join(locked)} "
                    f"{'has' if len(locked) == 1 else 'have'} already been played with its "
                    "result",
                    locked=locked,
                )
        return index

    def series(self, match_id, games=()):
        """The series of a match whose teams are known, with the `games` won so far.

        Round r of the winners' bracket, the round robin or the championship is first to
        `first_to[r - 1]`; later rounds, the losers' bracket and the grand final take the
        last number. SeriesError if a game comes after the series is decided.
        """
        state = self.match(match_id)
        if state.status in ("waiting", "bye", "void"):
            raise ResultError(
                f"match {match_id} has no series to play: it is "
                f"{'not ready yet' if state.status == 'waiting' else 'not played'}",
                "MATCH_NOT_READY",
            )
        length = round_first_to(self.first_to, state.spec.bracket, state.spec.round)
        return Series(state.teams, length, tuple(games))

    def record_series(self, match_id, games, forfeit=False):
        """The tournament after a match's series is decided by `games` (its game winners)."""
        series = self.series(match_id, games)
        if not series.decided:
            raise ResultError(
                f"match {match_id} is not decided yet: {series.score[0]}-"
                f"{series.score[1]} in a first to {series.first_to}",
                "MATCH_NOT_READY",
            )
        return self.record(Result(match_id, series.winner, forfeit))

    def match(self, match_id):
        """The current state of one match; ResultError for an unknown id."""
        if match_id not in self._derived.by_id:
            raise ResultError(f"there is no match {match_id!r} in this event")
        return self._derived.state(match_id)

    def matches(self):
        """Every match in play order, as the results so far make it."""
        return [self._derived.state(spec.id) for spec in self._derived.specs]

    def ready(self):
        """The callable matches (both teams known, not played), longest-waiting first."""
        return [
            self._derived.state(m)
            for _, m in self._derived.ready_log
            if m not in self._derived.outcomes
        ]

    def tables(self, table_count):
        """Which table each match was or is played at, given `table_count` tables (one table
        per team: `tables.seat`)."""
        return assign_tables(
            self._derived.ready_log,
            self.results,
            table_count,
            lambda match: self._derived.state(match).teams,
        )

    @property
    def finished(self):
        """True when every match is decided (played, bye, or not needed)."""
        return len(self._derived.outcomes) == len(self._derived.specs)

    @property
    def champion(self):
        """The winner of the event, or None while it goes on."""
        return self.standings()[0].team if self.finished else None

    def standings(self):
        """The final standings, best first (NotFinishedError while matches remain)."""
        letters = {
            Format.SINGLE: "W",
            Format.DOUBLE: "WLG",
            Format.ROUND_ROBIN: "R",
            Format.ROUND_ROBIN_PLAYOFF: "RP",
        }[self.format]
        return final_standings(self._derived, letters, self.teams)

    def path(self, team):
        """Every decided match of `team` in play order: opponent, won or lost, forfeit."""
        if team not in self.teams:
            raise TeamsError(f"{team!r} is not entered in this event")
        steps = []
        for state in self.matches():
            if team in state.teams and state.status in ("played", "bye"):
                opponent = state.teams[1] if state.teams[0] == team else state.teams[0]
                steps.append(PathStep(state.id, opponent, state.winner == team, state.forfeit))
        return steps

    def byes(self, team):
        """How many times `team` went through a match without playing it (a bye).

        Sitting out a round of an odd round robin is not a bye: nobody advances by it.
        """
        return sum(1 for step in self.path(team) if step.opponent is BYE)
