"""The director's writes: make and change an event, enter and check in teams, start it,
record forfeits, no-shows and corrections, and issue table links. Each locks the event row
first, then derives the bracket and calls what is due (api/events/progress.py)."""

import random
import uuid

from brackets import (
    MAX_TEAMS,
    ROUNDS_FORMATS,
    BracketError,
    CorrectionError,
    Format,
    Result,
    lateness,
)

from ..core import times
from ..core.errors import Conflict, Invalid, NotFound, Refusal, field_errors
from ..core.times import iso
from ..core.tokens import hash_token, new_token
from ..core.urls import public_url
from ..games.rulesets import LABEL_KNOBS, two_team_ruleset
from ..live.hub import notify_event, notify_match_games
from ..store.base import utcnow
from ..store.db import write_transaction
from ..store.events import Event, EventRecord, Team
from ..store.games import Match
from . import derive, progress, seeding, tables
from .derive import has_hands, ready_match, rederive, team_name, teams_of, tournament_of
from .progress import bump, locked_event
from .settings import SETTING_COLUMNS, SETTINGS
from .views import director_view, event_view

_DRAW = random.SystemRandom()  # the seeding draw: the server's own randomness

ROUND_WORDS = {"swiss": "a Swiss", "drawn": "an event of drawn rounds"}


def naive_utc(moment):
    """The check-in time as naive UTC, for storage (None stays None; 422 off the calendar)."""
    return times.naive_utc(
        moment, "the check-in time falls off the calendar once put in UTC", "checkin_deadline"
    )


def _check_rules(data):
    """The ruleset and house rules must make a two-team game (422 otherwise)."""
    two_team_ruleset(data, "tournament match")
    if data.get("rules"):
        data["rules"] = {k: v for k, v in data["rules"].items() if k not in LABEL_KNOBS}


def _apply_settings(event, data):
    """Copy the given settings onto the event row (not saved)."""
    for key in SETTINGS:
        if key in data:
            value = data[key]
            if key == "checkin_deadline":
                value = naive_utc(value)
            elif key == "date":
                value = None if value is None else value.isoformat()
            elif key == "rules":
                value = value or {}
            setattr(event, SETTING_COLUMNS.get(key, key), value)


def check_settings(event):
    """An event row's rules and format checked as when it is made (an imported event's):
    422 when they do not make a tournament."""
    two_team_ruleset({"ruleset": event.ruleset, "rules": event.overrides}, "tournament match")
    _check_format(event)


