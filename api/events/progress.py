"""Calling matches to tables: the free tables, the matches a table takes, stale calls dropped,
and `sync`, which makes the calls a read or a write finds due (api/events/derive.py)."""

import dataclasses
import uuid

from brackets import seat

from ..core.errors import NotFound
from ..core.tokens import hash_token, new_token
from ..games.matches import insert_game
from ..games.series import series_of
from ..live.hub import notify_event, notify_match_games
from ..store.crews import move_crews
from ..store.db import locked_row, write_transaction
from ..store.events import Event, EventMatch
from ..store.games import Game, Match
from . import derive, revision
from .derive import Called, event_ruleset, has_hands
from .made import game_made


def locked_event(event_id):
    """The event row, locked for the rest of the write transaction (SQLite: BEGIN IMMEDIATE
    already holds the write lock)."""
    event = locked_row(Event, event_id)
    if event is None:
        raise NotFound("there is no such event", rule_code="NOT_FOUND")
    return event


def bump(event, by=1):
    """Count one more write to the event (the public view's ETag and its live revision
    move) and announce it to the live streams (api/events/live.py)."""
    Event.update(version=Event.version + by).where(Event.id == event.id).execute()
    notify_event(event.id)


def at_tables(derived):
    """The called matches whose players sit at their tables: each called match not yet
    decided, and each held (stale: its teams no longer fit, after a hand edit or undo
    upstream) that is under way: its players are still at it, scoring it."""
    playing = [row for bid, row in derived.called.items() if bid not in derived.how]
    return playing + [row for row in derived.stale if _still_played(derived, row)]


def free_tables(derived):
    """The tables not held by a match being played (`at_tables`), lowest first."""
    busy = {row.table for row in at_tables(derived)}
    return [t for t in range(1, derived.event.table_count + 1) if t not in busy]


def busy_teams(derived):
    """The teams (ids as text, as the bracket names them) at a table now (`at_tables`)."""
    return {str(team) for row in at_tables(derived) for team in row.teams}


def _still_played(derived, row):
    """True if a held (stale) called match is under way: a hand played, and its own games
    not yet deciding its series."""
    if not has_hands(row):
        return False
    proxy = Match(first_dealer=row.first_dealer, first_to=row.first_to)
    sides = event_ruleset(derived.event).sides
    return not series_of(proxy, sides, row.games)[0].decided


def to_call(derived):
    """(bracket id, table) for each callable match with no row yet that a free table takes:
    one table per team, the longest-waiting match whose teams are both free first
    (brackets/tables.py `seat`; docs/tournaments.md "Calling matches without a director")."""
    if derived.tournament is None:
        return []
    held = {row.bracket_id for row in derived.stale}  # settled by the director, not called
    waiting = [
        (m.id, m.teams)
        for m in derived.tournament.ready()
        if m.id not in derived.called and m.id not in held
    ]
    return seat(waiting, busy_teams(derived), free_tables(derived))


def call_match(derived, bracket_id, table):
    """Create the api Match (and its first game) for a callable match at `table`; returns
    (the table token (its edit token), which only this request sees; the Called row as
    `called_rows` would read it back)."""
    event = derived.event
    match = derived.tournament.match(bracket_id)
    teams = [derived.teams[int(t)] for t in match.teams]
    token = new_token()
    row = Match.create(
        id=str(uuid.uuid4()),
        ruleset=event.ruleset,
        overrides=event.overrides or {},
        teams=[{"name": t.name, "players": t.players} for t in teams],
        first_dealer=0,
        first_to=derived.tournament.series(bracket_id).first_to,
        shake_rule=event.shake_rule,
        edit_token_hash=hash_token(token),
    )
    game = insert_game(row, 1, 0, event_ruleset(event))
    called = EventMatch.create(
        event=event.id,
        bracket_id=bracket_id,
        match_id=row.id,
        teams=[t.id for t in teams],
        table=table,
    )
    game_made(row.id, game.id, event.id)  # a season's night files it in the crew
    return token, Called(
        bracket_id,
        row.id,
        list(called.teams),
        table,
        called.called_at,
        row.first_dealer,
        row.first_to,
        [(1, game.id, game.first_dealer, game.state)],
    )


