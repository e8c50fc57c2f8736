"""Tally 42's bracket logic: series, tournament formats, seeding, advancement, standings;
and the formats paired round by round: progressive parties, Swiss and drawn rounds.

Standard library only, and nothing else of Tally 42's: a tournament is derived from its
format, seeded teams and ordered match results (see `Tournament`).

>>> event = Tournament(Format.SINGLE, ["Ann & Bo", "Cy & Di", "Ed & Flo"])
>>> [(m.id, m.teams) for m in event.ready()]
[('W1.2', ('Cy & Di', 'Ed & Flo'))]
>>> event.match("W1.1").status, event.match("W2.1").teams
('bye', ('Ann & Bo', None))
>>> event = event.record(Result("W1.2", "Ed & Flo", forfeit=True))
>>> event = event.record(Result("W2.1", "Ed & Flo"))
>>> [(s.place, s.team) for s in event.standings()]
[(1, 'Ed & Flo'), (2, 'Ann & Bo'), (3, 'Cy & Di')]
>>> Series.best_of(("Ann & Bo", "Cy & Di"), 3, ["Cy & Di", "Cy & Di"]).winner
'Cy & Di'
"""

from .drawn import Drawn
from .errors import (
    CODES,
    BracketError,
    CorrectionError,
    NotFinishedError,
    ResultError,
    SeriesError,
    TeamsError,
)
from .lateness import TIMPSON_GRACE_MINUTES, give_away, late_teams, no_show_result
from .model import BYE, Format, MatchState, PathStep, Result, Standing
from .paired import ROUNDS_FORMATS, RoundsTournament
from .party import ProgressiveParty, TableResult
from .progressive import PartyRound, Seat, schedule
from .rounds import MAX_ROUNDS
from .series import Series, ShakeRule
from .swiss import Swiss
from .tables import TablePlan, assign_tables, forecast, seat
from .tournament import MAX_TEAMS, Tournament, seed

__all__ = [
    "BYE",
    "CODES",
    "MAX_ROUNDS",
    "MAX_TEAMS",
    "BracketError",
    "CorrectionError",
    "Drawn",
    "Format",
    "MatchState",
    "NotFinishedError",
    "PartyRound",
    "PathStep",
    "ProgressiveParty",
    "ROUNDS_FORMATS",
    "Result",
    "ResultError",
    "RoundsTournament",
    "Seat",
    "SeriesError",
    "Series",
    "ShakeRule",
    "Standing",
    "Swiss",
    "TableResult",
    "TablePlan",
    "TeamsError",
    "TIMPSON_GRACE_MINUTES",
    "Tournament",
    "assign_tables",
    "forecast",
    "give_away",
    "late_teams",
    "no_show_result",
    "schedule",
    "seat",
    "seed",
]
