"""A Swiss or drawn-rounds event seen as a `Tournament`: what the API's event machinery asks
of one (`match`, `matches`, `ready`, `tables`, `series`, `standings`, `path`, ...), so the
callers that call matches to tables, settle results and show the board need no second path.

Rounds are started by the director: round 1 with the event, each later round (and the cut's
championship, a stage after the last round) once the engine has paired it from the results
and the director says go. `started` is how many stages the director has started; until the
next one is started its matches are paired but not callable (`ready` is empty). Round r's
matches are first to `first_to[r - 1]` wins (the last number goes on), the championship's
round k takes the number after the rounds' (`first_to[rounds + k - 1]`, or the last).
"""

from dataclasses import dataclass, field, replace

from .drawn import Drawn
from .errors import BracketError, NotFinishedError, ResultError
from .progressive import check_count
from .rounds import RoundsEvent
from .series import Series
from .swiss import Swiss
from .tables import assign_tables
from .tournament import Tournament, check_first_to, round_first_to

ROUNDS_FORMATS = {"swiss": Swiss, "drawn": Drawn}


@dataclass(frozen=True)
class RoundsTournament:
    """`format` ("swiss" or "drawn"), `teams` in seed order, `results` in the order they
    came, `rounds`, the championship's size `cut` (or None), the draw's `seed`, each
    round's series length `first_to`, and the stages the director has `started` (1: round
    1 only; `rounds` + 1: the championship too)."""

    format: str
    teams: tuple
    results: tuple = ()
    rounds: int = 1
    cut: int | None = None
    seed: int = 0
    first_to: tuple = (1,)
    started: int = 1
    _event: RoundsEvent = field(init=False, repr=False, compare=False)
    _by_id: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        kind = ROUNDS_FORMATS.get(self.format)
        if kind is None:
            raise BracketError(f"{self.format!r} is not paired round by round (swiss, drawn)")
        object.__setattr__(self, "first_to", check_first_to(self.first_to))
        event = kind(tuple(self.teams), self.rounds, tuple(self.results), self.seed, self.cut)
        object.__setattr__(self, "teams", event.teams)
        object.__setattr__(self, "results", event.results)
        check_count(self.started, 1, self.stages, "the rounds started")
        object.__setattr__(self, "_event", event)
        states = [s for number in range(1, event.current_round + 1) for s in event.round(number)]
        if self.championship is not None:
            states += self.championship.matches()
        object.__setattr__(self, "_by_id", {state.id: state for state in states})

    @property
    def stages(self):
        """The rounds, and the championship after them when there is a cut."""
        return self.rounds + (self.cut is not None)

    @property
    def championship(self):
        """The cut's single-elimination `Tournament` once the rounds are over, else None."""
        if self.cut is None or not self._event.finished_rounds:
            return None
        return self._event.championship()

    @property
    def paired(self):
        """The last stage paired so far (`rounds` + 1: the championship is drawn up)."""
        return self.rounds + 1 if self.championship is not None else self._event.current_round

    @property
    def in_play(self):
        """The stage being played: the last one paired and started."""
        return min(self.paired, self.started)

    @property
    def to_start(self):
        """The stage paired and waiting for the director to start it, or None."""
        return self.paired if self.paired > self.started else None

    def start(self, stage):
        """The event with `stage` started; BracketError (NOT_FINISHED) while the stage before
        it is still played, MATCH_ALREADY_PLAYED if it is started already."""
        if isinstance(stage, int) and 1 <= stage <= self.started:
            raise BracketError(f"{self.stage_name(stage)} has started already", "ROUND_STARTED")
        check_count(stage, 2, self.stages, "the round to start")
        if stage > self.started + 1:
            raise BracketError(f"{self.stage_name(self.started + 1)} starts first", "NOT_FINISHED")
        if stage > self.paired:
            raise BracketError(
                f"{self.stage_name(stage)} cannot start yet: "
                f"{self.stage_name(self.paired)} is still being played",
                "NOT_FINISHED",
            )
        return replace(self, started=stage)

    def stage_name(self, stage):
        """ "round 2", or "the championship" for the stage after the rounds."""
        return "the championship" if stage > self.rounds else f"round {stage}"

    def _stage_of(self, state):
        """The stage a match belongs to (its round; the championship's after the rounds)."""
        return self.rounds + 1 if state.spec.bracket == "W" else state.spec.round

    def record(self, result):
        """The event after one more match result."""
        return replace(self, results=(*self.results, result))

    def check_correction(self, result):
        """Where `result` would replace the match's earlier result (its index in `results`),
        or CorrectionError while a later round paired from it (or the championship) is
        played (`RoundsEvent.correct`)."""
        corrected = self._event.correct(result)
        return next(i for i, r in enumerate(corrected.results) if r is result)

    def correct(self, result):
        """The event with `result` replacing the match's earlier result."""
        return replace(self, results=self._event.correct(result).results)

    def series(self, match_id, games=()):
        """The series of a match whose teams are known, with the `games` won so far."""
        state = self.match(match_id)
        if state.status not in ("ready", "played"):
            raise ResultError(
                f"match {match_id} has no series to play: it is "
                f"{'not ready yet' if state.status == 'waiting' else 'not played'}",
                "MATCH_NOT_READY",
            )
        spec = state.spec
        length = round_first_to(self.first_to, spec.bracket, spec.round, self.rounds)
        return Series(state.teams, length, tuple(games))

    record_series = Tournament.record_series

    def match(self, match_id):
        """The current state of one paired match; ResultError for any other id."""
        state = self._by_id.get(match_id)
        if state is None:
            raise ResultError(f"there is no match {match_id!r} in this event")
        return state

    def matches(self):
        """Every match paired so far, round by round, then the championship's."""
        return list(self._by_id.values())

    def ready(self):
        """The matches to call: those of the stage in play, once the director started it."""
        if self.to_start is not None:
            return []
        if self.championship is not None:
            return self.championship.ready()
        return self._event.ready()

    def tables(self, table_count):
        """Which table each match was or is played at, given `table_count` tables: a stage's
        matches wait from the last result of the stage before (`brackets.assign_tables`)."""
        ends, count = {}, 0
        for count, result in enumerate(self.results, 1):
            ends[self._stage_of(self.match(result.match))] = count
        log, applied = [], 0
        for stage in range(1, self.in_play + 1):
            applied = max(applied, ends.get(stage - 1, 0))
            if stage > self.rounds:
                log += [(applied + a, m) for a, m in self.championship._derived.ready_log]
            else:
                log += [(applied, s.id) for s in self._event.round(stage) if s.status != "bye"]
        return assign_tables(log, self.results, table_count, lambda m: self.match(m).teams)

    @property
    def finished(self):
        """True when every round is played (and the championship, if there is one)."""
        if not self._event.finished_rounds:
            return False
        return self.cut is None or self.championship.finished

    champion = Tournament.champion

    def standings(self):
        """The final standings (NotFinishedError while matches remain, as a Tournament's)."""
        if not self.finished:
            raise NotFinishedError("the event is not over yet")
        return self._event.standings()

    def ranking(self):
        """Every team best first as the rounds so far make it (wins, Buchholz, ...): the
        standings while the event goes on, `RoundsEvent.standings`."""
        return self._event.standings()

    def wins(self, team):
        """`team`'s wins in the rounds so far (a bye counts as one)."""
        return self._event.wins(team)

    def buchholz(self, team):
        """The wins of the teams `team` has played in the rounds so far."""
        return self._event.buchholz(team)

    path = Tournament.path
    byes = Tournament.byes
