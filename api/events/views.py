"""An event as JSON: the director's, the public and a table's views, and the standings of a
round robin (all derived on the read, api/events/derive.py)."""

import datetime
from collections import defaultdict

from flask import current_app

from brackets import (
    BYE,
    NotFinishedError,
    forecast,
    lateness,
)

from ..core.errors import NotFound
from ..core.lru import LockedLRU
from ..core.times import iso
from ..core.tokens import hash_token
from ..games.series import match_view
from ..pages.match_names import last_rounds, match_name
from ..store.base import utcnow
from ..store.events import Event
from ..store.tables import open_calls
from . import derive, revision, seating
from .clock import clocks, table_clock
from .derive import ready_match
from .progress import at_tables, free_tables, projection, sync
from .rounds import mark_paired, rounds_view
from .said import result_words, said_words
from .settings import settings_view


def director_view(derived, tokens):
    """The director view of `derived`, with the table tokens this request made (shown once)."""
    view = event_view(derived.event, True, derived)
    view["new_table_tokens"] = tokens
    return view


def _team_view(team, seed, director):
    view = {
        "id": team.id,
        "name": team.name,
        "short_name": team.short_name,
        "players": team.players,
        "seed": seed,
        "dropped": team.dropped_at is not None,
    }
    if director:
        view["checked_in_at"] = iso(team.checked_in_at)
        view["dropped_at"] = iso(team.dropped_at)
    return view


def side(team):
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


def _forecast(derived, now):
    """{bracket id: (estimated start, table)} of each callable match waiting for a table:
    each match at a table is taken to last up to (2 x first_to - 1) games of the event's
    minutes from its call, and the tables and teams it frees are given out in turn by the
    calling rule, one table per team (brackets/tables.py `forecast`)."""
    minutes = datetime.timedelta(minutes=derived.event.minutes_per_game)
    playing = [
        (max(now, row.called_at + minutes * (2 * row.first_to - 1)), row.table, row.teams)
        for row in at_tables(derived)
    ]
    playing = [(end, table, tuple(str(t) for t in teams)) for end, table, teams in playing]
    held = {row.bracket_id for row in derived.stale}
    waiting = [
        (m.id, m.teams, minutes * (2 * derived.tournament.series(m.id).first_to - 1))
        for m in derived.tournament.ready()
        if m.id not in derived.called and m.id not in held
    ]
    return forecast(playing, waiting, free_tables(derived), now)


def _match_view(derived, state, estimates, projected=None, seats=None):
    """A match's view; a callable match the next calling write would put at a table
    (`projected`, bracket id -> table) waits for it there: its table, no match or games yet.
    A called one has its countdown and seating (api/events/seating.py; `seats`: its read)."""
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
        "teams": [side(t) for t in state.teams],
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
        "seat_by": None,
        "seated": False,
        "here": None,
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
            **seating.seat_view(derived.event, row, (seats or {}).get(state.id)),
        )
        view["score"] = [series.wins(0), series.wins(1)]
    _say(derived, view)
    return view


def _say(derived, view):
    """The match's result in words (api/events/said.py): `said`, the director's word on it
    ("Owls forfeited", "corrected by the director") or None; `result`, the whole result
    ("Rangers won 3–1", "Rangers won: Owls forfeited") or None while undecided."""
    names = [derive.team_name(derived, t) if isinstance(t, int) else None for t in view["teams"]]
    winner = loser = None
    if view["winner"] is not None and view["winner"] in view["teams"]:
        won = view["teams"].index(view["winner"])
        winner, loser = names[won], names[1 - won]
    view["said"] = said_words(view["how"], loser)
    view["result"] = result_words(view["how"], winner, loser, view["score"])


