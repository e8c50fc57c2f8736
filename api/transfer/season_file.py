"""A crew's seasons in the crew's file, and back from it (docs/export.md "A crew's
seasons").

Each season travels with its settings, its teams (two crew players each, by the roster's ids
already in the file), its nights (each night's event in full, as an event's file has it, with
which event team is which season team and the night's substitutes) and its playoff's event.
Teams are named by their number in the file, the season's and each event's, never by a
server's ids. The standings are not in it: they are derived again from the nights' events.

Seasons come back with a crew the import creates; a crew already here keeps its own seasons,
and a difference in them makes the crew a `conflict`, left as it is.
"""

from ..core.errors import Conflict, Invalid
from ..core.times import naive_utc
from ..leagues.nights import check_has_playoff, check_substitutes, team_map
from ..leagues.seasons import NIGHT_FORMATS, check_season
from ..store.base import utcnow
from ..store.events import Event
from ..store.leagues import Night, Season, SeasonTeam, Substitute
from .event_file import (
    check_calls_of,
    event_export,
    event_part,
    new_tokens,
    read_event,
    rows_of,
    store_event,
)
from .export import iso

SETTINGS = ("name", "nights", "format", "first_to", "ruleset", "tables", "playoff_teams")


def season_part(season, teams, played, playoff):
    """A season's part of the crew's file. `teams`: its SeasonTeams in list order; `played`:
    each night as {number, event (its part), teams {event team number: season team id},
    substitutes [(season team id, member, player, name)], created_at}; `playoff`: (event
    part, {event team number: season team id}) or None."""
    number = {team.id: n for n, team in enumerate(teams, 1)}

    def mapped(mapping):
        return {str(k): number[v] for k, v in sorted(mapping.items(), key=lambda i: int(i[0]))}

    return {
        "id": season.id,
        **{key: getattr(season, key) for key in SETTINGS},
        "playoff_first_to": season.playoff_first_to,
        "created_at": iso(season.created_at),
        "teams": [
            {"number": number[t.id], "name": t.name, "players": t.players, "order": t.list_order}
            for t in teams
        ],
        "played": [
            {
                "number": night["number"],
                "created_at": iso(night["created_at"]),
                "event": night["event"],
                "teams": mapped(night["teams"]),
                "substitutes": [
                    {"team": number[team], "member": member, "player": player, "name": name}
                    for team, member, player, name in sorted(
                        night["substitutes"], key=lambda s: (number[s[0]], s[1])
                    )
                ],
            }
            for night in played
        ],
        "playoff": None if playoff is None else {"event": playoff[0], "teams": mapped(playoff[1])},
    }


def _event(event_id, events, docs):
    """(the event's part, {team id: number}); its games and matches join `docs`. `events`:
    {event id: (Event, its rows_of)}."""
    event, rows = events[event_id]
    doc, numbers = event_export(event, rows)
    docs.append(doc)
    return doc["event"], numbers


def _events_of(seasons, nights):
    """{event id: (Event, its rows)} of every night's and playoff's event of `seasons`: eight
    queries, however many nights."""
    ids = [n.event_id for rows in nights.values() for n in rows]
    ids += [s.playoff_event_id for s in seasons if s.playoff_event_id is not None]
    if not ids:
        return {}
    rows = rows_of(ids)
    return {event.id: (event, rows[event.id]) for event in Event.select().where(Event.id.in_(ids))}


def crew_seasons(crew_id):
    """(the crew's season parts, oldest first, and each of their events' files, for their
    games and matches): twelve queries, however many seasons and nights."""
    seasons = list(Season.select().where(Season.crew == crew_id).order_by(Season.created_at))
    ids = [s.id for s in seasons]
    teams, nights, subs = {}, {}, {}
    if ids:
        for team in (
            SeasonTeam.select()
            .where(SeasonTeam.season.in_(ids))
            .order_by(SeasonTeam.list_order, SeasonTeam.id)
        ):
            teams.setdefault(team.season_id, []).append(team)
        for night in Night.select().where(Night.season.in_(ids)).order_by(Night.number):
            nights.setdefault(night.season_id, []).append(night)
        night_ids = [n.id for rows in nights.values() for n in rows]
        if night_ids:
            for sub in Substitute.select().where(Substitute.night.in_(night_ids)):
                subs.setdefault(sub.night_id, []).append(
                    (sub.team_id, sub.member, sub.player, sub.name)
                )
    parts, docs, events = [], [], _events_of(seasons, nights)
    for season in seasons:
        played = []
        for night in nights.get(season.id, []):
            part, numbers = _event(night.event_id, events, docs)
            played.append(
                {
                    "number": night.number,
                    "created_at": night.created_at,
                    "event": part,
                    "teams": {numbers[int(k)]: v for k, v in night.teams.items()},
                    "substitutes": subs.get(night.id, []),
                }
            )
        playoff = None
        if season.playoff_event_id is not None:
            part, numbers = _event(season.playoff_event_id, events, docs)
            playoff = (part, {numbers[int(k)]: v for k, v in season.playoff_map.items()})
        parts.append(season_part(season, teams.get(season.id, []), played, playoff))
    return parts, docs


