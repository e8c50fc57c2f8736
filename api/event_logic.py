"""Tournaments for the views: make an event, enter teams, start it, and derive its bracket.

The bracket is never stored. It is `brackets.Tournament(format, seeded team ids, results)`,
where each match's result comes, in this order of precedence, from the director's last
correction of it, from a forfeit or no-show the director recorded, or from the series of its
games (each game's winner read from that game's state, replayed from its own hand log, as
api/match_play does for any match). So an edited hand that flips a game flips the bracket.

Calling: when a callable match has no api Match yet and a table is free, the event row's
lock is taken, the bracket derived again, and the Match (with its first game) created at the
lowest free table. That happens on the hand write that decides a match (`call_after_game`,
after the hand is committed: the table freed is taken at once), on every director write, and
on a director's or a table's read (which also catches up on a call a hand write could not
make). The unique (event, bracket id) index and the lock make two app servers, or a retried
request, create it once. A public read (JSON, board, event stream) never writes: it shows
the calls still to make projected (`_projection`), each at the table the next calling
request will give.
"""

import dataclasses
import datetime
import hashlib
import random
import uuid
from collections import defaultdict
from dataclasses import dataclass, field

import orjson
from flask import current_app
from peewee import DatabaseError
from werkzeug.exceptions import HTTPException

from brackets import (
    BYE,
    BracketError,
    CorrectionError,
    Format,
    NotFinishedError,
    Result,
    Tournament,
    lateness,
)
from brackets.tournament import match_layout

from . import live, logic, match_play
from .auth import hash_token, new_token
from .db import flask_db, is_sqlite, write_transaction
from .errors import abort, field_errors
from .lru import LockedLRU
from .models import Game, Match, utcnow
from .tournament_models import Event, EventMatch, EventRecord, Team

FORMATS = tuple(f.value for f in Format)
_DRAW = random.SystemRandom()  # the seeding draw: the server's own randomness
SETTINGS = (
    "name",
    "date",
    "ruleset",
    "rules",
    "format",
    "first_to",
    "advance",
    "shake_rule",
    "seeding",
    "tables",
    "checkin_deadline",
    "minutes_per_game",
    "no_show_minutes",
)


iso = logic.iso  # one pair of time helpers for the whole API (api/logic.py)


def naive_utc(moment):
    """The check-in time as naive UTC, for storage (None stays None; 422 off the calendar)."""
    return logic.naive_utc(
        moment, "the check-in time falls off the calendar once put in UTC", "checkin_deadline"
    )


def event_ruleset(event):
    """The Ruleset every game of the event plays by."""
    return logic._ruleset(event.ruleset, logic.canonical_json(event.overrides or {}))


# ---- making and changing an event (before it starts) ----


def _check_rules(data):
    """The ruleset and house rules must make a two-team game (422 otherwise)."""
    logic.two_team_ruleset(data, "tournament match")
    if data.get("rules"):
        data["rules"] = {k: v for k, v in data["rules"].items() if k not in logic.LABEL_KNOBS}


def _apply_settings(event, data):
    """Copy the given settings onto the event row (not saved)."""
    names = {"rules": "overrides", "tables": "table_count"}
    for key in SETTINGS:
        if key in data:
            value = data[key]
            if key == "checkin_deadline":
                value = naive_utc(value)
            elif key == "date":
                value = None if value is None else value.isoformat()
            elif key == "rules":
                value = value or {}
            setattr(event, names.get(key, key), value)


def _check_format(event):
    """The format, advance and series lengths must fit together (422 BAD_FORMAT)."""
    playoff = event.format == Format.ROUND_ROBIN_PLAYOFF.value
    if playoff and event.advance is None:
        abort(
            422,
            "a round robin into a championship needs the number of teams that go on "
            "to the championship",
            rule_code="BAD_FORMAT",
            errors=field_errors("advance", "how many teams go on"),
        )
    if not playoff and event.advance is not None:
        abort(
            422,
            "only a round robin into a championship sends teams on: leave out how many go on",
            rule_code="BAD_FORMAT",
            errors=field_errors("advance", "not used"),
        )


def create_event(data):
    """Create an event (and the teams given with it); returns its director view with the
    director token and public token, each shown this once (the server keeps their SHA-256)."""
    _check_rules(data)
    director, public = new_token(), new_token()
    event = Event(
        id=str(uuid.uuid4()),
        director_token_hash=hash_token(director),
        public_token_hash=hash_token(public),
        overrides={},
        version=0,
    )
    _apply_settings(event, data)
    _check_format(event)
    teams = data.get("teams") or []
    _check_new_names(event, [t["name"] for t in teams], existing=())
    with write_transaction():
        event.save(force_insert=True)
        for order, team in enumerate(teams, 1):
            Team.create(
                event=event.id, name=team["name"], players=team["players"], list_order=order
            )
    return {
        **event_view(event, director=True),
        "director_token": director,
        "public_token": public,
        "public_url": logic.public_url(f"api/e/{public}"),
    }


def _not_started(event):
    """409 EVENT_STARTED once the event has started: its settings and teams are fixed."""
    if event.started_at is not None:
        abort(
            409,
            f"{event.name} has started: its settings and teams can no longer change",
            rule_code="EVENT_STARTED",
        )


def _locked_event(event_id):
    """The event row, locked for the rest of the write transaction (SQLite: BEGIN IMMEDIATE
    already holds the write lock)."""
    query = Event.select().where(Event.id == str(event_id))
    event = (query if is_sqlite() else query.for_update()).first()
    if event is None:
        abort(404, "there is no such event", rule_code="NOT_FOUND")
    return event


