"""What a party's readers see: the director's and the public view (each round's seating in
words, the tables' scores, each player's total and the standings), and a table's phone's
read (its seat this round and its game). All derived (api/parties/derive.py) on each read."""

import hashlib

from ..core.times import iso
from ..games.views import game_view
from ..store.base import cached_sql
from ..store.db import flask_db
from ..store.games import Game, game_revision_sql
from ..store.parties import PartyGame
from .derive import derive, seating_words


def _table_line(derived, seat):
    """One table of a round: who sits where, in words, and its game's score so far."""
    line = {
        "table": seat.table,
        "north": list(seat.north),
        "south": list(seat.south),
        "words": seating_words(seat),
        "totals": None,
        "hands": 0,
        "over": False,
        "game_id": None,
    }
    game = derived.game_at(seat.round, seat.table)
    if game is not None:
        state = game.state
        line.update(
            totals=state["totals"],
            hands=state.get("scored_hands", 0),
            over=derived.table_over(game),
            game_id=game.id,
        )
    return line


def said_list(names):
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy": names as said aloud."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _round_view(derived, party_round):
    out = party_round.sitting_out
    return {
        "round": party_round.number,
        "tables": [_table_line(derived, seat) for seat in party_round.tables],
        "sitting_out": list(out),
        "sitting_out_words": f"Sitting out: {said_list(out)}" if out else None,
    }


def _standings(party):
    totals = party.totals()
    return [
        {
            "place": line.place,
            "player": line.team,
            "total": totals[line.team][0],
            "tables_won": totals[line.team][1],
            "tables_played": totals[line.team][2],
            "sat_out": totals[line.team][3],
            "how": line.how,
        }
        for line in party.standings()
    ]


def party_view(derived, director=False):
    """The party as JSON: settings, players, the rounds started (seating and scores), the
    standings; `next_round` (the director's) says whether the next round can start."""
    row, party = derived.row, derived.party
    current = row.current_round
    rounds = [] if party is None else [_round_view(derived, r) for r in party.seating()[:current]]
    over = party is not None and not derived.unfinished(current)
    view = {
        "id": row.id,
        "name": row.name,
        "ruleset": row.ruleset,
        "rules": row.overrides,
        "hands_per_round": row.hands_per_round,
        "rounds": row.rounds,
        "round": current,
        "started": party is not None,
        "finished": over and current == row.rounds,
        "players": list(derived.players),
        "seating": rounds,
        "standings": [] if party is None else _standings(party),
        "created_at": iso(row.created_at),
    }
    if director:
        view["next_round"] = current + 1 if over and current < row.rounds else None
    return view


def party_etag(party, director):
    """The party read's ETag, in one small read: the party's revision (its write counter for
    players, start and rounds, plus each game's revision + 1: a hand anywhere in the party
    moves it, in the hand's own transaction) and whose view it is. Never a clock."""
    sql = cached_sql(
        "party_revision",
        lambda p: (
            f'SELECT COALESCE(SUM({game_revision_sql()} + 1), 0) FROM "partygame" AS pg '
            f'JOIN "game" AS g ON g."match_id" = pg."match_id" WHERE pg."party_id" = {p}'
        ),
    )
    (games,) = flask_db.database.execute_sql(sql, (party.id,)).fetchone()
    seen = f"{party.id}|{party.version + int(games)}|{director}"
    return hashlib.sha256(seen.encode()).hexdigest()[:32]


def read_etag(party, table):
    """A table read's ETag: the party's version (a round started, a player changed), the
    round, and the revision of the table's game (every write to its hand log moves it)."""
    row = (
        PartyGame.select(PartyGame.match_id)
        .where(
            (PartyGame.party == party.id)
            & (PartyGame.round == party.current_round)
            & (PartyGame.table == table)
        )
        .first()
    )
    revision = "-"
    if row is not None:
        game = (
            Game.select(Game.state)
            .where((Game.match_id == row.match_id) & (Game.match_game_no == 1))
            .first()
        )
        if game is not None:  # a table with no game reads as not played (derive.py)
            revision = game.state.get("revision", 0)
    return f"p{party.version}-r{party.current_round}-t{table}-g{revision}"


def table_read(party, table):
    """What a table's phone shows: the round, its seat in words, its game (full view: the
    link keeps its score) and whether the round is over there (`waiting` for the next)."""
    derived = derive(party)
    view = {
        "party": {"id": party.id, "name": party.name, "rounds": party.rounds},
        "table": table,
        "round": party.current_round,
        "started": derived.party is not None,
        "finished": False,
        "words": None,
        "teams": None,
        "game": None,
        "waiting": False,
    }
    if derived.party is None:
        return view
    seat = next(
        (s for s in derived.party.seating(party.current_round).tables if s.table == table), None
    )
    game_row = derived.game_at(party.current_round, table)
    if seat is None or game_row is None:
        return view
    game = Game.by_id(game_row.id)
    over = derived.table_over(game_row)
    view.update(
        words=seating_words(seat),
        teams=[list(seat.north), list(seat.south)],
        game=game_view(game),
        waiting=over,
        finished=over and party.current_round == party.rounds,
    )
    return view
