"""A team's entry after it was made: its names changed at any time (every view that
copied them, the table's match and its games, follows), and a check-in or a drop taken back
before the start. Each locks the event row first, as every director write does."""

from ..live.hub import notify
from ..store.base import utcnow
from ..store.db import write_transaction
from ..store.events import Event, EventMatch
from ..store.games import Game, Match
from .derive import teams_of
from .director import _check_new_names, _check_room, _not_started, _team, check_short_names
from .progress import bump, locked_event
from .views import event_view


def _follow(event, team):
    """Write the team's new names into the matches it was called to and their games (each
    kept a copy when it was called, for the table's phone and the share pages)."""
    for called in EventMatch.select().where(EventMatch.event == event.id):
        if team.id not in called.teams:
            continue
        side = called.teams.index(team.id)
        match = Match.get_or_none(Match.id == called.match_id)
        if match is None:
            continue
        names = [dict(t) for t in match.teams]
        names[side] = {**names[side], "name": team.name, "players": team.players}
        match.teams = names
        match.save()
        games = Game.select(Game.id).where(Game.match_id == match.id)
        ids = [game.id for game in games]
        Game.update(teams=names, updated_at=utcnow()).where(Game.id.in_(ids)).execute()
        for game_id in ids:
            notify(game_id)  # their streams send the new names


def edit_team(event_id, team_id, data):
    """Rename a team, set or clear its short name, or change its players, at any time (a
    misspelt name is fixed after the start too: the board, the tables and the share pages
    follow); returns the director view.
    409 TEAM_NAME_TAKEN for a name another team has, SHORT_NAME_TAKEN for a short name
    another team goes by (checked on the new names: a rename onto another team's short name
    is refused too)."""
    with write_transaction():
        event = locked_event(event_id)
        team = _team(event, team_id)
        if "name" in data:
            others = [t.name for t in teams_of(event.id) if t.id != team.id]
            _check_new_names(event, [data["name"]], others)
            team.name = data["name"]
        if "short_name" in data:
            team.short_name = data["short_name"]
        others = [(t.name, t.short_name) for t in teams_of(event.id) if t.id != team.id]
        check_short_names(event, [(team.name, team.short_name)], others)
        if "players" in data:
            team.players = data["players"]
        team.save()
        if event.started_at is not None:
            _follow(event, team)
        bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def undo_check_in(event_id, team_id):
    """Take a check-in back before the start (tapped on the wrong team): the team is not
    here again. Nothing to take back is no change. Returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if team.checked_in_at is not None:
            team.checked_in_at = None
            team.save()
            bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def undo_drop(event_id, team_id):
    """Take a drop back before the start (the team turned up after all): it is in again, not
    checked in (409 EVENT_FULL if the event has no room left for it). Nothing to take back
    is no change. Returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if team.dropped_at is not None:
            _check_room(event, teams_of(event.id), team.name)
            team.dropped_at = None
            team.save()
            bump(event)
    return event_view(Event.get_by_id(event.id), director=True)