def _bump(event, by=1):
    """Count one more write to the event (the public view's ETag and its live revision
    move) and announce it to the live streams (api/event_live.py)."""
    Event.update(version=Event.version + by).where(Event.id == event.id).execute()
    live.notify_event(event.id)


def patch_event(event_id, data):
    """Change an event's settings before it starts; returns the director view."""
    if "ruleset" in data or "rules" in data:
        current = Event.get_by_id(str(event_id))
        checked = {
            "ruleset": data.get("ruleset", current.ruleset),
            "rules": data.get("rules", current.overrides),
        }
        _check_rules(checked)  # also drops the label knobs (id, name, description)
        if "rules" in data:
            data["rules"] = checked["rules"]
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        _apply_settings(event, data)
        _check_format(event)
        event.version += 1
        event.save()
        live.notify_event(event.id)
    return event_view(event, director=True)


def _teams(event_id):
    """The event's teams in list order."""
    return list(Team.select().where(Team.event == event_id).order_by(Team.list_order, Team.id))


def _check_new_names(event, names, existing):
    """Team names must be distinct in an event (409 TEAM_NAME_TAKEN)."""
    seen = {name.casefold() for name in existing}
    for name in names:
        if name.casefold() in seen:
            abort(
                409,
                f"there is already a team called {name} in {event.name}",
                rule_code="TEAM_NAME_TAKEN",
                errors=field_errors("name", "already entered"),
            )
        seen.add(name.casefold())


def _team(event, team_id):
    """The event's team `team_id` (404 if it has none)."""
    team = Team.get_or_none((Team.id == team_id) & (Team.event == event.id))
    if team is None:
        abort(404, f"{event.name} has no team {team_id}", rule_code="NOT_FOUND")
    return team


def add_team(event_id, data):
    """Enter a team (two players) before the start; returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        teams = _teams(event.id)
        _check_new_names(event, [data["name"]], [t.name for t in teams])
        Team.create(
            event=event.id,
            name=data["name"],
            players=data["players"],
            list_order=max((t.list_order for t in teams), default=0) + 1,
        )
        _bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def edit_team(event_id, team_id, data):
    """Rename a team or change its players before the start; returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if "name" in data:
            others = [t.name for t in _teams(event.id) if t.id != team.id]
            _check_new_names(event, [data["name"]], others)
            team.name = data["name"]
        if "players" in data:
            team.players = data["players"]
        team.save()
        _bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def remove_team(event_id, team_id):
    """Take a team off the list before the start; returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        _team(event, team_id).delete_instance()
        _bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def check_in(event_id, team_id):
    """Mark a team as here (again: keeps the first time); returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if team.dropped_at is not None:
            abort(409, f"{team.name} was dropped for checking in late", rule_code="TEAM_DROPPED")
        if team.checked_in_at is None:
            team.checked_in_at = utcnow()
            team.save()
            _bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def drop_team(event_id, team_id):
    """Drop a team that had not checked in by the deadline (the director decides); it stays
    listed as dropped and is not seeded. Returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if team.checked_in_at is not None:
            abort(
                409,
                f"{team.name} checked in, so it cannot be dropped for being late",
                rule_code="TEAM_CHECKED_IN",
            )
        if event.checkin_deadline is None or not lateness.late_teams(
            [team.id], {}, event.checkin_deadline, utcnow()
        ):  # brackets/lateness.py: late only once the check-in time has passed
            abort(
                409,
                f"{team.name} is not late yet: check-in is open until "
                f"{iso(event.checkin_deadline) or 'the director closes it (no time set)'}",
                rule_code="CHECK_IN_OPEN",
            )
        if team.dropped_at is None:
            team.dropped_at = utcnow()
            team.save()
            _bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def start_event(event_id):
    """Seed the teams (as listed, or drawn by the server), fix the bracket, and call the
    first matches at the tables. Every team still in must have checked in (409
    NOT_CHECKED_IN names those who have not: check them in or drop them). Returns the
    director view with the first matches' table tokens, shown this once."""
    with write_transaction():
        event = _locked_event(event_id)
        _not_started(event)
        teams = [t for t in _teams(event.id) if t.dropped_at is None]
        missing = [t.name for t in teams if t.checked_in_at is None]
        if missing:
            abort(
                409,
                f"not checked in yet: {', '.join(missing)}. Check them in, or drop them "
                "once the check-in time has passed",
                rule_code="NOT_CHECKED_IN",
            )
        ids = [str(t.id) for t in teams]
        order = _DRAW.sample(ids, len(ids)) if event.seeding == "random" else ids
        try:
            _tournament(event, order, ())
        except BracketError as error:
            abort(409 if error.code == "BAD_TEAMS" else 422, error.message, rule_code=error.code)
        event.seed_order = [int(i) for i in order]
        event.started_at = utcnow()
        event.version += 1
        event.save()
        live.notify_event(event.id)
        derived, tokens = _settle(event, derive(event))  # the first matches, same transaction
    return _director_view(derived, tokens)


# ---- the derivation ----


def _tournament(event, seeds, results):
    """The brackets.Tournament of the event's settings, seeds and results."""
    return Tournament(
        Format(event.format), tuple(seeds), tuple(results), event.advance, tuple(event.first_to)
    )


@dataclass
class Called:
    """An EventMatch row with its match settings and its games (from the one joined read)."""

    bracket_id: str
    match_id: str
    teams: list
    table: int
    called_at: datetime.datetime
    first_dealer: int
    first_to: int
    games: list = field(default_factory=list)  # (game_no, game id, first dealer, state)


