"""The round clock as the screens show it (docs/tournaments.md "The round clock"): each game
under way at a table, its deadline (the event's time limit from the game's start: game 1 when
its match is called to the table, a later game when the table starts it) and its call of time.
The screens count down to the deadline themselves; the server never ends a game by the clock:
the director calls time (docs/rules.md 36)."""

import datetime

from ..core.times import iso
from ..store.games import Game


def _under_way(derived):
    """(table, game id, game no, state) of each undecided called match's last game that is
    not over, by table."""
    found = []
    for bid, row in derived.called.items():
        if bid in derived.how or not row.games:
            continue
        no, game_id, _dealer, state = row.games[-1]
        if not state["game_over"]:
            found.append((row.table, game_id, no, state))
    return sorted(found)


def clocks(derived):
    """[{table, game_id, game_no, deadline, time}] of the games under way: `deadline` (ISO,
    null without a time limit) and `time`, the call of time with its phase (null before)."""
    games = _under_way(derived)
    limit = derived.event.time_limit_minutes
    started = {}
    if limit and games:
        rows = Game.select(Game.id, Game.created_at).where(Game.id.in_([g[1] for g in games]))
        started = {game.id: game.created_at for game in rows}
    return [
        {
            "table": table,
            "game_id": game_id,
            "game_no": no,
            "deadline": iso(started[game_id] + datetime.timedelta(minutes=limit))
            if game_id in started
            else None,
            "time": state.get("time"),
        }
        for table, game_id, no, state in games
    ]


def table_clock(derived, table):
    """The clock of the game under way at `table` (as in `clocks`), or None."""
    return next((c for c in clocks(derived) if c["table"] == table), None)
