"""Events of paired rounds for teams (Swiss, drawn): replays the results round by round.

An event is (teams in seed order, rounds, results, seed, cut): round 1 is paired from the
entries alone, and each later round from the results of the rounds before it, once all of
them are in; so nothing is stored but the results, as with `Tournament`. The optional cut
sends the top `cut` teams of the standings into a single-elimination championship, a plain
`Tournament` whose results ("W1.1", ...) sit in the same list. Standings: most wins (a bye
counts as a win), then Buchholz (the wins of the teams played), then wins against the teams
still tied, then seed: a total order (docs/tournaments.md "Swiss and drawn rounds").
"""

from dataclasses import dataclass, field, replace
from typing import ClassVar

from .errors import BracketError, CorrectionError, NotFinishedError, ResultError
from .layout import MatchSpec
from .model import BYE, Format, MatchState, Standing
from .progressive import check_count, check_players
from .tournament import MAX_TEAMS, Tournament

MAX_ROUNDS = 30  # the most rounds any format paired round by round plays


class History:
    """What the rounds so far say about each team: wins, teams played, byes, last result."""

    def __init__(self, teams):
        self.wins = dict.fromkeys(teams, 0)
        self.played = {team: [] for team in teams}
        self.beaten = {team: set() for team in teams}
        self.byes = dict.fromkeys(teams, 0)
        self.won_last = dict.fromkeys(teams, True)  # before round 1 everyone is in one box

    def bye(self, team):
        self.wins[team] += 1
        self.byes[team] += 1
        self.won_last[team] = True

    def game(self, winner, loser):
        self.wins[winner] += 1
        self.played[winner].append(loser)
        self.played[loser].append(winner)
        self.beaten[winner].add(loser)
        self.won_last[winner], self.won_last[loser] = True, False

    def buchholz(self, team):
        """The wins of every team `team` has played (a bye adds nothing)."""
        return sum(self.wins[other] for other in self.played[team])


def ranking(history, teams):
    """The teams best first: wins, Buchholz, wins among the teams tied on both, seed."""
    key = {team: (history.wins[team], history.buchholz(team)) for team in teams}
    among = {
        team: sum(1 for other in history.beaten[team] if key[other] == key[team]) for team in teams
    }
    seed = {team: index for index, team in enumerate(teams)}
    return sorted(teams, key=lambda t: (-key[t][0], -key[t][1], -among[t], seed[t]))