@dataclass
class Derived:
    """An event as its rows make it: the Tournament, how each result came, and the calls."""

    event: Event
    teams: dict  # team id -> Team
    tournament: Tournament | None
    how: dict  # bracket id -> "games", "forfeit", "no-show" or "correction"
    called: dict  # bracket id -> Called (the rows that fit the bracket)
    series: dict  # bracket id -> the brackets.Series of its games (called matches)
    stale: list  # Called rows whose teams no longer fit the bracket (after a correction)
    records: list
    rows: dict = field(default_factory=dict)  # bracket id -> Called: every EventMatch row read

    @property
    def revision(self):
        """The event's live revision as these rows make it (api/event_live.py `REVISION`):
        the event row's write counter plus each game's revision + 1. Every write to the rows
        a derivation reads moves it, so an equal revision read later means the same rows."""
        games = (state for row in self.rows.values() for *_rest, state in row.games)
        return self.event.version + sum(state.get("revision", 0) + 1 for state in games)


def _called_rows(event_id):
    """Every called match of the event with its games, in one read (the board's cost does
    not grow with a query per match)."""
    sql = (
        'SELECT em."bracket_id", em."match_id", em."teams", em."table", em."called_at", '
        'm."first_dealer", m."first_to", g."match_game_no", g."id", g."first_dealer", '
        'g."state" FROM "eventmatch" AS em JOIN "match" AS m ON '
        'm."id" = em."match_id" LEFT JOIN "game" AS g ON g."match_id" = em."match_id" '
        f'WHERE em."event_id" = {flask_db.database.param} ORDER BY em."id", g."match_game_no"'
    )
    called = {}
    for (
        bid,
        match_id,
        teams,
        table,
        called_at,
        dealer,
        first_to,
        no,
        game_id,
        game_dealer,
        state,
    ) in flask_db.database.execute_sql(sql, (event_id,)).fetchall():
        row = called.get(bid)
        if row is None:
            if isinstance(called_at, str):  # SQLite hands back text
                called_at = EventMatch.called_at.python_value(called_at)
            row = called[bid] = Called(
                bid, match_id, orjson.loads(teams), table, called_at, dealer, first_to
            )
        if game_id is not None:
            row.games.append((no, game_id, game_dealer, orjson.loads(state)))
    return called


def derive(event):
    """The event's bracket derived from its rows (three reads besides the event row's)."""
    teams = {t.id: t for t in _teams(event.id)}
    records = list(
        EventRecord.select().where(EventRecord.event == event.id).order_by(EventRecord.id)
    )
    if event.started_at is None:
        return Derived(event, teams, None, {}, {}, {}, [], records)
    return _derived(event, teams, records, _called_rows(event.id))


def rederive(derived, records):
    """`derived` again after this transaction added director's records (`records`: all of
    them, in order), from the rows already read: nothing else changed under the event's
    lock, so nothing is read again; only the bracket is derived anew."""
    return _derived(derived.event, derived.teams, records, derived.rows)


def _derived(event, teams, records, rows):
    """The Derived of a started event from its rows (no reads)."""
    sides = event_ruleset(event).sides
    said = {}  # bracket id -> (winner, loser, kind): the director's last word on it
    for record in records:
        if record.kind == "correction" or said.get(record.bracket_id, ("",) * 3)[2] != (
            "correction"
        ):
            said[record.bracket_id] = (str(record.winner), str(record.loser), record.kind)
    seeds = [str(i) for i in event.seed_order]
    series_of = {}
    for bid, row in rows.items():
        proxy = Match(first_dealer=row.first_dealer, first_to=row.first_to)
        series_of[bid] = match_play.series_of(proxy, sides, row.games)[0]
    # Timpson: a team more than 5 minutes late is eliminated. In single elimination losing
    # the match does it; elsewhere the team also gives away every later match it would play
    # (brackets/lateness.py `give_away`).
    out = set()
    if event.format != Format.SINGLE.value:
        out = {loser for _winner, loser, kind in said.values() if kind == "no-show"}
    found = None if out else _derive_at_once(event, seeds, rows, said, series_of)
    tournament, how, called = found or _derive_in_waves(event, seeds, rows, said, series_of, out)
    series_of = {bid: series for bid, series in series_of.items() if bid in called}
    stale = [row for bid, row in rows.items() if bid not in called]
    return Derived(event, teams, tournament, how, called, series_of, stale, records, rows)


def _outcome(bid, rows, said, series_of):
    """(Result, how) for a match from the director's word or its games, or None; with the
    teams that result assumes (to check against the bracket)."""
    word = said.get(bid)
    if word is not None:
        return Result(bid, word[0], word[2] != "correction"), word[2], {word[0], word[1]}
    series = series_of.get(bid)
    if series is not None and series.decided:
        row = rows[bid]
        return Result(bid, str(row.teams[series.winner])), "games", {str(t) for t in row.teams}
    return None


def _derive_at_once(event, seeds, rows, said, series_of):
    """(Tournament, how, called) from every match's outcome applied in play order, built once;
    None when an outcome does not fit the bracket it makes (a row or record made for other
    teams: then _derive_in_waves sorts out which ones count)."""
    # play order from the layout alone (building an empty Tournament for it cost a bracket)
    order = [spec.id for spec in match_layout(Format(event.format), len(seeds), event.advance)]
    outcomes = {bid: _outcome(bid, rows, said, series_of) for bid in order}
    try:
        tournament = _tournament(event, seeds, [o[0] for o in outcomes.values() if o])
    except BracketError:
        return None
    how, called = {}, {}
    for bid, outcome in outcomes.items():
        teams = set(tournament.match(bid).teams)
        if outcome is not None:
            if not outcome[2] <= teams:
                return None
            how[bid] = outcome[1]
        row = rows.get(bid)
        if row is not None and tuple(str(t) for t in row.teams) == tournament.match(bid).teams:
            called[bid] = row
        elif row is not None and outcome is not None and outcome[1] == "games":
            return None
    return tournament, how, called


