"""Deleting an event by its director (an event made by a stray Enter, or one that is
over and done): the event, its teams, calls and records, and the matches its tables played
with their games and hands. Every link of it (director, public, board, tables, the games'
share pages) then finds nothing. A party's and a season's deletes drop their matches the
same way (drop_matches)."""

from ..live.hub import notify_event, notify_match_games
from ..store.crews import CrewGame, move_crews
from ..store.db import write_transaction
from ..store.events import EventMatch, EventRecord, Team
from ..store.games import Game, Hand, IdempotencyKey, Match
from .progress import locked_event


def drop_matches(match_ids):
    """Delete the matches `match_ids` with their games and hands, in the open transaction:
    their game streams end (their token is gone) and the crews that filed a game of them move
    on (a crew's statistics no longer count it). Returns how many games went."""
    game_ids = [g.id for g in Game.select(Game.id).where(Game.match_id.in_(match_ids))]
    for match_id in match_ids:
        notify_match_games(match_id)
    move_crews(game_ids)
    for model in (Hand, IdempotencyKey, CrewGame):
        model.delete().where(model.game.in_(game_ids)).execute()
    Game.delete().where(Game.id.in_(game_ids)).execute()
    Match.delete().where(Match.id.in_(match_ids)).execute()
    return len(game_ids)


def delete_event(event_id):
    """Delete the event and everything of it, in one transaction (or in the write that is
    open: a season's delete); returns what went, in counts ({"teams", "matches", "games"}),
    for the director's phone to say."""
    with write_transaction():
        event = locked_event(event_id)
        match_ids = [
            row.match_id for row in EventMatch.select().where(EventMatch.event == event.id)
        ]
        notify_event(event.id)  # the board's, share page's and phone's streams end
        teams = Team.select().where(Team.event == event.id).count()
        games = drop_matches(match_ids)
        for model in (EventRecord, EventMatch, Team):
            model.delete().where(model.event == event.id).execute()
        event.delete_instance()
    return {"deleted": str(event_id), "teams": teams, "matches": len(match_ids), "games": games}
