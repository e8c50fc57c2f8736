"""An event's bracket derived from its rows: the brackets.Tournament of its seeds and of each
match's result (the director's word, or its games' hand logs), never stored."""

import datetime
from dataclasses import dataclass, field

import orjson

from brackets import (
    ROUNDS_FORMATS,
    BracketError,
    Format,
    Result,
    RoundsTournament,
    Tournament,
    lateness,
)
from brackets.tournament import match_layout

from ..core.errors import Conflict, Invalid, NotFound
from ..games import series
from ..games.rulesets import ruleset_of
from ..store.base import canonical_json
from ..store.db import flask_db
from ..store.events import Event, EventMatch, EventRecord, Team
from ..store.games import Match

FORMATS = (*(f.value for f in Format), *ROUNDS_FORMATS)


def event_ruleset(event):
    """The Ruleset every game of the event plays by."""
    return ruleset_of(event.ruleset, canonical_json(event.overrides or {}))


def teams_of(event_id):
    """The event's teams in list order."""
    return list(Team.select().where(Team.event == event_id).order_by(Team.list_order, Team.id))


def tournament_of(event, seeds, results):
    """The brackets.Tournament of the event's settings, seeds and results (a Swiss or drawn
    event: the RoundsTournament that speaks like one, with the rounds the director started)."""
    if event.format in ROUNDS_FORMATS:
        return RoundsTournament(
            event.format,
            tuple(seeds),
            tuple(results),
            event.rounds,
            event.advance,
            event.draw_seed or 0,
            tuple(event.first_to),
            event.rounds_started or 1,
        )
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
        """The event's live revision as these rows make it (api/events/live.py `REVISION`):
        the event row's write counter plus each game's revision + 1. Every write to the rows
        a derivation reads moves it, so an equal revision read later means the same rows."""
        games = (state for row in self.rows.values() for *_rest, state in row.games)
        return self.event.version + sum(state.get("revision", 0) + 1 for state in games)


def called_rows(event_id):
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
    teams = {t.id: t for t in teams_of(event.id)}
    records = list(
        EventRecord.select().where(EventRecord.event == event.id).order_by(EventRecord.id)
    )
    if event.started_at is None:
        return Derived(event, teams, None, {}, {}, {}, [], records)
    return derived_from(event, teams, records, called_rows(event.id))


def rederive(derived, records):
    """`derived` again after this transaction added director's records (`records`: all of
    them, in order), from the rows already read: nothing else changed under the event's
    lock, so nothing is read again; only the bracket is derived anew."""
    return derived_from(derived.event, derived.teams, records, derived.rows)


def derived_from(event, teams, records, rows):
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
        series_of[bid] = series.series_of(proxy, sides, row.games)[0]
    # Timpson: a team more than 5 minutes late is eliminated. In single elimination losing
    # the match does it; elsewhere the team also gives away every later match it would play
    # (brackets/lateness.py `give_away`).
    out = set()
    if event.format != Format.SINGLE.value:
        out = {loser for _winner, loser, kind in said.values() if kind == "no-show"}
    # a round's pairing comes from the results before it: those formats derive in waves
    at_once = not out and event.format not in ROUNDS_FORMATS
    found = _derive_at_once(event, seeds, rows, said, series_of) if at_once else None
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
        tournament = tournament_of(event, seeds, [o[0] for o in outcomes.values() if o])
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

    tournament, given = lateness.give_away(tournament_of(event, seeds, ()), out, outcome)
    how.update(dict.fromkeys(given, "no-show"))
    return tournament, how, called


def has_hands(row):
    """True if any game of a called match has a hand recorded (it is under way)."""
    return any(
        state.get("next_hand_no", 1) > 1 or state["game_over"]
        for _no, _id, _dealer, state in row.games
    )


def ready_match(derived, bracket_id):
    """The brackets MatchState of `bracket_id` (404 unknown; 409 not started)."""
    if derived.tournament is None:
        raise Conflict(f"{derived.event.name} has not started yet", rule_code="EVENT_NOT_STARTED")
    try:
        return derived.tournament.match(bracket_id)
    except BracketError:
        raise NotFound(
            f"there is no match {bracket_id} in {derived.event.name}", rule_code="NOT_FOUND"
        ) from None


def team_name(derived, team_id):
    """A team's name, or "team N" for an id the event does not have."""
    team = derived.teams.get(int(team_id))
    return f"team {team_id}" if team is None else team.name


def check_calls(derived):
    """422 CALL_NOT_IN_BRACKET naming the first called match that is not one its bracket
    makes: a match of the bracket, its two teams in the bracket's order, played first to the
    bracket's number of wins. The routes call only such matches (`progress.call_match`
    takes all three from the bracket), and a result changed upstream takes back the calls it
    leaves without a hand or is refused (LATER_MATCH_STARTED, RESULT_LOCKED), so none other
    is ever kept; the import of an event's file holds its calls to the same."""
    for bid, row in derived.rows.items():
        words = _misfit(derived, bid, row)
        if words is not None:
            raise Invalid(
                f"match {bid} of {derived.event.name} {words}", rule_code="CALL_NOT_IN_BRACKET"
            )


def _misfit(derived, bid, row):
    """Why the called match `row` is not the bracket's match `bid`, in words, or None."""
    try:
        state = derived.tournament.match(bid)
    except BracketError:
        return f"is called to table {row.table}, and its bracket has no such match"
    if bid in derived.called:
        first_to = derived.tournament.series(bid).first_to
        if row.first_to == first_to:
            return None
        return f"is played to {row.first_to} wins, and its round to {first_to}"
    called = " and ".join(team_name(derived, t) for t in row.teams)
    if None in state.teams:
        return f"is called with {called} before its bracket knows both its teams"
    drawn = " and ".join(team_name(derived, t) for t in state.teams)
    return f"is called with {called}, and its bracket has {drawn} in it, in that order"