def _derive_in_waves(event, seeds, rows, said, series_of, out=frozenset()):
    """(Tournament, how, called), recording wave after wave the outcomes of the callable
    matches whose row or record fits their teams as the bracket now makes them. The matches
    of a team in `out` (a no-show) that have no outcome are given away by the rule of
    brackets/lateness.py (`give_away`; `how`: "no-show"); this reads only the rows."""
    how, called = {}, {}

    def outcome(match):
        teams_now = tuple(match.teams)
        row = rows.get(match.id)
        if row is not None and tuple(str(t) for t in row.teams) == teams_now:
            called[match.id] = row
        found = _outcome(
            match.id,
            rows if match.id in called else {},
            said,
            series_of if match.id in called else {},
        )
        if found is None or not found[2] <= set(teams_now):
            return None
        how[match.id] = found[1]
        return found[0]

    tournament, given = lateness.give_away(_tournament(event, seeds, ()), out, outcome)
    how.update(dict.fromkeys(given, "no-show"))
    return tournament, how, called


def _free_tables(derived):
    """The tables not held by a called match still being played, lowest first. A held match
    (stale: its teams no longer fit, after a hand edit or undo upstream) that is under way
    holds its table too: its players are still at it, scoring it."""
    busy = {row.table for bid, row in derived.called.items() if bid not in derived.how}
    busy.update(row.table for row in derived.stale if _still_played(derived, row))
    return [t for t in range(1, derived.event.table_count + 1) if t not in busy]


def _still_played(derived, row):
    """True if a held (stale) called match is under way: a hand played, and its own games
    not yet deciding its series."""
    if not _has_hands(row):
        return False
    proxy = Match(first_dealer=row.first_dealer, first_to=row.first_to)
    sides = event_ruleset(derived.event).sides
    return not match_play.series_of(proxy, sides, row.games)[0].decided


def _to_call(derived):
    """(bracket id, table) for each callable match with no row yet that a free table takes,
    longest-waiting first."""
    if derived.tournament is None:
        return []
    held = {row.bracket_id for row in derived.stale}  # settled by the director, not called
    waiting = [
        m.id for m in derived.tournament.ready() if m.id not in derived.called and m.id not in held
    ]
    return list(zip(waiting, _free_tables(derived), strict=False))


def _has_hands(row):
    """True if any game of a called match has a hand recorded (it is under way)."""
    return any(
        state.get("next_hand_no", 1) > 1 or state["game_over"]
        for _no, _id, _dealer, state in row.games
    )


def _call(derived, bracket_id, table):
    """Create the api Match (and its first game) for a callable match at `table`; returns
    (the table token (its edit token), which only this request sees; the Called row as
    `_called_rows` would read it back)."""
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
    game = match_play._insert_game(row, 1, 0, event_ruleset(event))
    called = EventMatch.create(
        event=event.id,
        bracket_id=bracket_id,
        match_id=row.id,
        teams=[t.id for t in teams],
        table=table,
    )
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
        series[row.bracket_id] = match_play.series_of(proxy, sides, row.games)[0]
        called[row.bracket_id] = rows[row.bracket_id] = row
    return dataclasses.replace(derived, called=called, series=series, rows=rows)


def _projection(derived):
    """`derived` as the next calling write would leave it, without writing: the stale called
    matches with no hand played are left out (that write drops them), and {bracket id: table}
    of the matches it would call now (`_to_call`, the same rule, so the rows made later sit at
    the same tables). A public read shows this and never writes."""
    stale = [row for row in derived.stale if _has_hands(row)]
    if len(stale) != len(derived.stale):
        derived = dataclasses.replace(derived, stale=stale)
    return derived, dict(_to_call(derived))


def _drop_stale(derived):
    """Delete called matches whose teams a correction changed before any hand was played;
    returns `derived` without them (a stale row with no hand decides nothing, so the bracket
    stays as derived) and how many it dropped."""
    dropped = [row for row in derived.stale if not _has_hands(row)]
    for row in dropped:
        Game.delete().where(Game.match_id == row.match_id).execute()
        Match.delete().where(Match.id == row.match_id).execute()
        EventMatch.delete().where(EventMatch.match_id == row.match_id).execute()
    # The event's live revision counts each game's revision + 1 (api/event_live.py): what the
    # deleted games counted moves to the write counter, so the revision never goes back.
    share = sum(state.get("revision", 0) + 1 for row in dropped for *_rest, state in row.games)
    if share:
        _bump(derived.event, share)
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
        abort(404, "there is no such event", rule_code="NOT_FOUND")
    derived = derive(event)
    if not _to_call(derived) and not [r for r in derived.stale if not _has_hands(r)]:
        return derived, {}
    with write_transaction():
        event = _locked_event(event_id)
        if _revision(event.id) != derived.revision:
            derived = derive(event)
        return _settle(event, derived)


def _revision(event_id):
    """The event's live revision read from the store now (one small read)."""
    from . import event_live  # it imports this module: the import is made when first used

    current = event_live.current(event_id)
    if current is None:
        abort(404, "there is no such event", rule_code="NOT_FOUND")
    return current[0]


# ---- a match the director settled ----

SETTLED_BY = {
    "forfeit": "the director recorded a forfeit",
    "no-show": "the director recorded a no-show",
    "correction": "the director corrected its result",
}