# ---- import ----


def _refuse(message, rule_code="BAD_SEASON"):
    raise Invalid(message, rule_code=rule_code)


def _mapping(entry_map, event_read, season_teams, what):
    """A night's {event team number: season team number}, checked: every event team is one
    season team, each season team at most once."""
    event_teams = len(event_read[1])
    mapping = {int(k): v for k, v in entry_map.items()}
    if sorted(mapping) != list(range(1, event_teams + 1)):
        _refuse(f"{what} does not say which season team each of its teams is")
    if len(set(mapping.values())) != len(mapping) or not all(
        1 <= v <= season_teams for v in mapping.values()
    ):
        _refuse(f"{what} names a season team twice, or one the season does not have")
    return mapping


def _night_mapping(night, event_read, teams, what):
    """A night's map, checked as `_mapping` and held to the one its route makes (`team_map`:
    its event's teams are the season's, in the season's order)."""
    mapping = _mapping(night["teams"], event_read, len(teams), what)
    made = team_map([t.id for t in teams], [t.id for t in event_read[1]])
    wrong = next((k for k, v in mapping.items() if made.get(str(k)) != v), None)
    if wrong is not None:
        _refuse(
            f"{what} says its team {wrong} is {teams[mapping[wrong] - 1].name}, and the night "
            "was made of the season's teams in the season's order"
        )
    return mapping


def _substitutes(night, teams, roster, what):
    """A night's substitutes as (team number, member, player, name), checked as the
    substitutes route checks them (`check_substitutes`): a crew player's name is the
    roster's."""
    subs = [
        {
            "team": sub["team"],
            "member": sub["member"],
            "player": sub.get("player") and str(sub["player"]),
            "name": None if sub.get("player") else sub["name"],
        }
        for sub in night["substitutes"]
    ]
    check_substitutes(what, teams, roster, subs)
    return [(s["team"], s["member"], s["player"], s["name"]) for s in subs]


def read_season(entry, crew_name, roster, matches):
    """A season of the file as unsaved rows: (Season, SeasonTeams numbered as in the file,
    [(night number, created_at, event read, mapping, substitutes)], playoff (event read,
    mapping) or None). Its settings, teams and substitutes go through the season routes'
    own checks (`check_season`, `check_substitutes`); 422 when it does not fit the crew's
    roster (`roster`: {player id: name}) or its nights' events. `matches`: (the file's
    matches, {game id: its match id})."""
    file_matches, file_games = matches
    season = Season(id=str(entry["id"]))
    for key in SETTINGS:
        setattr(season, key, entry.get(key))
    season.playoff_first_to = entry["playoff_first_to"]
    season.created_at = naive_utc(entry.get("created_at")) or utcnow()
    if season.format not in NIGHT_FORMATS:
        _refuse(f"{season.name} plays its nights as {season.format}, which no season does")
    season.name, names = check_season(crew_name, roster, entry)
    teams = []
    for n, (item, name) in enumerate(zip(entry["teams"], names, strict=True), 1):
        if item["number"] != n:
            _refuse(f"{season.name}'s teams must be numbered 1, 2, 3 ... in order")
        pair = [str(p) for p in item["players"]]
        teams.append(SeasonTeam(id=n, name=name, players=pair, list_order=item["order"]))
    played = []
    for night in entry["played"]:
        what = f"night {night['number']} of {season.name}"
        event = read_event(night["event"], file_matches, file_games)
        mapping = _night_mapping(night, event, teams, what)
        subs = _substitutes(night, teams, roster, what)
        created = naive_utc(night.get("created_at")) or utcnow()
        played.append((night["number"], created, event, mapping, subs))
    if [p[0] for p in played] != list(range(1, len(played) + 1)) or len(played) > season.nights:
        _refuse(f"{season.name}'s nights must be numbered 1, 2, 3 ..., no more than it plays")
    playoff = None
    if entry.get("playoff") is not None:
        playoff = _playoff(entry["playoff"], season, teams, (file_matches, file_games))
    return season, teams, played, playoff