def _check_format(event):
    """The format, advance and series lengths must fit together (422 BAD_FORMAT)."""
    playoff = event.format == Format.ROUND_ROBIN_PLAYOFF.value
    paired = event.format in ROUNDS_FORMATS  # Swiss, drawn: their cut is optional
    if paired and event.rounds is None:
        raise Invalid(
            f"{ROUND_WORDS[event.format]} needs its number of rounds",
            rule_code="BAD_FORMAT",
            errors=field_errors("rounds", "how many rounds"),
        )
    if not paired and event.rounds is not None:
        raise Invalid(
            "only Swiss and drawn rounds are played in a set number of rounds: leave out "
            "the rounds",
            rule_code="BAD_FORMAT",
            errors=field_errors("rounds", "not used"),
        )
    if playoff and event.advance is None:
        raise Invalid(
            "a round robin into a championship needs the number of teams that go on "
            "to the championship",
            rule_code="BAD_FORMAT",
            errors=field_errors("advance", "how many teams go on"),
        )
    if not playoff and not paired and event.advance is not None:
        raise Invalid(
            "only a round robin into a championship, a Swiss or drawn rounds send teams on to "
            "a championship: leave out how many go on",
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
    if data.get("crew_token"):
        event.crew_id = seeding.crew_of_token(data["crew_token"])
    seeding.check(event)
    teams = data.get("teams") or []
    _check_new_names(event, [t["name"] for t in teams], existing=())
    check_short_names(event, [(t["name"], t.get("short_name")) for t in teams], others=())
    with write_transaction():
        event.save(force_insert=True)
        for order, team in enumerate(teams, 1):
            Team.create(
                event=event.id,
                name=team["name"],
                short_name=team.get("short_name"),
                players=team["players"],
                list_order=order,
            )
    return {
        **event_view(event, director=True),
        "director_token": director,
        "public_token": public,
        "public_url": public_url(f"api/e/{public}"),
    }


def _not_started(event):
    """409 EVENT_STARTED once the event has started: its settings and teams are fixed."""
    if event.started_at is not None:
        raise Conflict(
            f"{event.name} has started: its settings and teams can no longer change",
            rule_code="EVENT_STARTED",
        )


def patch_event(event_id, data):
    """Change an event's settings before it starts (any the new-event form sets: the ruleset
    and house rules checked as at creation, by _check_rules); returns the director view.
    409 EVENT_STARTED after the start, before any setting is looked at."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        if "ruleset" in data or "rules" in data:
            checked = {
                "ruleset": data.get("ruleset", event.ruleset),
                "rules": data.get("rules", event.overrides),
            }
            _check_rules(checked)  # also drops the label knobs (id, name, description)
            data = {**data, **checked}
        _apply_settings(event, data)
        _check_format(event)
        seeding.check(event)
        event.version += 1
        event.save()
        notify_event(event.id)
    return event_view(event, director=True)


def _check_new_names(event, names, existing):
    """Team names must be distinct in an event (409 TEAM_NAME_TAKEN)."""
    seen = {name.casefold() for name in existing}
    for name in names:
        if name.casefold() in seen:
            raise Conflict(
                f"there is already a team called {name} in {event.name}",
                rule_code="TEAM_NAME_TAKEN",
                errors=field_errors("name", "already entered"),
            )
        seen.add(name.casefold())


def check_short_names(event, entries, others):
    """A team's short name must name no other team, by its name or its short name, case
    aside (409 SHORT_NAME_TAKEN): the bracket would show two teams alike. `entries` and
    `others` are (name, short name) pairs: the teams being written, the teams already in."""
    seen = {}
    for name, short in others:
        seen[name.casefold()] = ("name", name)
        if short:
            seen.setdefault(short.casefold(), ("short name", name))
    for name, short in entries:
        if short and short.casefold() in seen:
            what, whose = seen[short.casefold()]
            raise Conflict(
                f"{short} is already the {what} of {whose} in {event.name}: give {name} "
                "another short name",
                rule_code="SHORT_NAME_TAKEN",
                errors=field_errors("short_name", "already a team's"),
            )
        seen[name.casefold()] = ("name", name)
        if short:
            seen[short.casefold()] = ("short name", name)


def _team(event, team_id):
    """The event's team `team_id` (404 if it has none)."""
    team = Team.get_or_none((Team.id == team_id) & (Team.event == event.id))
    if team is None:
        raise NotFound(f"{event.name} has no team {team_id}", rule_code="NOT_FOUND")
    return team


def _check_room(event, teams, name):
    """An event holds at most as many teams as it can start (brackets.MAX_TEAMS, counting
    the teams not dropped: a dropped team is not seeded): the team past it is refused when
    it is entered, not at the start (409 EVENT_FULL)."""
    if sum(1 for t in teams if t.dropped_at is None) >= MAX_TEAMS:
        raise Conflict(
            f"{event.name} is full: an event can start at most {MAX_TEAMS} teams. "
            f"Remove a team to enter {name}",
            rule_code="EVENT_FULL",
        )


def add_team(event_id, data):
    """Enter a team (two players) before the start; returns the director view. 409
    EVENT_STARTED after the start, TEAM_NAME_TAKEN for a name entered (SHORT_NAME_TAKEN for
    a short name another team goes by), EVENT_FULL past
    the most teams an event can start."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        teams = teams_of(event.id)
        _check_room(event, teams, data["name"])
        _check_new_names(event, [data["name"]], [t.name for t in teams])
        check_short_names(
            event, [(data["name"], data.get("short_name"))], [(t.name, t.short_name) for t in teams]
        )
        Team.create(
            event=event.id,
            name=data["name"],
            short_name=data.get("short_name"),
            players=data["players"],
            list_order=max((t.list_order for t in teams), default=0) + 1,
        )
        bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def remove_team(event_id, team_id):
    """Take a team off the list before the start; returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        _team(event, team_id).delete_instance()
        bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def check_in(event_id, team_id):
    """Mark a team as here (again: keeps the first time); returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if team.dropped_at is not None:
            raise Conflict(
                f"{team.name} was dropped for checking in late", rule_code="TEAM_DROPPED"
            )
        if team.checked_in_at is None:
            team.checked_in_at = utcnow()
            team.save()
            bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def drop_team(event_id, team_id):
    """Drop a team that had not checked in by the deadline (the director decides); it stays
    listed as dropped and is not seeded. Returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        team = _team(event, team_id)
        if team.checked_in_at is not None:
            raise Conflict(
                f"{team.name} checked in, so it cannot be dropped for being late",
                rule_code="TEAM_CHECKED_IN",
            )
        if event.checkin_deadline is None or not lateness.late_teams(
            [team.id], {}, event.checkin_deadline, utcnow()
        ):  # brackets/lateness.py: late only once the check-in time has passed
            raise Conflict(
                f"{team.name} is not late yet: check-in is open until "
                f"{iso(event.checkin_deadline) or 'the director closes it (no time set)'}",
                rule_code="CHECK_IN_OPEN",
            )
        if team.dropped_at is None:
            team.dropped_at = utcnow()
            team.save()
            bump(event)
    return event_view(Event.get_by_id(event.id), director=True)


def start_event(event_id):
    """Seed the teams (as listed, or drawn by the server), fix the bracket, and call the
    first matches at the tables. Every team still in must have checked in (409
    NOT_CHECKED_IN names those who have not: check them in or drop them). Returns the
    director view with the first matches' table tokens and each table's own link
    (`new_table_links`, docs/tournaments.md "A table's link"), shown this once."""
    chances = seeding.chances_for(Event.get_or_none(Event.id == str(event_id)))  # before the lock
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        teams = [t for t in teams_of(event.id) if t.dropped_at is None]
        missing = [t.name for t in teams if t.checked_in_at is None]
        if missing:
            raise Conflict(
                f"not checked in yet: {', '.join(missing)}. Check them in, or drop them "
                "once the check-in time has passed",
                rule_code="NOT_CHECKED_IN",
            )
        ids = [str(t.id) for t in teams]
        order = _DRAW.sample(ids, len(ids)) if event.seeding == "random" else ids
        if event.seeding == "rating":
            order = seeding.by_rating(teams, chances)
        if event.format in ROUNDS_FORMATS:  # the first round is started with the event
            event.rounds_started = 1
            event.draw_seed = _DRAW.randrange(2**31) if event.format == "drawn" else None
        try:
            tournament_of(event, order, ())
        except BracketError as error:
            raise Refusal(
                409 if error.code == "BAD_TEAMS" else 422, error.message, rule_code=error.code
            ) from None
        event.seed_order = [int(i) for i in order]
        event.started_at = utcnow()
        event.version += 1
        event.save()
        notify_event(event.id)
        derived, tokens = progress.settle(
            event, derive.derive(event)
        )  # the first matches, same transaction
        links = tables.open_links(event)  # each table's own link, for the whole event
    return {**director_view(derived, tokens), "new_table_links": links}


def record_forfeit(event_id, bracket_id, team_id, kind):
    """The director records that `team_id` forfeits match `bracket_id`, or did not show up
    (no-show: more than the event's no-show minutes after the match was called; Timpson's
    flyer: "a team more than 5 minutes late is eliminated"). The other team wins; the table's
    link stops working for that match. Returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        derived = derive.derive(event)
        match = ready_match(derived, bracket_id)
        if match.status in ("played", "bye", "void"):
            raise Conflict(
                f"match {bracket_id} is already decided: correct its result instead",
                rule_code="MATCH_ALREADY_PLAYED",
            )
        if match.status != "ready":
            raise Conflict(
                f"match {bracket_id} cannot be forfeited yet: both its teams are not known",
                rule_code="MATCH_NOT_READY",
            )
        if str(team_id) not in match.teams:
            raise Invalid(
                f"{team_name(derived, team_id)} is not playing in match {bracket_id}",
                rule_code="NOT_IN_MATCH",
                errors=field_errors("team", "not in this match"),
            )
        row = derived.called.get(bracket_id)
        if kind == "no-show":
            if row is None:
                raise Conflict(
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
                raise Conflict(
                    f"{team_name(derived, team_id)} is not late yet: match {bracket_id}"
                    f" was called at {iso(row.called_at)}, and a team is out only when more "
                    f"than {event.no_show_minutes} minutes late",
                    rule_code="NOT_LATE_YET",
                ) from None
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
            notify_match_games(row.match_id)  # nor its streams of them
        bump(event)
        derived, tokens = progress.settle(event, rederive(derived, [*derived.records, record]))
    return director_view(derived, tokens)


def record_correction(event_id, bracket_id, winner_id):
    """The director corrects who won match `bracket_id`: later matches not played yet get
    their new teams (a called one with no hand played is called again); if a later match
    that would change has been played or is under way, 409 RESULT_LOCKED names them in
    `locked` and nothing is stored. Returns the director view."""
    with write_transaction():
        event = locked_event(event_id)
        derived = derive.derive(event)
        match = ready_match(derived, bracket_id)
        if match.status != "played":
            raise Conflict(
                f"match {bracket_id} has no result to correct yet",
                rule_code="MATCH_NOT_PLAYED",
            )
        if str(winner_id) not in match.teams:
            raise Invalid(
                f"{team_name(derived, winner_id)} did not play in match {bracket_id}",
                rule_code="NOT_IN_MATCH",
                errors=field_errors("winner", "not in this match"),
            )
        loser = next(t for t in match.teams if t != str(winner_id))
        try:
            # the check alone: the corrected bracket is derived from the records below
            derived.tournament.check_correction(Result(bracket_id, str(winner_id)))
        except CorrectionError as error:
            raise Conflict(error.message, rule_code=error.code, locked=list(error.locked)) from None
        record = EventRecord.create(
            event=event.id,
            bracket_id=bracket_id,
            kind="correction",
            winner=winner_id,
            loser=int(loser),
        )
        after = rederive(derived, [*derived.records, record])
        under_way = sorted(row.bracket_id for row in after.stale if has_hands(row))
        if under_way:  # raising out of the transaction takes the record back
            raise Conflict(
                f"match {bracket_id} can no longer change: {', '.join(under_way)} "
                f"{'is' if len(under_way) == 1 else 'are'} already under way with its teams",
                rule_code="RESULT_LOCKED",
                locked=under_way,
            )
        bump(event)
        derived, tokens = progress.settle(event, after)
    return director_view(derived, tokens)


def issue_table_token(event_id, bracket_id):
    """A new table token for a called match (the old one stops working); shown once."""
    token = new_token()
    with write_transaction():
        # The event lock first, then derive.derive: a result recorded in between cannot slip past
        # the "decided" check (the same order as every other event write).
        derived = derive.derive(locked_event(event_id))
        ready_match(derived, bracket_id)
        row = derived.called.get(bracket_id)
        if row is None:
            raise Conflict(
                f"match {bracket_id} has not been called to a table", rule_code="NOT_CALLED"
            )
        if bracket_id in derived.how:
            raise Conflict(
                f"match {bracket_id} is decided: its table needs no link",
                rule_code="MATCH_ALREADY_PLAYED",
            )
        Match.update(edit_token_hash=hash_token(token)).where(Match.id == row.match_id).execute()
        notify_match_games(row.match_id)  # the old token's streams end
    return {"match": bracket_id, "table": row.table, "match_id": row.match_id, "table_token": token}