def _settled_sql(by_game, exclusive=False):
    """The called match of a game (`by_game`) or of a match, its event's format and the
    director's records, in one read; on PostgreSQL the event row is locked FOR SHARE, as
    every director write locks it FOR UPDATE, so no record lands between the check and the
    write's commit (and the lock comes before the game's or match's, in the same order as a
    director write that touches them). `exclusive` locks it FOR UPDATE instead: a hand write
    that may reopen a decided match (api/event_reopen.py) must see every other table's hands
    committed, and no hand land elsewhere in the event, until it commits."""
    p = flask_db.database.param
    where = (
        f'JOIN "game" AS g ON g."match_id" = em."match_id" WHERE g."id" = {p}'
        if by_game
        else f'WHERE em."match_id" = {p}'
    )
    lock = "" if is_sqlite() else f" FOR {'UPDATE' if exclusive else 'SHARE'} OF e"
    return (
        'SELECT em."event_id", em."match_id", em."bracket_id", em."teams", e."format", '
        'r."bracket_id", r."kind", r."loser" FROM "eventmatch" AS em JOIN "event" AS e ON '
        'e."id" = em."event_id" LEFT JOIN "eventrecord" AS r ON r."event_id" = em."event_id" '
        f"{where}{lock}"
    )


def settled(game_id=None, match_id=None, exclusive=False):
    """(bracket id, how) when the game `game_id` (or the match `match_id`) is a tournament
    match's that the director settled: a forfeit or no-show recorded for it, a no-show team
    giving it away (brackets/lateness.py), or a correction of its result; else None.

    Call it first in a write transaction, before the game or match row is locked. One read;
    the bracket is derived only when a record may settle this match (one of its own, or a
    no-show by one of its teams where a no-show gives later matches away). `exclusive`: lock
    the event row FOR UPDATE on PostgreSQL (`_settled_sql`)."""
    by_game = game_id is not None
    rows = flask_db.database.execute_sql(
        _settled_sql(by_game, exclusive), (str(game_id if by_game else match_id),)
    ).fetchall()
    if not rows:  # a casual game or match
        return None
    event_id, called_match, bracket_id, teams, fmt = rows[0][:5]
    teams = set(orjson.loads(teams))
    gives_away = fmt != Format.SINGLE.value
    if not any(
        bid == bracket_id or (kind == "no-show" and gives_away and loser in teams)
        for *_called, bid, kind, loser in rows
        if bid is not None
    ):
        return None
    derived = derive(Event.get_by_id(event_id))
    how, row = derived.how.get(bracket_id), derived.called.get(bracket_id)
    if how in SETTLED_BY and row is not None and row.match_id == called_match:
        return bracket_id, how
    return None


def refuse_settled(found):
    """409 MATCH_SETTLED for a match `settled` found settled (None: nothing to refuse): no
    more hands or games are played in it, or its table would score a match that is over."""
    if found is not None:
        bracket_id, how = found
        abort(409, f"match {bracket_id} is over: {SETTLED_BY[how]}", rule_code="MATCH_SETTLED")


def call_after_game(match_id):
    """After a hand write committed that ended a game of match `match_id`, or reopened one
    or changed its winner: if the match is an event's, call what that frees now (`sync`), so
    the next match's call time, from which a no-show is measured, is the moment the deciding
    hand was written. Returns {bracket id: table token} of the matches called.

    Never fails the hand: it is stored already. If calling fails (the database, or the event
    deleted meanwhile), nothing is called and the next director's or table's read calls it,
    as it always did (logged)."""
    row = EventMatch.select(EventMatch.event).where(EventMatch.match_id == match_id).first()
    if row is None:  # a match played outside any event
        return {}
    try:
        return sync(row.event_id)[1]
    except (DatabaseError, HTTPException) as error:
        current_app.logger.warning(
            "event %s: the match freed by a hand in match %s was not called (%r); the next "
            "read calls it",
            row.event_id,
            match_id,
            error,
        )
        return {}


def _settle(event, derived):
    """In the open write transaction, the event row locked, `derived` its current state: drop
    the called matches a correction left stale with no hand played, and call every callable
    match a free table can take. Returns (Derived, {bracket id: table token} of the matches
    called here). Reads nothing again: what it writes (rows dropped, rows made) changes no
    result, so `derived` is brought up to date in place of a new derivation
    (tests/api/test_api_event_derive.py checks it against one)."""
    derived, dropped = _drop_stale(derived)
    tokens, made = {}, []
    for bid, table in _to_call(derived):
        tokens[bid], row = _call(derived, bid, table)
        made.append(row)
    if tokens or dropped:
        _bump(event)
    return _with_calls(derived, made), tokens


def _director_view(derived, tokens):
    """The director view of `derived`, with the table tokens this request made (shown once)."""
    view = event_view(derived.event, True, derived)
    view["new_table_tokens"] = tokens
    return view


# ---- the director's records ----


def _ready_match(derived, bracket_id):
    """The brackets MatchState of `bracket_id` (404 unknown; 409 not started)."""
    if derived.tournament is None:
        abort(409, f"{derived.event.name} has not started yet", rule_code="EVENT_NOT_STARTED")
    try:
        return derived.tournament.match(bracket_id)
    except BracketError:
        abort(404, f"there is no match {bracket_id} in {derived.event.name}", rule_code="NOT_FOUND")


def _team_name(derived, team_id):
    """A team's name, or "team N" for an id the event does not have."""
    team = derived.teams.get(int(team_id))
    return f"team {team_id}" if team is None else team.name


