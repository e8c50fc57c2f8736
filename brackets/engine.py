"""Derives every match's teams and outcome from a layout and the ordered results.

Nothing here is stored: a tournament is (format, teams, results), and this replays the
results over the layout, pushing each winner and loser to the matches that wait for them,
deciding byes as soon as their one real team is known.
"""

from collections import defaultdict

from .errors import ResultError
from .layout import LoserOf, Place, Seed, WinnerOf
from .model import BYE, MatchState
from .standings import round_robin_order


class Derivation:
    """The matches of one tournament after replaying its results in order.

    `ready_log` lists (results applied, match id) in the order matches became callable,
    which table assignment replays.
    """

    def __init__(self, specs, teams, advance=None):
        self.specs = specs
        self.teams = tuple(teams)
        self.advance = advance
        self.by_id = {spec.id: spec for spec in specs}
        self.sides = {spec.id: [None, None] for spec in specs}
        self.outcomes = {}
        self.ready_log = []
        self.called = set()
        self.applied = 0
        self.dependents = defaultdict(list)
        self.robin = [spec.id for spec in specs if spec.bracket == "R"]
        self.robin_left = set(self.robin)
        for spec in specs:
            for side, source in enumerate(spec.sources):
                if isinstance(source, Seed):
                    self.sides[spec.id][side] = self._seeded(source.number)
                elif isinstance(source, WinnerOf | LoserOf):
                    self.dependents[source.match].append((spec.id, side, source))
        if not self.robin:
            self._fill_places()
        for spec in specs:
            self._check(spec.id)

    def _seeded(self, number):
        return self.teams[number - 1] if number <= len(self.teams) else BYE

    def _fill_places(self):
        """Seed the playoff from the round robin's final order (or the listed order)."""
        order = round_robin_order(self, self.teams) if self.robin else self.teams
        for spec in self.specs:
            for side, source in enumerate(spec.sources):
                if isinstance(source, Place):
                    number = source.number
                    self.sides[spec.id][side] = (
                        order[number - 1] if number <= (self.advance) else BYE
                    )

    def _check(self, match_id):
        """Decide a bye, void an unneeded reset, or mark the match callable."""
        first, second = self.sides[match_id]
        if match_id in self.outcomes or match_id in self.called or None in (first, second):
            return
        spec = self.by_id[match_id]
        if spec.reset_of and self.outcomes[spec.reset_of][0] == self.sides[spec.reset_of][0]:
            self.outcomes[match_id] = (None, None, "void", False)
        elif first is BYE or second is BYE:
            self._decide(match_id, second if first is BYE else first, BYE, "bye", False)
        else:
            self.called.add(match_id)
            self.ready_log.append((self.applied, match_id))

    def _decide(self, match_id, winner, loser, kind, forfeit):
        self.outcomes[match_id] = (winner, loser, kind, forfeit)
        for dependent, side, source in self.dependents[match_id]:
            if self.by_id[dependent].reset_of:  # the rematch keeps the first game's sides
                self.sides[dependent] = list(self.sides[match_id])
            else:
                self.sides[dependent][side] = winner if isinstance(source, WinnerOf) else loser
            self._check(dependent)
        if match_id in self.robin_left:
            self.robin_left.discard(match_id)
            if not self.robin_left:
                self._fill_places()
                for spec in self.specs:
                    if spec.bracket == "P":
                        self._check(spec.id)

    def apply(self, result):
        """Record one match result; refuses a match that is unknown, not ready or decided."""
        match_id = result.match
        if match_id not in self.by_id:
            raise ResultError(f"there is no match {match_id!r} in this event")
        if match_id in self.outcomes:
            kind = self.outcomes[match_id][2]
            if kind == "void":
                raise ResultError(
                    f"match {match_id} is not played: the winners' bracket champion won the final",
                    "MATCH_NOT_READY",
                )
            raise ResultError(
                f"match {match_id} already has a result; correct it instead", "MATCH_ALREADY_PLAYED"
            )
        first, second = self.sides[match_id]
        if first is None or second is None:
            raise ResultError(
                f"match {match_id} cannot be played yet: both its teams are not known",
                "MATCH_NOT_READY",
            )
        if result.winner not in (first, second):
            raise ResultError(
                f"{result.winner!r} is not playing in match {match_id} "
                f"({first!r} against {second!r})",
                "NOT_IN_MATCH",
            )
        loser = second if result.winner == first else first
        self.applied += 1
        self._decide(match_id, result.winner, loser, "played", bool(result.forfeit))

    def state(self, match_id):
        """The MatchState of one match."""
        spec = self.by_id[match_id]
        teams = tuple(self.sides[match_id])
        if match_id in self.outcomes:
            winner, loser, kind, forfeit = self.outcomes[match_id]
            return MatchState(spec, teams, kind, winner, loser, forfeit)
        status = "waiting" if None in teams else "ready"
        return MatchState(spec, teams, status)

    def downstream(self, match_id):
        """Every match whose teams depend on `match_id`'s outcome (transitively).

        A round-robin match reaches the whole championship: it can reorder the places.
        """
        found = set()
        if match_id in set(self.robin):
            found = {spec.id for spec in self.specs if spec.bracket == "P"}
        todo = [match_id, *found]
        while todo:
            for dependent, _side, _source in self.dependents[todo.pop()]:
                if dependent not in found:
                    found.add(dependent)
                    todo.append(dependent)
        return [spec.id for spec in self.specs if spec.id in found]
