"""Late teams: the no-show forfeit of a called match, and the teams missing at check-in.

The Timpson flyer: "a team more than 5 minutes late is eliminated" (docs/rules.md, rule 28).
A match is called at a time; if one team is still not at its table more than the grace
minutes later, the director records the match as a forfeit to the team that is there. Its
result is an ordinary `Result` with `forfeit=True`, so the bracket pushes the winner on and
the late team goes out (or, in double elimination, down) as after any lost match.

A team that was late is out of the event: in single elimination losing that match does it;
in double elimination and round robin it also gives away every later match it would play
(`give_away`), so it is never called to a table again.

Before the start, "teams not checked in by a time the director sets can be dropped" (issue
13): `late_teams` lists them, so the director can enter the event without them.

Times are `datetime` values, all with a time zone or all without; grace is in minutes.
"""

from dataclasses import replace
from datetime import datetime, timedelta

from .errors import BracketError, ResultError
from .model import BYE, Result

TIMPSON_GRACE_MINUTES = 5


def _minutes(grace_minutes):
    if (
        isinstance(grace_minutes, bool)
        or not isinstance(grace_minutes, int | float)
        or not 0 <= grace_minutes <= 24 * 60
    ):
        raise BracketError(
            f"the grace time is 0 to 1440 minutes, not {grace_minutes!r}", "BAD_TIME"
        )
    return timedelta(minutes=grace_minutes)


def _time(value, what):
    if not isinstance(value, datetime):
        raise BracketError(f"the {what} must be a date and time, not {value!r}", "BAD_TIME")
    return value


def _clock(moment):
    return moment.strftime("%H:%M:%S").removesuffix(":00")


def no_show_result(match, absent, called_at, checked_at, grace_minutes=TIMPSON_GRACE_MINUTES):
    """The forfeit `Result` of `match` (a MatchState) when `absent` is not there in time.

    `absent` is one of the match's two teams; `called_at` is when the match was called to
    its table, `checked_at` when the director looked. The team is out only when it is MORE
    than `grace_minutes` late: at exactly 5 minutes past the call it is still in time, so
    that is refused (code NOT_LATE), and so is a check before the call (BAD_TIME).
    """
    called_at = _time(called_at, "time the match was called")
    checked_at = _time(checked_at, "time of the check")
    grace = _minutes(grace_minutes)
    if match.status != "ready":
        raise ResultError(
            f"match {match.id} is not waiting to be played, so nobody can be late for it",
            "MATCH_NOT_READY",
        )
    if absent not in match.teams or absent is BYE:
        raise ResultError(
            f"{absent!r} is not playing in match {match.id} "
            f"({match.teams[0]!r} against {match.teams[1]!r})",
            "NOT_IN_MATCH",
        )
    try:
        late = checked_at - called_at
    except TypeError:
        raise BracketError(
            "the call and the check need the same kind of time (both with a time zone, "
            "or both without)",
            "BAD_TIME",
        ) from None
    if late < timedelta(0):
        raise BracketError(
            f"the check at {_clock(checked_at)} comes before the match was called at "
            f"{_clock(called_at)}",
            "BAD_TIME",
        )
    if late <= grace:
        raise BracketError(
            f"{absent} can still come: the match was called at {_clock(called_at)}, and a "
            f"team is out only when more than {grace_minutes:g} minutes late (after "
            f"{_clock(called_at + grace)})",
            "NOT_LATE",
        )
    present = match.teams[1] if match.teams[0] == absent else match.teams[0]
    return Result(match.id, present, forfeit=True)


def late_teams(teams, checked_in, deadline, now):
    """The teams (in listed order) not checked in by `deadline`, once `now` is past it.

    `checked_in` maps a team to when it checked in (teams missing from it have not). A team
    that checked in after the deadline is late too; the director decides whether to drop
    it. Before the deadline nobody is late yet: the list is empty.
    """
    deadline = _time(deadline, "check-in deadline")
    now = _time(now, "time now")
    try:
        if now <= deadline:
            return []
        late = []
        for team in teams:
            at = checked_in.get(team)
            if at is None or _time(at, f"check-in time of {team}") > deadline:
                late.append(team)
    except TypeError:
        raise BracketError(
            "the check-in times and the deadline need the same kind of time (all with a "
            "time zone, or all without)",
            "BAD_TIME",
        ) from None
    return late


def _goes_on(teams, out):
    """Who wins a match given away: the team that is not out; if both are out, the first
    listed goes on (to give its next match away in turn)."""
    first, second = teams
    return second if first in out and second not in out else first


def give_away(tournament, out, outcome=None):
    """(the tournament, the ids of the matches given away) once every callable match where a
    team in `out` plays is given away, wave after wave (a match given away may make the next
    one callable), each as a forfeit to the team that is not out.

    `out` holds the teams that are out for being late (their no-show recorded). `outcome`,
    when given, is asked first for each callable match (a MatchState) and returns its
    `Result`, or None when the match has none yet: a match already played keeps its result,
    even where a team now out played it (a round robin's earlier rounds).
    """
    out = frozenset(out)
    given = []
    while True:
        wave = []
        for match in tournament.ready():
            result = outcome(match) if outcome is not None else None
            if result is None and out.intersection(match.teams):
                result = Result(match.id, _goes_on(match.teams, out), forfeit=True)
                given.append(match.id)
            if result is not None:
                wave.append(result)
        if not wave:
            return tournament, tuple(given)
        # the wave's matches were all callable at once: one replay records them all
        tournament = replace(tournament, results=(*tournament.results, *wave))
