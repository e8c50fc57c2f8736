"""Tally 42's bracket logic: series, tournament formats, seeding, advancement, standings.

Standard library only, and nothing else of Tally 42's: a tournament is derived from its
format, seeded teams and ordered match results (see `Tournament`).
"""

from .errors import (
    CODES,
    BracketError,
    CorrectionError,
    NotFinishedError,
    ResultError,
    SeriesError,
    TeamsError,
)
from .model import BYE, Format, MatchState, PathStep, Result, Standing
from .series import Series, ShakeRule
from .tables import TablePlan, assign_tables
from .tournament import MAX_TEAMS, Tournament, seed

__all__ = [
    "BYE", "CODES", "MAX_TEAMS", "BracketError", "CorrectionError", "Format", "MatchState",
    "NotFinishedError", "PathStep", "Result", "ResultError", "SeriesError", "Series",
    "ShakeRule", "Standing", "TablePlan", "TeamsError", "Tournament", "assign_tables", "seed",
]
