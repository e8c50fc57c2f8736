"""A season's nights and playoff, each a normal event (api/events/) made for the season with
its teams checked in; a night's substitutes; and the nights' games filed in the crew with
who sat in each seat, so the crew's statistics count the substitute, not the member."""

from peewee import IntegrityError, fn

from ..core.errors import Conflict, Invalid, NotFound, field_errors
from ..core.names import clean_name
from ..core.tokens import hash_token, new_token
from ..crews.roster import roster_names
from ..events.director import check_in, create_event
from ..events.removal import delete_event
from ..events.teams import edit_team
from ..live.hub import notify_event_games
from ..store.base import utcnow
from ..store.crews import Crew, CrewGame
from ..store.db import write_transaction
from ..store.events import Event, EventMatch, Team
from ..store.games import Game
from ..store.leagues import Night, Season, Substitute
from .seasons import season_nights, season_teams, season_view, substitutes_of
from .standings import event_results, rank


def _event_of(season, name, fmt, first_to, teams):
    """Make an event of `teams` (SeasonTeam rows, with their players' names for the night)
    and check every team in; returns (event id, {"director_token", "public_token"}, {event
    team id: season team id})."""
    made = create_event(
        {
            "name": name,
            "ruleset": season.ruleset,
            "format": fmt,
            "first_to": first_to,
            "tables": season.tables,
            "shake_rule": "rotate",
            "seeding": "listed",
            "minutes_per_game": 15,
            "no_show_minutes": 5,
            "teams": [{"name": t.name, "players": players} for t, players in teams],
        }
    )
    for team in made["teams"]:
        check_in(made["id"], team["id"])
    mapping = team_map([t.id for t, _players in teams], [t["id"] for t in made["teams"]])
    tokens = {"director_token": made["director_token"], "public_token": made["public_token"]}
    return made["id"], tokens, mapping


def team_map(season_team_ids, event_team_ids):
    """{event team id (as text): season team id} of a night's or playoff's event, made of the
    season teams given in that order: its teams, in the order of its list, are those teams.
    The import of a crew's file holds a night's map to it."""
    return {
        str(event): season for season, event in zip(season_team_ids, event_team_ids, strict=False)
    }


def _night(season, number):
    """The season's night `number` (404 if it has not been started)."""
    night = Night.get_or_none((Night.season == season.id) & (Night.number == number))
    if night is None:
        raise NotFound(f"{season.name} has no night {number} yet", rule_code="NOT_FOUND")
    return night


def start_night(season):
    """Make the season's next night: its event, the season's teams entered and checked in;
    the director starts it from the event screen. Returns the season view with the night's
    director token (shown once). 409 NIGHT_NOT_OVER while the last night is played, 409
    SEASON_OVER once every night has been."""
    view = season_view(season)
    if view["next_night"] is None:
        if len(view["played"]) == season.nights:
            raise Conflict(
                f"all {season.nights} nights of {season.name} have been played",
                rule_code="SEASON_OVER",
            )
        raise Conflict(
            f"night {len(view['played'])} is still being played: finish it before the next",
            rule_code="NIGHT_NOT_OVER",
        )
    number = view["next_night"]
    roster = roster_names(season.crew)
    teams = [(t, [roster[p] for p in t.players]) for t in season_teams(season)]
    event_id, tokens, mapping = _event_of(
        season, f"{season.name}, night {number}", season.format, season.first_to, teams
    )
    try:
        with write_transaction():
            Night.create(season=season.id, number=number, event=event_id, teams=mapping)
    except IntegrityError:  # another phone made this night in the same moment: keep theirs
        delete_event(event_id)
        raise Conflict(
            f"night {number} of {season.name} was just made on another phone",
            rule_code="NIGHT_NOT_OVER",
        ) from None
    return {**season_view(season), "event_id": event_id, **tokens}


def _check_substitutes(season, subs):
    """The night's substitutes of `season` checked (`check_substitutes`); returns ({season
    team id: SeasonTeam}, the crew's roster)."""
    teams, roster = season_teams(season), roster_names(season.crew)
    check_substitutes(season.name, teams, roster, subs)
    return {t.id: t for t in teams}, roster


