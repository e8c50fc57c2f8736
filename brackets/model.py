"""Small value types shared by the bracket modules: formats, results, matches, standings."""

import enum
from dataclasses import dataclass

from .layout import MatchSpec


class _Bye:
    """The empty side of a match: the other team goes through without playing."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self):
        return "BYE"


BYE = _Bye()


class Format(enum.Enum):
    """The tournament formats a director can pick."""

    SINGLE = "single-elimination"
    DOUBLE = "double-elimination"
    ROUND_ROBIN = "round-robin"
    ROUND_ROBIN_PLAYOFF = "round-robin-playoff"


@dataclass(frozen=True)
class Result:
    """A decided match: its id, the winning team, and whether it was a forfeit or no-show."""

    match: str
    winner: str
    forfeit: bool = False


@dataclass(frozen=True)
class MatchState:
    """A match as the results so far make it.

    `teams` holds team ids, BYE, or None while a side is not known yet. `status` is
    "waiting" (a side unknown), "ready" (callable), "played", "bye" (one side empty, decided
    without play) or "void" (the true final's second game when it is not needed).
    """

    spec: MatchSpec
    teams: tuple
    status: str
    winner: object = None
    loser: object = None
    forfeit: bool = False

    @property
    def id(self):
        """The match id, e.g. "W1.2"."""
        return self.spec.id


@dataclass(frozen=True)
class Standing:
    """One line of the final standings: `place` is shared by teams out at the same stage."""

    place: int
    team: str
    how: str


@dataclass(frozen=True)
class PathStep:
    """One match on a team's way through the event: opponent (or BYE), won or lost."""

    match: str
    opponent: object
    won: bool
    forfeit: bool = False
