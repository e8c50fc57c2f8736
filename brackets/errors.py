"""BracketError and its subclasses: every refusal made by `brackets` carries a stable code.

Messages are said the way a tournament director would say them; programs use `code`.
Codes never change once published.
"""

CODES = {
    "BAD_TEAMS": "a team list that is too short, too long, has blanks or repeats a team",
    "BAD_FORMAT": "an unknown format, or settings the format cannot take",
    "BAD_SERIES": "a series length or game winner that does not fit the series",
    "SERIES_DECIDED": "a game recorded after the series is already decided",
    "UNKNOWN_MATCH": "a result for a match the bracket does not have",
    "MATCH_NOT_READY": "a result for a match whose two teams are not known yet",
    "NOT_IN_MATCH": "a winner who is not one of the match's two teams",
    "MATCH_ALREADY_PLAYED": "a second result for a match (a correction is the way to change it)",
    "MATCH_NOT_PLAYED": "a correction of a match that has no result yet",
    "RESULT_LOCKED": "a correction that would change teams of a later match already played",
    "BAD_TABLES": "a table count that is not a whole number of at least one",
    "NOT_FINISHED": "standings asked for before the event is over",
    "NOT_LATE": "a no-show called before the team is more than the grace time late",
    "BAD_TIME": "a time that is not a date and time, comes out of order, or a bad grace time",
}


class BracketError(ValueError):
    """Base of every error `brackets` raises: `code` is stable, `message` reads at the table."""

    default_code = "BAD_FORMAT"

    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = code or self.default_code
        self.message = message

    def __repr__(self):
        return f"{type(self).__name__}({self.message!r}, code={self.code!r})"


class TeamsError(BracketError):
    """A bad team list (BAD_TEAMS)."""

    default_code = "BAD_TEAMS"


class SeriesError(BracketError):
    """A series that cannot be, or a game after it is decided (BAD_SERIES, SERIES_DECIDED)."""

    default_code = "BAD_SERIES"


class ResultError(BracketError):
    """A match result the bracket cannot take (UNKNOWN_MATCH, MATCH_NOT_READY, ...)."""

    default_code = "UNKNOWN_MATCH"


class CorrectionError(ResultError):
    """A correction that cannot be made (MATCH_NOT_PLAYED, RESULT_LOCKED).

    `locked` names the later matches already played that the correction would change.
    """

    default_code = "RESULT_LOCKED"

    def __init__(self, message, code=None, locked=()):
        super().__init__(message, code)
        self.locked = tuple(locked)


class NotFinishedError(BracketError):
    """Standings asked for while matches are still to play (NOT_FINISHED)."""

    default_code = "NOT_FINISHED"