def record_forfeit(event_id, bracket_id, team_id, kind):
    """The director records that `team_id` forfeits match `bracket_id`, or did not show up
    (no-show: more than the event's no-show minutes after the match was called; Timpson's
    flyer: "a team more than 5 minutes late is eliminated"). The other team wins; the table's
    link stops working for that match. Returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        derived = derive(event)
        match = _ready_match(derived, bracket_id)
        if match.status in ("played", "bye", "void"):
            abort(
                409,
                f"match {bracket_id} is already decided: correct its result instead",
                rule_code="MATCH_ALREADY_PLAYED",
            )
        if match.status != "ready":
            abort(
                409,
                f"match {bracket_id} cannot be forfeited yet: both its teams are not known",
                rule_code="MATCH_NOT_READY",
            )
        if str(team_id) not in match.teams:
            abort(
                422,
                f"{_team_name(derived, team_id)} is not playing in match {bracket_id}",
                rule_code="NOT_IN_MATCH",
                errors=field_errors("team", "not in this match"),
            )
        row = derived.called.get(bracket_id)
        if kind == "no-show":
            if row is None:
                abort(
                    409,
                    f"match {bracket_id} has not been called to a table yet, so nobody "
                    "is late for it",
                    rule_code="NOT_LATE_YET",
                )
            # The rule (out only when MORE than the wait late) lives in brackets/lateness.py.
            try:
                result = lateness.no_show_result(
                    match, str(team_id), row.called_at, utcnow(), event.no_show_minutes
                )
            except BracketError as error:
                if error.code not in ("NOT_LATE", "BAD_TIME"):
                    raise
                abort(
                    409,
                    f"{_team_name(derived, team_id)} is not late yet: match {bracket_id}"
                    f" was called at {iso(row.called_at)}, and a team is out only when more "
                    f"than {event.no_show_minutes} minutes late",
                    rule_code="NOT_LATE_YET",
                )
            winner = result.winner
        else:
            winner = next(t for t in match.teams if t != str(team_id))
        record = EventRecord.create(
            event=event.id, bracket_id=bracket_id, kind=kind, winner=int(winner), loser=team_id
        )
        if row is not None:  # the table's token no longer reaches the match's games
            Match.update(edit_token_hash=hash_token(new_token())).where(
                Match.id == row.match_id
            ).execute()
        _bump(event)
        derived, tokens = _settle(event, rederive(derived, [*derived.records, record]))
    return _director_view(derived, tokens)


def record_correction(event_id, bracket_id, winner_id):
    """The director corrects who won match `bracket_id`: later matches not played yet get
    their new teams (a called one with no hand played is called again); if a later match
    that would change has been played or is under way, 409 RESULT_LOCKED names them in
    `locked` and nothing is stored. Returns the director view."""
    with write_transaction():
        event = _locked_event(event_id)
        derived = derive(event)
        match = _ready_match(derived, bracket_id)
        if match.status != "played":
            abort(
                409,
                f"match {bracket_id} has no result to correct yet",
                rule_code="MATCH_NOT_PLAYED",
            )
        if str(winner_id) not in match.teams:
            abort(
                422,
                f"{_team_name(derived, winner_id)} did not play in match {bracket_id}",
                rule_code="NOT_IN_MATCH",
                errors=field_errors("winner", "not in this match"),
            )
        loser = next(t for t in match.teams if t != str(winner_id))
        try:
            # the check alone: the corrected bracket is derived from the records below
            derived.tournament.check_correction(Result(bracket_id, str(winner_id)))
        except CorrectionError as error:
            abort(409, error.message, rule_code=error.code, locked=list(error.locked))
        record = EventRecord.create(
            event=event.id,
            bracket_id=bracket_id,
            kind="correction",
            winner=winner_id,
            loser=int(loser),
        )
        after = rederive(derived, [*derived.records, record])
        under_way = sorted(row.bracket_id for row in after.stale if _has_hands(row))
        if under_way:  # raising out of the transaction takes the record back
            abort(
                409,
                f"match {bracket_id} can no longer change: {', '.join(under_way)} "
                f"{'is' if len(under_way) == 1 else 'are'} already under way with its teams",
                rule_code="RESULT_LOCKED",
                locked=under_way,
            )
        _bump(event)
        derived, tokens = _settle(event, after)
    return _director_view(derived, tokens)


def issue_table_token(event_id, bracket_id):
    """A new table token for a called match (the old one stops working); shown once."""
    token = new_token()
    with write_transaction():
        # The event lock first, then derive: a result recorded in between cannot slip past
        # the "decided" check (the same order as every other event write).
        derived = derive(_locked_event(event_id))
        _ready_match(derived, bracket_id)
        row = derived.called.get(bracket_id)
        if row is None:
            abort(409, f"match {bracket_id} has not been called to a table", rule_code="NOT_CALLED")
        if bracket_id in derived.how:
            abort(
                409,
                f"match {bracket_id} is decided: its table needs no link",
                rule_code="MATCH_ALREADY_PLAYED",
            )
        Match.update(edit_token_hash=hash_token(token)).where(Match.id == row.match_id).execute()
    return {"match": bracket_id, "table": row.table, "match_id": row.match_id, "table_token": token}


# ---- views ----


def _team_view(team, seed, director):
    view = {
        "id": team.id,
        "name": team.name,
        "players": team.players,
        "seed": seed,
        "dropped": team.dropped_at is not None,
    }
    if director:
        view["checked_in_at"] = iso(team.checked_in_at)
        view["dropped_at"] = iso(team.dropped_at)
    return view


def _side(team):
    if team is None:
        return None
    return "bye" if team is BYE else int(team)


def _game_view(game):
    no, game_id, _dealer, state = game
    return {
        "game_no": no,
        "id": game_id,
        "totals": state["totals"],
        "game_over": state["game_over"],
        "winner": state["winner"],
    }


def _estimates(derived, now):
    """Estimated start of each callable match waiting for a table: tables free up in turn,
    each called match taking up to (2 x first_to - 1) games of the event's minutes."""
    event = derived.event
    minutes = datetime.timedelta(minutes=event.minutes_per_game)
    free_at = [now] * len(_free_tables(derived))
    for bid, row in derived.called.items():
        if bid not in derived.how:
            free_at.append(max(now, row.called_at + minutes * (2 * row.first_to - 1)))
    free_at.sort()
    estimates = {}
    waiting = [m for m in derived.tournament.ready() if m.id not in derived.called]
    for match in waiting:
        if not free_at:
            break
        start = free_at.pop(0)
        estimates[match.id] = start
        length = derived.tournament.series(match.id).first_to
        free_at.append(start + minutes * (2 * length - 1))
        free_at.sort()
    return estimates