def event_view(event, director=False, derived=None, now=None):
    """The event as JSON (docs/tournaments.md): settings, teams, every match with its table,
    score and live games, what is next at each table, standings and every team's path.
    Reads only: a callable match no request has called yet is shown at the table the next
    calling write will give it (`projection`)."""
    derived = derived or derive.derive(event)
    now = now or utcnow()
    seeds = {tid: n for n, tid in enumerate(event.seed_order or [], 1)}
    view = {
        "id": event.id,
        **settings_view(event),
        "crew_id": event.crew_id,
        "started_at": iso(event.started_at),
        "teams": [_team_view(t, seeds.get(t.id), director) for t in derived.teams.values()],
        "matches": [],
        "table_plan": [],
        "finished": False,
        "champion": None,
        "standings": None,
        "round_robin": None,
        "paths": {},
        "calls": [{"table": c["table"], "at": iso(c["at"])} for c in open_calls(event.id)],
    }
    if director:
        view["now"] = iso(now)  # the server's clock: the phone counts down from its own
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
    view["round"] = rounds_view(derived)  # Swiss and drawn rounds; None for the others
    if tournament is None:
        return view
    derived, projected = projection(derived)
    plan = _forecast(derived, now)
    estimates = {bid: start for bid, (start, _table) in plan.items()}
    seats = seating.seats(event.id)
    view["matches"] = [
        _match_view(derived, m, estimates, projected, seats) for m in tournament.matches()
    ]
    named(view["matches"], derived.event.format)
    mark_paired(view["matches"], tournament)  # a Swiss's or drawn round not started yet
    by_table = defaultdict(lambda: {"playing": None, "next": None})
    for bid, row in derived.called.items():
        if bid not in derived.how:
            by_table[row.table]["playing"] = bid
    for bid, table in projected.items():  # the next calling write puts them there
        by_table[table]["next"] = bid
    for bid, (_start, table) in plan.items():  # then the soonest the forecast sends there
        if by_table[table]["next"] is None:
            by_table[table]["next"] = bid
    view["table_plan"] = [{"table": t, **by_table[t]} for t in range(1, event.table_count + 1)]
    view["clocks"] = clocks(derived)  # the round clock (api/events/clock.py)
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
                        "opponent": side(state.teams[other]),
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
    seen = revision.fingerprint(str(event_id)) if director else None
    derived, tokens = sync(event_id)
    view = event_view(derived.event, director, derived)
    if director:
        view["new_table_tokens"] = tokens
        view["live_etag"] = None if seen is None else f'"{seen}"'
    return view


GONE = "there is no event at this link: it may be mistyped, or its director deleted it"

_PUBLIC_KEPT = 64

_PUBLIC = LockedLRU(_PUBLIC_KEPT)  # event id -> (ETag, body) of a public view written


def public_view(token, etag_sent):
    """(ETag, body bytes or None when `etag_sent` is current) of the event whose public token
    this is; 404 for none. One small read while nothing changed: the ETag comes first, and a
    body this process already wrote for that ETag is sent again (any write to the event, or
    to one of its games, changes the ETag, so it is never stale)."""
    found = revision.by_public_token(hash_token(token)) if 22 <= len(token) <= 128 else None
    if found is None:
        raise NotFound(GONE, rule_code="NOT_FOUND")
    event_id, etag = found[0], revision.public_etag(*found)
    if etag == etag_sent:
        return etag, None
    kept = _PUBLIC.get(event_id)
    if kept is not None and kept[0] == etag:
        return kept
    event = Event.get_or_none(Event.id == event_id)
    if event is None:
        raise NotFound(GONE, rule_code="NOT_FOUND")
    # Reads only: matches a free table can take are shown where they will be called, and
    # called (rows made) by the director's or a table's request, never by this link.
    body = current_app.json.response(event_view(event)).get_data()
    if revision.fingerprint(event_id) == etag:  # a write landing meanwhile: send, but do not keep
        _PUBLIC.put(event_id, (etag, body))
    return etag, body


def _bracket_match(derived, state):
    """A table's match as the event's views show it, with its name."""
    spans = [
        {"bracket": m.spec.bracket, "round": m.spec.round} for m in derived.tournament.matches()
    ]
    view = _match_view(derived, state, {}, seats=seating.seats(derived.event.id))
    view["name"] = match_name(view["id"], derived.event.format, last_rounds(spans))
    return view


def named(matches, fmt):
    """Each match's `name` in words (api/pages/match_names.py: "Winners' round 1, match 3")."""
    last = last_rounds(matches)
    for m in matches:
        m["name"] = match_name(m["id"], fmt, last)
    return matches


def table_view(event_id, bracket_id, match, derived=None):
    """What a table's phone needs: the event's name, its match (teams with players, table,
    score, games, the next game to start), from the match view of api/match_play. `derived`:
    the event as the caller just synced it (else synced here)."""
    if derived is None:
        derived, _tokens = sync(event_id)
    state = ready_match(derived, bracket_id)
    row = derived.called.get(bracket_id)
    if row is None or row.match_id != match.id:
        raise NotFound(f"match {bracket_id} is not at a table", rule_code="NOT_FOUND")
    view = match_view(match)
    over = all(g["game_over"] for g in view["games"])
    decided = bracket_id in derived.how
    return {
        "event": {"id": derived.event.id, "name": derived.event.name},
        "bracket_match": _bracket_match(derived, state),
        "teams": [_team_view(derived.teams[t], None, False) for t in row.teams],
        "table": row.table,
        "clock": table_clock(derived, row.table),  # the round clock (api/events/clock.py)
        "match": view,
        "next_game_no": None if decided or not over else len(view["games"]) + 1,
        "current_game": None  # a match the director settled has no game to go on with
        if decided or not view["games"] or view["games"][-1]["game_over"]
        else view["games"][-1]["id"],
    }
