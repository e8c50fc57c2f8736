"""A table's phone for the whole event (docs/tournaments.md "A table's link"): the table's
link (made at the start, or anew by the director: the old one stops), what the phone reads
(the match called to its table last, the game waiting for its signature, an open call), the
losing team's signature on a game, which closes the game to the table, "We're seated" (the
countdown's end, api/events/seating.py), and "Call the director"."""

from ..core.access import by_director
from ..core.errors import Conflict, Invalid, NotFound, field_errors
from ..core.times import iso
from ..core.tokens import hash_token, new_token
from ..games.service import locked_game
from ..live.hub import notify_match_games
from ..store.base import utcnow
from ..store.db import write_transaction
from ..store.events import EventMatch
from ..store.games import Game, Match
from ..store.tables import EventTable, GameSignoff, TableCall
from . import derive, revision
from .progress import bump, locked_event, sync
from .views import sync_and_view, table_view

# The matches of a table whose games the phone may still sign: the one called there last, and
# the one before it (its deciding game ends it, and the next match is called at once).
SIGNABLE_MATCHES = 2


def open_links(event):
    """In the start's transaction: a link for each of the event's tables that has none open;
    returns {table number as text: token}, shown this once."""
    have = {
        t
        for (t,) in EventTable.select(EventTable.table)
        .where((EventTable.event == event.id) & EventTable.ended_at.is_null())
        .tuples()
    }
    made = {}
    for table in range(1, event.table_count + 1):
        if table not in have:
            made[str(table)] = new_token()
            EventTable.create(event=event.id, table=table, token_hash=hash_token(made[str(table)]))
    return made


def _called_at(event_id, table, count):
    """The last `count` matches called to `table`, the latest first."""
    return list(
        EventMatch.select()
        .where((EventMatch.event == str(event_id)) & (EventMatch.table == table))
        .order_by(EventMatch.id.desc())
        .limit(count)
    )


def new_link(event_id, table):
    """The director's "new link" for `table` (a phone lost, stolen or dead): the table's open
    link ends (its phone is refused in the table's words, its game streams end `gone`) and a
    new one is made, shown this once. The match at the table gets a new edit token too, so an
    older release's per-match link on the lost phone stops as well."""
    token = new_token()
    with write_transaction():
        event = locked_event(event_id)
        if table > event.table_count:
            raise NotFound(f"{event.name} has no table {table}", rule_code="NOT_FOUND")
        EventTable.update(ended_at=utcnow()).where(
            (EventTable.event == event.id)
            & (EventTable.table == table)
            & EventTable.ended_at.is_null()
        ).execute()
        EventTable.create(event=event.id, table=table, token_hash=hash_token(token))
        for row in _called_at(event.id, table, 1):
            Match.update(edit_token_hash=hash_token(new_token())).where(
                Match.id == row.match_id
            ).execute()
            notify_match_games(row.match_id)  # its streams check their token again
        bump(event)
    return {"table": table, "table_token": token}


def _games(rows):
    """(match row, game row) of every game of the called matches `rows`, oldest match first."""
    by_match = {row.match_id: row for row in rows}
    games = (
        Game.select(Game.id, Game.match_id, Game.match_game_no, Game.state, Game.teams)
        .where(Game.match_id.in_(list(by_match)))
        .order_by(Game.match_game_no)
    )
    order = {row.match_id: n for n, row in enumerate(reversed(rows))}
    return sorted(
        ((by_match[g.match_id], g) for g in games),
        key=lambda pair: (order[pair[0].match_id], pair[1].match_game_no or 0),
    )


def _sign_words(match_row, game, names):
    """The game a table's phone asks the losing team to sign: who won it, and by how much."""
    state = game.state
    winner = state["winner"]
    return {
        "game_id": game.id,
        "game_no": game.match_game_no,
        "match": match_row.bracket_id,
        "teams": names,
        "winner": winner,
        "signer": 1 - winner,
        "totals": state["totals"],
    }


def read_etag(event_id, table):
    """The table read's ETag: the event's public fingerprint (any write to the event or a
    hand anywhere in it moves it: a call, a signature, a new link, a match called) and the
    table. A phone polling with If-None-Match costs one small read while nothing changes."""
    return f"{revision.fingerprint(str(event_id))}-{table}"


def table_read(event_id, table):
    """What a table's phone shows: the match called to its table last (`match`, as the table
    view of that match), `waiting` once that match is decided and the next is not called yet,
    each of its games' signature (`signed`), the oldest game over and unsigned of this match
    or the one before (`to_sign`), and the table's open call of the director (`call`)."""
    derived, _tokens = sync(event_id)  # catch up on calls (the table keeps its own link)
    event = derived.event
    call = (
        TableCall.select(TableCall.at)
        .where(
            (TableCall.event == event.id)
            & (TableCall.table == table)
            & TableCall.answered_at.is_null()
        )
        .first()
    )
    view = {
        "event": {"id": event.id, "name": event.name, "finished": False},
        "table": table,
        "started": derived.tournament is not None,
        "match": None,
        "waiting": True,
        "signed": {},
        "to_sign": None,
        "call": None if call is None else {"at": iso(call.at)},
        "now": iso(utcnow()),  # the server's clock: the phone counts down from its own
    }
    if derived.tournament is None:
        return view
    view["event"]["finished"] = derived.tournament.finished
    rows = _called_at(event.id, table, SIGNABLE_MATCHES)
    if not rows:
        return view
    current = rows[0]
    match = Match.get_by_id(current.match_id)
    view["match"] = table_view(event.id, current.bracket_id, match, derived)
    view["waiting"] = current.bracket_id in derived.how
    games = _games(rows)
    signed = {
        s.game_id: s
        for s in GameSignoff.select().where(GameSignoff.game.in_([g.id for _r, g in games]))
    }
    view["signed"] = {
        g.id: {"side": signed[g.id].side, "at": iso(signed[g.id].at)}
        for row, g in games
        if g.id in signed and row is current
    }
    for row, game in games:
        if game.state["game_over"] and game.id not in signed and game.state["winner"] is not None:
            names = [derived.teams[t].name for t in row.teams]
            view["to_sign"] = _sign_words(row, game, names)
            break
    return view