def _with_calls(derived, made):
    """`derived` with the Called rows this transaction just made (`made`) added: a call
    changes no result (its first game has no hand), so the bracket stays as derived, and
    only the called matches, their empty series and the rows read grow."""
    sides = event_ruleset(derived.event).sides
    called, series, rows = dict(derived.called), dict(derived.series), dict(derived.rows)
    for row in made:
        proxy = Match(first_dealer=row.first_dealer, first_to=row.first_to)
        series[row.bracket_id] = series_of(proxy, sides, row.games)[0]
        called[row.bracket_id] = rows[row.bracket_id] = row
    return dataclasses.replace(derived, called=called, series=series, rows=rows)


def projection(derived):
    """`derived` as the next calling write would leave it, without writing: the stale called
    matches with no hand played are left out (that write drops them), and {bracket id: table}
    of the matches it would call now (`to_call`, the same rule, so the rows made later sit at
    the same tables). A public read shows this and never writes."""
    stale = [row for row in derived.stale if has_hands(row)]
    if len(stale) != len(derived.stale):
        derived = dataclasses.replace(derived, stale=stale)
    return derived, dict(to_call(derived))


def drop_stale(derived):
    """Delete called matches whose teams a correction changed before any hand was played;
    returns `derived` without them (a stale row with no hand decides nothing, so the bracket
    stays as derived) and how many it dropped."""
    dropped = [row for row in derived.stale if not has_hands(row)]
    for row in dropped:
        notify_match_games(row.match_id)  # their streams end (`gone`): sent on commit
        move_crews(g.id for g in Game.select(Game.id).where(Game.match_id == row.match_id))
        Game.delete().where(Game.match_id == row.match_id).execute()
        Match.delete().where(Match.id == row.match_id).execute()
        EventMatch.delete().where(EventMatch.match_id == row.match_id).execute()
    # The event's live revision counts each game's revision + 1 (api/events/live.py): what the
    # deleted games counted moves to the write counter, so the revision never goes back.
    share = sum(state.get("revision", 0) + 1 for row in dropped for *_rest, state in row.games)
    if share:
        bump(derived.event, share)
    if dropped:
        gone = {row.bracket_id for row in dropped}
        derived = dataclasses.replace(
            derived,
            stale=[row for row in derived.stale if row.bracket_id not in gone],
            rows={bid: row for bid, row in derived.rows.items() if bid not in gone},
        )
    return derived, len(dropped)


def sync(event_id):
    """Call every callable match a free table can take; returns (Derived, {bracket id: table
    token} of the matches this call made). Reads without a lock, and writes (under the event
    row's lock) only when there is something to call. Under the lock it derives again only
    if the event's revision moved since its rows were read (another server called them, a
    hand landed): an equal revision means the same rows."""
    event = Event.get_or_none(Event.id == str(event_id))
    if event is None:
        raise NotFound("there is no such event", rule_code="NOT_FOUND")
    derived = derive.derive(event)
    if not to_call(derived) and not [r for r in derived.stale if not has_hands(r)]:
        return derived, {}
    with write_transaction():
        event = locked_event(event_id)
        if _revision(event.id) != derived.revision:
            derived = derive.derive(event)
        return settle(event, derived)


def _revision(event_id):
    """The event's live revision read from the store now (one small read)."""
    current = revision.current(event_id)
    if current is None:
        raise NotFound("there is no such event", rule_code="NOT_FOUND")
    return current[0]


def settle(event, derived):
    """In the open write transaction, the event row locked, `derived` its current state: drop
    the called matches a correction left stale with no hand played, and call every callable
    match a free table can take. Returns (Derived, {bracket id: table token} of the matches
    called here). Reads nothing again: what it writes (rows dropped, rows made) changes no
    result, so `derived` is brought up to date in place of a new derivation
    (tests/api/test_api_event_derive.py checks it against one)."""
    derived, dropped = drop_stale(derived)
    tokens, made = {}, []
    for bid, table in to_call(derived):
        tokens[bid], row = call_match(derived, bid, table)
        made.append(row)
    if tokens or dropped:
        bump(event)
    return _with_calls(derived, made), tokens
