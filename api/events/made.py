"""Telling who listens that a game of an event was made (a match called to a table, or a later
game of a called match): the leagues layer files a season night's games in the crew as they
are made. It sits above this one, so api/__init__.py connects it at start-up (`listen`)."""

from ..store.events import EventMatch

_LISTENERS = []  # [function of (event id, match id, game id)], set at start-up


def listen(listener):
    """Call `listener(event id, match id, game id)` in the write transaction that makes each
    game of an event (once, however often the app is made)."""
    if listener not in _LISTENERS:
        _LISTENERS.append(listener)


def game_made(match_id, game_id, event_id=None):
    """Tell the listeners, in the open write transaction, that game `game_id` of match
    `match_id` was made; without `event_id`, one small read finds the match's event (a
    casual match has none: nobody is told)."""
    if not _LISTENERS:
        return
    if event_id is None:
        called = EventMatch.select(EventMatch.event).where(EventMatch.match_id == match_id)
        row = called.first()
        if row is None:
            return
        event_id = row.event_id
    for listener in _LISTENERS:
        listener(event_id, match_id, game_id)