def _playoff(entry, season, teams, matches):
    """The season's playoff read as (event read, mapping), held to what the playoff route
    makes: a season with a playoff (`check_has_playoff`), its top `playoff_teams` entered,
    each a season team once. Which teams those were is the standings' at the playoff's
    start, which the file cannot show: a night corrected after it moves the standings, and
    the playoff stays as it was seeded (docs/export.md)."""
    check_has_playoff(season)
    event = read_event(entry["event"], *matches)
    what = f"the playoff of {season.name}"
    mapping = _mapping(entry["teams"], event, len(teams), what)
    if len(mapping) != season.playoff_teams:
        _refuse(
            f"{what} takes the top {season.playoff_teams} teams, and the file's playoff has "
            f"{len(mapping)}",
            "BAD_PLAYOFF",
        )
    return event, mapping


def read_part(read):
    """A season read from a file as its part (the import compares it with the one here)."""
    season, teams, played, playoff = read
    nights = [
        {
            "number": number,
            "created_at": created,
            "event": event_part(*event),
            "teams": mapping,
            "substitutes": subs,
        }
        for number, created, event, mapping, subs in played
    ]
    last = None if playoff is None else (event_part(*playoff[0]), playoff[1])
    return season_part(season, teams, nights, last)


def check_new(reads, matches):
    """409, nothing stored, when a season of a crew the import creates, or one of its
    events, is already here, or one of the events' matches is not created by the import;
    422 when an event's calls are not its bracket's (`check_calls_of`). `matches`: (the
    file's matches, the matches the import creates)."""
    file_matches, created_matches = matches
    events = [e for _s, _t, played, playoff in reads for *_n, e, _m, _x in played]
    events += [playoff[0] for _s, _t, _p, playoff in reads if playoff is not None]
    taken = Season.get_or_none(Season.id.in_([r[0].id for r in reads])) if reads else None
    if taken is None and events:
        taken = Event.get_or_none(Event.id.in_([e[0].id for e in events]))
    if taken is None:
        match = next((c for e in events for c in e[2] if c.match_id not in created_matches), None)
        taken = match and f"match {match.bracket_id}"
    if taken is not None:
        name = taken if isinstance(taken, str) else taken.name
        raise Conflict(
            f"{name} is already here under another crew, so the crew's seasons cannot be "
            "restored here; nothing was stored",
            rule_code="CONFLICT",
        )
    for read in events:
        check_calls_of(read, file_matches)


def _event_row(read):
    """Store an event of a season with tokens nobody holds (the crew's director link makes
    one, `POST .../nights/{n}/director-link`); returns {team number: team id}."""
    new_tokens(read[0])  # shown to nobody
    return store_event(read)


def store_seasons(reads, crew_id):
    """Insert the seasons of a created crew (inside the import's transaction, after the
    crew and its games): their events, teams, nights, substitutes and playoff."""
    for season, teams, played, playoff in reads:
        season.crew = crew_id
        season.save(force_insert=True)
        ids = {}
        for team in teams:
            ids[team.id] = SeasonTeam.create(
                season=season.id, name=team.name, players=team.players, list_order=team.list_order
            ).id
        for number, created, event, mapping, subs in played:
            team_ids = _event_row(event)
            night = Night.create(
                season=season.id,
                number=number,
                event=event[0].id,
                teams={str(team_ids[k]): ids[v] for k, v in mapping.items()},
                created_at=created,
            )
            for team, member, player, name in subs:
                Substitute.create(
                    night=night.id, team=ids[team], member=member, player=player, name=name
                )
        if playoff is not None:
            team_ids = _event_row(playoff[0])
            Season.update(
                playoff_event=playoff[0][0].id,
                playoff_map={str(team_ids[k]): ids[v] for k, v in playoff[1].items()},
            ).where(Season.id == season.id).execute()
