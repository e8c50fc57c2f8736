"""Calling a table and its countdown (docs/tournaments.md "Calling tables"): when the teams
of a called match must be seated by (the call plus the event's no-show minutes: Timpson's
"a team more than 5 minutes late is eliminated"), and whether they are.

Seated is derived, never a second truth: the table said "We're seated" (`seated_at` on the
called match's row) or a hand of the match is recorded (nobody scores a hand standing up).
The clock decides nothing: once the time is up the director's phone asks, and the director
records the no-show (api/events/director.py `record_forfeit`) or not.
"""

import datetime

from ..core.times import iso
from ..store.events import EventMatch
from .derive import has_hands


def seat_by(event, called_at):
    """When the teams of a match called at `called_at` must be seated: a team is a no-show
    only after it (brackets/lateness.py). None when the event's wait is 0 (no countdown)."""
    if not event.no_show_minutes or called_at is None:
        return None
    return called_at + datetime.timedelta(minutes=event.no_show_minutes)


def seats(event_id):
    """{bracket id: (seated_at, here)} of the event's called matches whose table said
    something ("We're seated", or "We're here, they're not"); one read."""
    return {
        bid: (seated_at, here)
        for bid, seated_at, here in EventMatch.select(
            EventMatch.bracket_id, EventMatch.seated_at, EventMatch.here
        )
        .where(
            (EventMatch.event == str(event_id))
            & (EventMatch.seated_at.is_null(False) | EventMatch.here.is_null(False))
        )
        .tuples()
    }


def seat_view(event, row, said):
    """A called match's seating as the views show it: `seat_by` (ISO, or None without a
    countdown), `seated` (the table said so, or a hand is recorded) and `here` (the team id
    that said it sat down alone, else None). `said` is `seats()`'s entry for the row."""
    seated_at, here = said or (None, None)
    seated = seated_at is not None or has_hands(row)
    return {
        "seat_by": iso(seat_by(event, row.called_at)),
        "seated": seated,
        "here": None if seated else here,
    }
