"""The director calls time (docs/rules.md 36-38, docs/tournaments.md "The round clock"): at
one table or at every table at once. The call is recorded on the game under way as a place in
its hand log (how many hands were recorded, and whether one was in play) with the time; the
game's state is derived again from its log and the call, so a game with no hand in play and
a side ahead ends at once, and the bracket moves on as after any deciding hand."""

from ..core.errors import Conflict, NotFound
from ..core.times import iso
from ..events import derive, settlement
from ..events.progress import locked_event
from ..events.views import sync_and_view
from ..games.service import locked_game
from ..live.hub import changed, notify_statement
from ..store.base import run, utcnow
from ..store.crews import crew_moved
from ..store.db import write_transaction
from ..store.games import Game
from .hand_log import restate


def _games_under_way(derived):
    """{table: (Called row, id of its game under way)} for each undecided called match whose
    last game is not over (a game between games has nothing for time to stop)."""
    found = {}
    for bid, row in derived.called.items():
        if bid in derived.how or not row.games:
            continue
        _no, game_id, _dealer, state = row.games[-1]
        if not state["game_over"]:
            found[row.table] = (row, game_id)
    return found


def _refuse(event, table, under_way, derived):
    """404 for a table the event does not have; 409 EVENT_NOT_STARTED, NO_GAME_UNDER_WAY or
    TIME_ALREADY_CALLED when there is nothing at `table` for time to stop."""
    if table > event.table_count:
        raise NotFound(f"{event.name} has no table {table}", rule_code="NOT_FOUND")
    if derived.tournament is None:
        raise Conflict(f"{event.name} has not started yet", rule_code="EVENT_NOT_STARTED")
    if table not in under_way:
        raise Conflict(
            f"table {table} has no game under way: there is nothing for time to stop",
            rule_code="NO_GAME_UNDER_WAY",
        )


def call_time(event_id, table=None, in_play=True):
    """Call time at `table` (None: at every table with a game under way where time is not
    called yet); `in_play` says a hand was being played (the usual case), so it is finished
    first. Returns the director view. Refused (nothing stored): a table the event lacks,
    no game under way there, time already called there (409 TIME_ALREADY_CALLED), or, for
    every table, none left to call (409 NO_GAME_UNDER_WAY)."""
    ended = []
    with write_transaction():
        event = locked_event(event_id)
        derived = derive.derive(event)
        under_way = _games_under_way(derived)
        if table is not None:
            _refuse(event, table, under_way, derived)
        tables = [table] if table is not None else sorted(under_way)
        games = [locked_game(under_way[t][1]) for t in tables]
        if table is not None and games[0].time_called is not None:
            hands = games[0].time_called["hands"]
            raise Conflict(
                f"time was already called at table {table}, "
                + (f"after hand {hands}" if hands else "before the first hand"),
                rule_code="TIME_ALREADY_CALLED",
            )
        games = [game for game in games if game.time_called is None]
        if not games:
            raise Conflict(
                "no table has a game under way that time is not called on yet",
                rule_code="NO_GAME_UNDER_WAY",
            )
        at = iso(utcnow())
        writes = []
        for game in games:
            hands = game.state["next_hand_no"] - 1
            game.time_called = {"hands": hands, "in_play": in_play, "at": at}
            Game.update(time_called=game.time_called).where(Game.id == game.id).execute()
            state, cache = restate(game)
            # the call changes the game's end: its crew's statistics read it (their revision)
            writes += [cache, crew_moved(game.id), *notify_statement(game.id)]
            if state["game_over"]:
                ended.append(game.match_id)
        run(writes)
    for game in games:
        changed(game.id)
    for match_id in ended:  # the game ended at the call: the bracket moves on now
        settlement.call_after_game(match_id)
    return sync_and_view(event_id, director=True)