@dataclass(frozen=True)
class RoundsEvent:
    """A base for formats paired round by round. Subclasses give `LETTER` (of the match
    ids) and `pair(number, history)`: round `number`'s pairs, a team and BYE for a bye."""

    LETTER: ClassVar[str] = "?"
    teams: tuple
    rounds: int
    results: tuple = ()
    seed: int = 0
    cut: int | None = None
    _rounds: tuple = field(init=False, repr=False, compare=False)
    _history: History = field(init=False, repr=False, compare=False)
    _championship: Tournament | None = field(init=False, repr=False, compare=False)

    def max_rounds(self):
        """The most rounds the format plays for this many teams."""
        return MAX_ROUNDS

    def __post_init__(self):
        object.__setattr__(self, "teams", check_players(self.teams, 2, MAX_TEAMS, "teams"))
        object.__setattr__(self, "results", tuple(self.results))
        check_count(self.rounds, 1, self.max_rounds(), "the number of rounds")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise BracketError(f"the event's seed is a whole number, not {self.seed!r}")
        if self.cut is not None:
            check_count(self.cut, 2, len(self.teams), "the teams going on to the championship")
        pending, final = {}, []
        for result in self.results:
            if self.cut is not None and result.match.startswith("W"):
                final.append(result)
            elif result.match in pending:
                raise ResultError(
                    f"match {result.match} already has a result; correct it instead",
                    "MATCH_ALREADY_PLAYED",
                )
            else:
                pending[result.match] = result
        history, played = History(self.teams), []
        for number in range(1, self.rounds + 1):
            played.append(self._play_round(number, history, pending))
            if any(state.status == "ready" for state in played[-1]):
                break
        for match_id in pending:
            raise self._stray(match_id, played)
        object.__setattr__(self, "_rounds", tuple(played))
        object.__setattr__(self, "_history", history)
        championship = None
        if self.cut is not None and self.finished_rounds:
            top = tuple(ranking(history, self.teams)[: self.cut])
            championship = Tournament(Format.SINGLE, top, tuple(final))
        elif final:
            raise ResultError(
                f"match {final[0].match} cannot be played yet: the "
                f"{self.rounds} rounds are not over",
                "MATCH_NOT_READY",
            )
        object.__setattr__(self, "_championship", championship)

    def _play_round(self, number, history, pending):
        """Pairs round `number`, applies its results (taken out of `pending`) to `history`."""
        states, games = [], []
        for index, (first, second) in enumerate(self.pair(number, history), 1):
            spec = MatchSpec(f"{self.LETTER}{number}.{index}", self.LETTER, number, ())
            if second is BYE:
                states.append(MatchState(spec, (first, BYE), "bye", first, BYE))
                continue
            result = pending.pop(spec.id, None)
            if result is None:
                states.append(MatchState(spec, (first, second), "ready"))
                continue
            if result.winner not in (first, second):
                raise ResultError(
                    f"{result.winner!r} is not playing in match {spec.id} "
                    f"({first!r} against {second!r})",
                    "NOT_IN_MATCH",
                )
            loser = second if result.winner == first else first
            states.append(
                MatchState(spec, (first, second), "played", result.winner, loser, result.forfeit)
            )
            games.append((result.winner, loser))
        for state in states:  # the round's results count only once the round is paired
            if state.status == "bye":
                history.bye(state.winner)
        for winner, loser in games:
            history.game(winner, loser)
        return tuple(states)

    def _stray(self, match_id, played):
        """The error for a result that matches no paired match (`played`: the rounds so far)."""
        for states in played:
            for state in states:
                if state.id == match_id:
                    return ResultError(
                        f"match {match_id} is a bye: it is not played", "MATCH_ALREADY_PLAYED"
                    )
        head, _, _ = match_id.partition(".")
        if head[:1] == self.LETTER and head[1:].isdigit() and int(head[1:]) <= self.rounds:
            return ResultError(
                f"match {match_id} cannot be played yet: its round is not paired",
                "MATCH_NOT_READY",
            )
        return ResultError(f"there is no match {match_id!r} in this event")

    def record(self, result):
        """The event after one more match result."""
        return replace(self, results=(*self.results, result))

    def correct(self, result):
        """The event with `result` replacing the match's earlier result; CorrectionError
        while a later round (paired from it) already has results."""
        index = next((i for i, r in enumerate(self.results) if r.match == result.match), None)
        if index is None:
            raise CorrectionError(
                f"match {result.match!r} has no result to correct", "MATCH_NOT_PLAYED"
            )
        if self.cut is not None and result.match.startswith("W"):
            self.championship().check_correction(result)
        elif result.winner != self.results[index].winner:
            later = self._later_played(result.match)
            if later:
                raise CorrectionError(
                    f"match {result.match} can no longer change: {', '.join(later)} "
                    f"{'was' if len(later) == 1 else 'were'} paired from it and played",
                    locked=later,
                )
        return replace(self, results=(*self.results[:index], result, *self.results[index + 1 :]))

    def _later_played(self, match_id):
        """Played matches of rounds after `match_id`'s (the championship counts too)."""
        number = next(s.spec.round for states in self._rounds for s in states if s.id == match_id)
        later = [
            state.id
            for states in self._rounds[number:]
            for state in states
            if state.status == "played"
        ]
        if self._championship is not None:
            later += [r.match for r in self._championship.results]
        return later

    def round(self, number):
        """The MatchStates of round `number` (1 first); ResultError if not paired yet."""
        check_count(number, 1, self.rounds, "the round")
        if number > len(self._rounds):
            raise ResultError(
                f"round {number} is not paired yet: round {len(self._rounds)} is still on",
                "MATCH_NOT_READY",
            )
        return self._rounds[number - 1]

    @property
    def current_round(self):
        """The number of the last round paired so far."""
        return len(self._rounds)

    @property
    def finished_rounds(self):
        """True once every round is paired and played."""
        return len(self._rounds) == self.rounds and all(
            state.status != "ready" for state in self._rounds[-1]
        )

    def ready(self):
        """The matches of the current round still to play."""
        return [state for state in self._rounds[-1] if state.status == "ready"]

    def byes(self, team):
        """How many byes `team` has had."""
        return self._history.byes[team]

    def wins(self, team):
        """How many wins `team` has so far (a bye counts as one)."""
        return self._history.wins[team]

    def buchholz(self, team):
        """The wins of every team `team` has played so far (its Buchholz)."""
        return self._history.buchholz(team)

    def championship(self):
        """The single-elimination `Tournament` of the top `cut` teams (NotFinishedError while
        rounds remain; BracketError if the event has no cut)."""
        if self.cut is None:
            raise BracketError("this event has no championship")
        if self._championship is None:
            raise NotFinishedError(
                f"the championship starts after round {self.rounds}: "
                f"round {self.current_round} is still on"
            )
        return self._championship

    def standings(self):
        """Every team best first. Without a cut (or before it ends): the rounds' order with
        places 1..n; after the championship: its places, then the rest in the rounds' order."""
        order = ranking(self._history, self.teams)
        top = []
        if self._championship is not None and self._championship.finished:
            top = self._championship.standings()
        placed = {line.team for line in top}
        lines = list(top)
        for team in order:
            if team not in placed:
                wins, buchholz = self._history.wins[team], self._history.buchholz(team)
                how = f"{wins} {'win' if wins == 1 else 'wins'}, Buchholz {buchholz}"
                lines.append(Standing(len(lines) + 1, team, how))
        return lines