def _match_view(derived, state, estimates, projected=None):
    """A match's view; a callable match the next calling write would put at a table
    (`projected`, bracket id -> table) waits for it there: its table, no match or games yet."""
    row = derived.called.get(state.id)
    series = derived.series.get(state.id)
    status = state.status
    if status == "ready":
        status = "playing" if row is not None else "waiting-for-table"
        if row is None and any(r.bracket_id == state.id for r in derived.stale):
            status = "held"  # played with other teams: the director corrects the earlier match
    view = {
        "id": state.id,
        "bracket": state.spec.bracket,
        "round": state.spec.round,
        "teams": [_side(t) for t in state.teams],
        "status": status,
        "winner": None if state.winner in (None, BYE) else int(state.winner),
        "how": derived.how.get(state.id, "bye" if state.status == "bye" else None),
        "first_to": None,
        "score": None,
        "table": None,
        "called_at": None,
        "est_start": iso(estimates.get(state.id)),
        "match_id": None,
        "games": [],
    }
    if state.status in ("ready", "played"):
        view["first_to"] = derived.tournament.series(state.id).first_to
    if row is None and projected and state.id in projected:
        view["table"] = projected[state.id]
    if row is not None:
        view.update(
            table=row.table,
            called_at=iso(row.called_at),
            est_start=iso(row.called_at),
            match_id=row.match_id,
            games=[_game_view(g) for g in row.games],
        )
        view["score"] = [series.wins(0), series.wins(1)]
    return view


def event_view(event, director=False, derived=None, now=None):
    """The event as JSON (docs/tournaments.md): settings, teams, every match with its table,
    score and live games, what is next at each table, standings and every team's path.
    Reads only: a callable match no request has called yet is shown at the table the next
    calling write will give it (`_projection`)."""
    derived = derived or derive(event)
    now = now or utcnow()
    seeds = {tid: n for n, tid in enumerate(event.seed_order or [], 1)}
    view = {
        "id": event.id,
        "name": event.name,
        "date": event.date,
        "ruleset": event.ruleset,
        "rules": event.overrides,
        "format": event.format,
        "first_to": event.first_to,
        "advance": event.advance,
        "shake_rule": event.shake_rule,
        "seeding": event.seeding,
        "tables": event.table_count,
        "checkin_deadline": iso(event.checkin_deadline),
        "minutes_per_game": event.minutes_per_game,
        "no_show_minutes": event.no_show_minutes,
        "started_at": iso(event.started_at),
        "teams": [_team_view(t, seeds.get(t.id), director) for t in derived.teams.values()],
        "matches": [],
        "table_plan": [],
        "finished": False,
        "champion": None,
        "standings": None,
        "round_robin": None,
        "paths": {},
    }
    if director:
        # who missed check-in: the rule is brackets/lateness.py's; a team that checked in
        # (even late) is here, and a dropped one is out already
        waiting = {
            t.id: t.checked_in_at
            for t in derived.teams.values()
            if t.checked_in_at is None and t.dropped_at is None
        }
        late = event.checkin_deadline is not None and event.started_at is None
        view["late"] = (
            lateness.late_teams(list(waiting), {}, event.checkin_deadline, now) if late else []
        )
        view["records"] = [
            {
                "match": r.bracket_id,
                "kind": r.kind,
                "winner": r.winner,
                "loser": r.loser,
                "at": iso(r.at),
            }
            for r in derived.records
        ]
        view["stale"] = [r.bracket_id for r in derived.stale]
    tournament = derived.tournament
    if tournament is None:
        return view
    derived, projected = _projection(derived)
    estimates = _estimates(derived, now)
    view["matches"] = [_match_view(derived, m, estimates, projected) for m in tournament.matches()]
    by_table = defaultdict(lambda: {"playing": None, "next": None})
    for bid, row in derived.called.items():
        if bid not in derived.how:
            by_table[row.table]["playing"] = bid
    for bid, table in projected.items():  # the next calling write puts them there
        by_table[table]["next"] = bid
    waiting = [
        m.id for m in tournament.ready() if m.id not in derived.called and m.id not in projected
    ]
    for bid, table in zip(
        waiting,
        sorted(
            (t for t in range(1, event.table_count + 1) if by_table[t]["next"] is None),
            key=lambda t: by_table[t]["playing"] is not None,
        ),
        strict=False,
    ):
        by_table[table]["next"] = bid
    view["table_plan"] = [{"table": t, **by_table[t]} for t in range(1, event.table_count + 1)]
    view["finished"] = tournament.finished
    try:
        standings = tournament.standings()
    except NotFinishedError:
        standings = None
    if standings is not None:
        view["standings"] = [
            {"place": s.place, "team": int(s.team), "how": s.how} for s in standings
        ]
        view["champion"] = int(tournament.champion)
    view["paths"] = paths(tournament, event.seed_order)
    if event.format.startswith("round-robin"):
        view["round_robin"] = round_robin_record(view)
    return view


