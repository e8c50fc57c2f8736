"""A match played as a series of games: first to N wins, stopping once decided.

Best of 3 is first to 2, best of 5 first to 3 (the Timpson flyer's first round); a series
never plays a game once one team has its N wins (Tennessee: no third game after 2-0). Who
shakes first in the next game follows the director's rule: rotate, the loser of the last
game, or drawn at the table (from a `random.Random` passed in, so tests can repeat it).
"""

import enum
import random
from dataclasses import dataclass

from .errors import SeriesError


class ShakeRule(enum.Enum):
    """Who shakes (shuffles) first in the next game of a series."""

    ROTATE = "rotate"
    LOSER = "loser"
    DRAW = "draw"


@dataclass(frozen=True)
class Series:
    """Two teams playing games until one has `first_to` wins; `games` are the game winners.

    `teams` is (first shaker of game 1, the other team). Built with `Series.best_of(...)`
    or directly; `record(winner)` returns a new Series and refuses a game once decided.
    """

    teams: tuple[str, str]
    first_to: int = 2
    games: tuple[str, ...] = ()

    def __post_init__(self):
        if (
            isinstance(self.first_to, bool)
            or not isinstance(self.first_to, int)
            or not (1 <= self.first_to <= 10)
        ):
            raise SeriesError(f"a series is first to 1 to 10 wins, not {self.first_to!r}")
        if len(self.teams) != 2 or self.teams[0] == self.teams[1]:
            raise SeriesError(f"a series is between two different teams, not {self.teams!r}")
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "teams", tuple(self.teams))
        wins = dict.fromkeys(self.teams, 0)
        for winner in self.games:
            if winner not in wins:
                raise SeriesError(
                    f"{winner!r} is not playing in this match ({self.teams[0]!r} "
                    f"against {self.teams[1]!r})"
                )
            if max(wins.values()) >= self.first_to:
                raise SeriesError(
                    f"the match was over after {sum(wins.values())} games: no "
                    "more games are played",
                    "SERIES_DECIDED",
                )
            wins[winner] += 1

    @classmethod
    def best_of(cls, teams, games_in_series, games=()):
        """A best-of-`games_in_series` series (an odd number: best of 3 is first to 2)."""
        if (
            isinstance(games_in_series, bool)
            or not isinstance(games_in_series, int)
            or (games_in_series < 1 or games_in_series % 2 == 0)
        ):
            raise SeriesError(f"best of {games_in_series!r}: a series is best of an odd number")
        return cls(tuple(teams), games_in_series // 2 + 1, tuple(games))

    def wins(self, team):
        """How many games `team` has won in this series."""
        return sum(1 for winner in self.games if winner == team)

    @property
    def score(self):
        """The games won by each team, in the order of `teams`."""
        return (self.wins(self.teams[0]), self.wins(self.teams[1]))

    @property
    def winner(self):
        """The team with `first_to` wins, or None while the series goes on."""
        for team in self.teams:
            if self.wins(team) >= self.first_to:
                return team
        return None

    @property
    def decided(self):
        """True once a team has its `first_to` wins: no more games are played."""
        return self.winner is not None

    def record(self, winner):
        """The series after one more game won by `winner`; refuses it once decided."""
        return Series(self.teams, self.first_to, (*self.games, winner))

    def next_shaker(self, rule, rng=None):
        """The team that shakes first in the next game, by `rule`; None once decided.

        ROTATE alternates from `teams[0]`, LOSER gives it to the last game's loser (the
        first game goes to `teams[0]`), DRAW picks with `rng.choice` (a `random.Random`).
        """
        if self.decided:
            return None
        rule = ShakeRule(rule)
        if rule is ShakeRule.DRAW:
            return (rng or random.Random()).choice(self.teams)
        if rule is ShakeRule.ROTATE or not self.games:
            return self.teams[len(self.games) % 2]
        last = self.games[-1]
        return self.teams[1] if last == self.teams[0] else self.teams[0]

    def __repr__(self):
        return f"Series({self.teams!r}, first_to={self.first_to!r}, games={self.games!r})"