def check_substitutes(season_name, season_teams, roster, subs):
    """A night's substitutes checked, the one check of the substitutes route and of the
    import of a crew's file: a team of the season, a member of it, one of a crew player or a
    name, and nobody playing twice that night (422 in words otherwise). `season_teams`: rows
    with an id, name and players; `roster`: {player id: name}. Each sub's player and name
    are set as stored (a crew player's name from the roster)."""
    teams = {t.id: t for t in season_teams}
    lineup = {(t.id, m): p for t in teams.values() for m, p in enumerate(t.players)}
    seen = set()
    for sub in subs:
        if sub["team"] not in teams:
            raise Invalid(
                f"{season_name} has no team {sub['team']}",
                rule_code="NOT_FOUND",
                errors=field_errors("substitutes", "a team not in the season"),
            )
        if (sub.get("player") is None) == (sub.get("name") is None):
            raise Invalid(
                "name the substitute once: a player of the crew, or a name typed in",
                rule_code="BAD_SUBSTITUTE",
                errors=field_errors("substitutes", "a player or a name, one of them"),
            )
        if sub.get("player") is not None:
            player = str(sub["player"])
            if player not in roster:
                raise Invalid(
                    "the substitute is not on the crew's list: add the player to the crew "
                    "first, or type a name in",
                    rule_code="NOT_ON_ROSTER",
                    errors=field_errors("substitutes", "a player not on the crew's list"),
                )
            sub["player"], sub["name"] = player, roster[player]
        else:
            sub["name"] = clean_name(sub["name"], "a substitute")
        key = (sub["team"], sub["member"])
        if key in seen:
            raise Invalid(
                f"{teams[sub['team']].name} has two substitutes for one player",
                rule_code="PLAYER_TWICE",
                errors=field_errors("substitutes", "one substitute a player"),
            )
        seen.add(key)
        lineup[key] = None
    playing = {}
    for (team, _member), player in lineup.items():
        if player is not None:
            playing[player] = team
    for sub in subs:
        if sub["player"] is not None and sub["player"] in playing:
            raise Invalid(
                f"{sub['name']} already plays tonight for {teams[playing[sub['player']]].name}",
                rule_code="PLAYER_TWICE",
                errors=field_errors("substitutes", "already playing that night"),
            )
        if sub["player"] is not None:
            playing[sub["player"]] = sub["team"]


def set_substitutes(season, number, subs):
    """Name the substitutes of night `number` (the whole list: an empty one takes them all
    back); the night's event teams take the names, and its games their seats. Returns the
    season view."""
    night = _night(season, number)
    teams, roster = _check_substitutes(season, subs)
    with write_transaction():
        Substitute.delete().where(Substitute.night == night.id).execute()
        for sub in subs:
            Substitute.create(
                night=night.id,
                team=sub["team"],
                member=sub["member"],
                player=sub["player"],
                name=sub["name"],
            )
    named = {(s["team"], s["member"]): s["name"] for s in subs}
    for event_team in Team.select().where(Team.event == night.event_id):
        team = teams.get(night.teams.get(str(event_team.id)))
        if team is None:
            continue
        players = [named.get((team.id, m), roster.get(p)) for m, p in enumerate(team.players)]
        if players != event_team.players:
            edit_team(night.event_id, event_team.id, {"players": players})
    file_games(season)
    return season_view(season)


def _lineups(night, teams):
    """{season team id: [crew player id or None per member]} of `night` (a substitute typed
    in sits as None: no crew player's statistics take the hands)."""
    subs = substitutes_of(night)
    return {
        t.id: [subs[(t.id, m)].player if (t.id, m) in subs else p for m, p in enumerate(t.players)]
        for t in teams
    }


def _seats_of(event_id, mapping, lineups):
    """{game id: seats} of every game of the event: a side's members in seats 1 and 3 (side
    0) or 2 and 4 (side 1), as the rules seat partners across."""
    wanted = {}
    for row in EventMatch.select().where(EventMatch.event == event_id):
        seats = _seats(row, mapping, lineups)
        if seats is None:
            continue
        for game in Game.select(Game.id).where(Game.match_id == row.match_id):
            wanted[game.id] = seats
    return wanted


def _seats(called, mapping, lineups):
    """The seats of the games of the called match `called` (an EventMatch row), or None when
    one of its teams is no season team."""
    sides = [lineups.get(mapping.get(str(t))) for t in called.teams]
    if None in sides:
        return None
    return [sides[0][0], sides[1][0], sides[0][1], sides[1][1]]


def file_game(event_id, match_id, game_id):
    """File the game `game_id` just made (of match `match_id`) in the crew, in the open write
    transaction, when its event is a season's night or playoff: the crew's statistics count
    it from the start, and no read of the season has to write. Connected at start-up to the
    events layer (api/events/made.py), which may not import this one."""
    night = Night.get_or_none(Night.event == event_id)
    if night is not None:
        season, mapping = night.season, night.teams
        lineups = _lineups(night, season_teams(season))
    else:
        season = Season.get_or_none(Season.playoff_event == event_id)
        if season is None:  # not a league's event
            return
        mapping = season.playoff_map
        lineups = {t.id: list(t.players) for t in season_teams(season)}
    seats = _seats(EventMatch.get(EventMatch.match_id == match_id), mapping, lineups)
    if seats is None or CrewGame.get_or_none(CrewGame.game == game_id) is not None:
        return
    CrewGame.create(game=game_id, crew=season.crew_id, seat_players=seats)
    _move_crew(season.crew_id)