def round_robin_record(view):
    """Each seeded team's round-robin record as it stands, most wins first (then fewest
    losses, best game difference, seed): the one ranking the board and the director's phone
    both show while the round robin runs, before any standings exist."""
    rows = {
        t["id"]: {
            "team": t["id"],
            "seed": t["seed"],
            "won": 0,
            "lost": 0,
            "games_won": 0,
            "games_lost": 0,
            "playing": False,
        }
        for t in view["teams"]
        if t.get("seed")
    }
    for match in view["matches"]:
        if match["bracket"] != "R":
            continue
        teams = match["teams"]
        for i in (0, 1):
            row = rows.get(teams[i])
            if row is None:
                continue
            if match["score"] is not None:
                row["games_won"] += match["score"][i]
                row["games_lost"] += match["score"][1 - i]
            if match["winner"] is not None:
                row["won" if match["winner"] == teams[i] else "lost"] += 1
            if match["status"] == "playing":
                row["playing"] = True
    return sorted(
        rows.values(),
        key=lambda r: (-r["won"], r["lost"], r["games_lost"] - r["games_won"], r["seed"]),
    )


def paths(tournament, team_ids):
    """Every team's decided matches in play order, as brackets' Tournament.path gives them,
    in one pass over the matches (path() per team walks them all: 128 teams, 33,000 steps)."""
    steps = {str(tid): [] for tid in team_ids}
    for state in tournament.matches():
        if state.status not in ("played", "bye"):
            continue
        for own, other in ((0, 1), (1, 0)):
            team = state.teams[own]
            if team is not BYE and team is not None:
                steps[team].append(
                    {
                        "match": state.id,
                        "opponent": _side(state.teams[other]),
                        "won": state.winner == team,
                        "forfeit": state.forfeit,
                    }
                )
    return steps


def sync_and_view(event_id, director=False):
    """Call what can be called, then the event view; a director's view carries the table
    tokens of the matches this very request called (`new_table_tokens`, shown once) and
    `live_etag`: the event stream's ETag read before anything else, so never newer than what
    the view shows. The director's phone skips a stream `event` with that ETag (it has drawn
    it) and reads again for any other (a call made here moves it: one more read, harmless)."""
    seen = fingerprint(str(event_id)) if director else None
    derived, tokens = sync(event_id)
    view = event_view(derived.event, director, derived)
    if director:
        view["new_table_tokens"] = tokens
        view["live_etag"] = None if seen is None else f'"{seen}"'
    return view


def _fingerprint_sql(where):
    return (
        'SELECT e."id", e."version", COUNT(g."id"), MAX(g."updated_at") FROM "event" AS e '
        'LEFT JOIN "eventmatch" AS em ON em."event_id" = e."id" LEFT JOIN "game" AS g ON '
        f'g."match_id" = em."match_id" WHERE e."{where}" = {flask_db.database.param} '
        'GROUP BY e."id", e."version"'
    )


def _etag(row):
    event_id, version, games, changed = row
    return hashlib.sha256(f"{event_id}|{version}|{games}|{changed}".encode()).hexdigest()[:32]


def fingerprint(event_id):
    """The public view's ETag, in one small read: made from the event's write counter and its
    games' count and last change (a hand recorded anywhere in the event moves it)."""
    row = flask_db.database.execute_sql(_fingerprint_sql("id"), (event_id,)).fetchone()
    return None if row is None else _etag(row)


_PUBLIC_KEPT = 64
_PUBLIC = LockedLRU(_PUBLIC_KEPT)  # event id -> (ETag, body) of a public view written


def public_view(token, etag_sent):
    """(ETag, body bytes or None when `etag_sent` is current) of the event whose public token
    this is; 404 for none. One small read while nothing changed: the ETag comes first, and a
    body this process already wrote for that ETag is sent again (any write to the event, or
    to one of its games, changes the ETag, so it is never stale)."""
    row = None
    if 22 <= len(token) <= 128:
        sql = _fingerprint_sql("public_token_hash")
        row = flask_db.database.execute_sql(sql, (hash_token(token),)).fetchone()
    if row is None:
        abort(404, "there is no event at this link: it may be mistyped", rule_code="NOT_FOUND")
    event_id, etag = row[0], _etag(row)
    if etag == etag_sent:
        return etag, None
    kept = _PUBLIC.get(event_id)
    if kept is not None and kept[0] == etag:
        return kept
    event = Event.get_or_none(Event.id == event_id)
    if event is None:
        abort(404, "there is no event at this link: it may be mistyped", rule_code="NOT_FOUND")
    # Reads only: matches a free table can take are shown where they will be called, and
    # called (rows made) by the director's or a table's request, never by this link.
    body = current_app.json.response(event_view(event)).get_data()
    if fingerprint(event_id) == etag:  # a write landing meanwhile: send, but do not keep
        _PUBLIC.put(event_id, (etag, body))
    return etag, body


def table_view(event_id, bracket_id, match):
    """What a table's phone needs: the event's name, its match (teams with players, table,
    score, games, the next game to start), from the match view of api/match_play."""
    derived, _tokens = sync(event_id)
    state = _ready_match(derived, bracket_id)
    row = derived.called.get(bracket_id)
    if row is None or row.match_id != match.id:
        abort(404, f"match {bracket_id} is not at a table", rule_code="NOT_FOUND")
    view = match_play.match_view(match)
    over = all(g["game_over"] for g in view["games"])
    decided = bracket_id in derived.how
    return {
        "event": {"id": derived.event.id, "name": derived.event.name},
        "bracket_match": _match_view(derived, state, {}),
        "teams": [_team_view(derived.teams[t], None, False) for t in row.teams],
        "table": row.table,
        "match": view,
        "next_game_no": None if decided or not over else len(view["games"]) + 1,
        "current_game": None  # a match the director settled has no game to go on with
        if decided or not view["games"] or view["games"][-1]["game_over"]
        else view["games"][-1]["id"],
    }