def sign(event_id, table, game_id):
    """The losing team confirms game `game_id`'s result at `table` (one of the games of the
    last two matches called there). Signed once: a second tap answers as the first. 404 for
    a game not played at this table; 409 GAME_NOT_OVER before it ends. Returns the table's
    read."""
    with write_transaction():
        event = locked_event(event_id)
        matches = [row.match_id for row in _called_at(event.id, table, SIGNABLE_MATCHES)]
        found = Game.get_or_none((Game.id == str(game_id)) & Game.match_id.in_(matches or [""]))
        if found is None:
            raise NotFound(
                f"that game was not played at table {table} lately", rule_code="NOT_FOUND"
            )
        game = locked_game(found.id)
        if not game.state["game_over"] or game.state["winner"] is None:
            raise Conflict(
                f"game {game.match_game_no} is not over yet: sign it when it ends",
                rule_code="GAME_NOT_OVER",
            )
        if not GameSignoff.select().where(GameSignoff.game == game.id).exists():
            GameSignoff.create(
                game=game.id,
                side=1 - game.state["winner"],
                revision=game.state.get("revision", 0),
            )
            bump(event)
    return table_read(event_id, table)


def refuse_signed(game):
    """409 GAME_SIGNED when `game` was signed at its table and the request is not the
    director's: a signed result is closed to the table (Bridgemate: after the other side
    confirms, only the director changes it). Called under the game's lock by every table
    write to its hand log."""
    if game.match_id is None:
        return
    row = GameSignoff.get_or_none(GameSignoff.game == game.id)
    if row is None or by_director(game.match_id):
        return
    teams = game.teams or []
    name = teams[row.side].get("name") if row.side < len(teams) else None
    raise Conflict(
        f"game {game.match_game_no} was signed by {name or 'the other team'}: only the "
        "director can change it now. Call the director",
        rule_code="GAME_SIGNED",
    )


def seated(event_id, table, here=None):
    """The table's "We're seated" for the match called to it last (`here` None: both teams
    sat down; the countdown stops), or "We're here, they're not" (`here`: the team id that
    sat down alone; the other is named to the director when the time is up). Only forward:
    a retry, or a tap once seated or once a hand is recorded, changes nothing; the other team
    saying it is here too makes the table seated. 409 with no match at the table or once it
    is decided; 422 for a team not playing there. Returns the table's read."""
    with write_transaction():
        event = locked_event(event_id)
        rows = _called_at(event.id, table, 1)
        if not rows:
            raise Conflict(
                f"no match has been called to table {table} yet: sit down once it is",
                rule_code="NO_MATCH_AT_TABLE",
            )
        row = rows[0]
        derived = derive.derive(event)
        if row.bracket_id in derived.how:
            raise Conflict(
                f"match {row.bracket_id} at table {table} is over: nobody needs to sit down for it",
                rule_code="MATCH_ALREADY_PLAYED",
            )
        if here is not None and here not in row.teams:
            words = f"{derive.team_name(derived, here)} is not playing at table {table} now"
            raise Invalid(words, rule_code="NOT_IN_MATCH", errors=field_errors("here", words))
        called = derived.called.get(row.bracket_id)
        if row.seated_at is None and not (called and derive.has_hands(called)):
            if here is None or row.here not in (None, here):
                EventMatch.update(seated_at=utcnow()).where(EventMatch.id == row.id).execute()
                bump(event)
            elif row.here is None:
                EventMatch.update(here=here).where(EventMatch.id == row.id).execute()
                bump(event)
    return table_read(event_id, table)


def call_director(event_id, table):
    """The table calls the director (again: the first call stands until answered); returns
    the table's read."""
    with write_transaction():
        event = locked_event(event_id)
        open_call = TableCall.select().where(
            (TableCall.event == event.id)
            & (TableCall.table == table)
            & TableCall.answered_at.is_null()
        )
        if not open_call.exists():
            TableCall.create(event=event.id, table=table)
            bump(event)
    return table_read(event_id, table)


def answer_call(event_id, table):
    """The director answers the table's call (nothing to answer: nothing changes); returns
    the director view."""
    with write_transaction():
        event = locked_event(event_id)
        if table > event.table_count:
            raise NotFound(f"{event.name} has no table {table}", rule_code="NOT_FOUND")
        answered = (
            TableCall.update(answered_at=utcnow())
            .where(
                (TableCall.event == event.id)
                & (TableCall.table == table)
                & TableCall.answered_at.is_null()
            )
            .execute()
        )
        if answered:
            bump(event)
    return sync_and_view(event_id, director=True)