def file_games(season):
    """Put every game of the season's nights and playoff in the crew with who sat where
    (the night's substitutes in their member's seat); writes only what changed. A game
    another crew holds stays there."""
    wanted, teams = {}, season_teams(season)
    for night in season_nights(season):
        wanted.update(_seats_of(night.event_id, night.teams, _lineups(night, teams)))
    if season.playoff_event_id is not None:
        members = {t.id: list(t.players) for t in teams}
        wanted.update(_seats_of(season.playoff_event_id, season.playoff_map, members))
    if not wanted:
        return
    have = {r.game_id: r for r in CrewGame.select().where(CrewGame.game.in_(list(wanted)))}
    changed = {
        game: seats
        for game, seats in wanted.items()
        if game not in have
        or (have[game].crew_id == season.crew_id and have[game].seat_players != seats)
    }
    if not changed:
        return
    try:
        _file(season, have, changed)
    except IntegrityError:  # another change filed them in the same moment: theirs stands
        pass


def _file(season, have, changed):
    """Write `changed` ({game id: seats}) to the crew's games, in one transaction."""
    with write_transaction():
        for game, seats in changed.items():
            if game in have:
                CrewGame.update(seat_players=seats).where(
                    (CrewGame.game == game) & (CrewGame.crew == season.crew_id)
                ).execute()
            elif CrewGame.get_or_none(CrewGame.game == game) is None:
                CrewGame.create(game=game, crew=season.crew_id, seat_players=seats)
        _move_crew(season.crew_id)


def _move_crew(crew_id):
    """The crew's statistics and ratings read its games: their revision moves (in the open
    transaction)."""
    Crew.update(updated_at=utcnow(), revision=fn.COALESCE(Crew.revision, 0) + 1).where(
        Crew.id == crew_id
    ).execute()


def check_has_playoff(season):
    """409 NO_PLAYOFF for a season made without a playoff: the one check of the playoff
    route and of the import of a crew's file whose season brings a playoff."""
    if season.playoff_teams is None:
        raise Conflict(f"{season.name} has no playoff", rule_code="NO_PLAYOFF")


def start_playoff(season):
    """Make the playoff: a single-elimination event of the season's top teams, seeded by
    their standing, checked in; the director starts it. Returns the season view with its
    director token (shown once). 409 NO_PLAYOFF, SEASON_NOT_OVER, PLAYOFF_STARTED."""
    check_has_playoff(season)
    if season.playoff_event_id is not None:
        raise Conflict(f"the playoff of {season.name} has started", rule_code="PLAYOFF_STARTED")
    view = season_view(season)
    if not view["season_over"]:
        raise Conflict(
            f"the playoff starts once all {season.nights} nights of {season.name} are over",
            rule_code="SEASON_NOT_OVER",
        )
    roster = roster_names(season.crew)
    teams = {t.id: t for t in season_teams(season)}
    records = [event_results(n.event, n.teams)[0] for n in season_nights(season)]
    top = rank(list(teams.values()), records)[: season.playoff_teams]
    entered = [(teams[r["team"]], [roster[p] for p in teams[r["team"]].players]) for r in top]
    event_id, tokens, mapping = _event_of(
        season, f"{season.name}, playoff", "single-elimination", season.playoff_first_to, entered
    )
    with write_transaction():
        kept = (
            Season.update(playoff_event=event_id, playoff_map=mapping)
            .where((Season.id == season.id) & Season.playoff_event.is_null())
            .execute()
        )
    if not kept:  # another phone made the playoff in the same moment: keep theirs
        delete_event(event_id)
        raise Conflict(f"the playoff of {season.name} has started", rule_code="PLAYOFF_STARTED")
    season = Season.get_by_id(season.id)
    return {**season_view(season), "event_id": event_id, **tokens}


def director_link(season, number=None):
    """A new director token for night `number` (or the playoff): the old one stops working.
    For the crew's phone that lost the one shown at the start."""
    if number is None:
        event_id = season.playoff_event_id
        if event_id is None:
            raise NotFound(f"the playoff of {season.name} has not started", rule_code="NOT_FOUND")
    else:
        event_id = _night(season, number).event_id
    token = new_token()
    with write_transaction():
        Event.update(director_token_hash=hash_token(token)).where(Event.id == event_id).execute()
        notify_event_games(event_id)  # the old token's game streams end now, not at a change
    return {"event_id": event_id, "director_token": token}
