"""A crew's seasons: make one (its teams of the crew's players, its nights, how a night is
played, its playoff) and read it with its nights and standings, derived on the read."""

import uuid

from peewee import IntegrityError

from ..core.errors import Conflict, Invalid, NotFound, field_errors
from ..core.names import clean_name
from ..core.times import iso
from ..crews.roster import roster_names
from ..games.rulesets import two_team_ruleset
from ..store.db import write_transaction
from ..store.leagues import Night, Season, SeasonTeam, Substitute
from .standings import event_results, rank

# What a night is played as: the event formats a fixed field of teams plays through in one
# sitting, with no rounds or cut to set (docs/leagues.md).
NIGHT_FORMATS = ("round-robin", "single-elimination", "double-elimination")


def check_season(crew_name, roster, data):
    """A season as the routes make it, the one check of the season route and of the import
    of a crew's file: a ruleset of pairs, a readable name, and its teams (`_check_teams`).
    `roster`: {player id: name} of the crew. Returns (the season's name, its teams' names)
    cleaned as stored. 422 in words otherwise."""
    _check_rules(data)
    name = clean_name(data["name"], "a season")
    return name, _check_teams(crew_name, roster, data["teams"], data.get("playoff_teams"))


def _check_teams(crew_name, roster, teams, playoff):
    """The season's teams: distinct names, two distinct players each from the crew's roster,
    nobody on two teams, and at least as many teams as the playoff takes (422 otherwise).
    Returns their names, cleaned."""
    seen_names, seen_players, names = set(), {}, []
    for team in teams:
        name = clean_name(team["name"], "a team")
        names.append(name)
        if name.casefold() in seen_names:
            raise Invalid(
                f"two teams are called {name}: give each team its own name",
                rule_code="TEAM_NAME_TAKEN",
                errors=field_errors("teams", "two teams have one name"),
            )
        seen_names.add(name.casefold())
        for player in (str(p) for p in team["players"]):
            if player not in roster:
                raise Invalid(
                    f"{name} names someone who is not on {crew_name}'s list: add the player "
                    "to the crew first",
                    rule_code="NOT_ON_ROSTER",
                    errors=field_errors("teams", "a player not on the crew's list"),
                )
            if player in seen_players:
                raise Invalid(
                    f"{roster[player]} can't play for both {seen_players[player]} and {name}",
                    rule_code="PLAYER_TWICE",
                    errors=field_errors("teams", "a player on two teams"),
                )
            seen_players[player] = name
    if playoff is not None and playoff > len(teams):
        raise Invalid(
            f"a playoff of the top {playoff} needs at least {playoff} teams, and this "
            f"season has {len(teams)}",
            rule_code="BAD_PLAYOFF",
            errors=field_errors("playoff_teams", "more than the season's teams"),
        )
    return names


def _check_rules(data):
    """The ruleset must make a two-team game of four players (a league team is a pair)."""
    ruleset = two_team_ruleset({"ruleset": data["ruleset"]}, "league night's match")
    if ruleset.players != 4:
        raise Invalid(
            f"a league team is a pair, and {ruleset.name} seats {ruleset.players} players",
            rule_code="MATCH_NEEDS_TWO_TEAMS",
            errors=field_errors("ruleset", "needs four seats"),
        )


def create_season(crew, data):
    """Make a season of the crew; returns its view (201). 422 for a team that does not fit,
    409 SEASON_NAME_TAKEN for a name another season of the crew has."""
    name, team_names = check_season(crew.name, roster_names(crew), data)
    season = Season(
        id=str(uuid.uuid4()),
        crew=crew.id,
        name=name,
        nights=data["nights"],
        format=data["format"],
        first_to=data["first_to"],
        ruleset=data["ruleset"],
        tables=data["tables"],
        playoff_teams=data.get("playoff_teams"),
        playoff_first_to=data["playoff_first_to"],
    )
    try:
        with write_transaction():
            here = Season.select(Season.name).where(
                (Season.crew == crew.id) & (Season.name == name)
            )
            check_season_name(crew.name, name, [s.name for s in here])
            season.save(force_insert=True)
            for order, (team, team_name) in enumerate(
                zip(data["teams"], team_names, strict=True), 1
            ):
                SeasonTeam.create(
                    season=season.id,
                    name=team_name,
                    players=[str(p) for p in team["players"]],
                    list_order=order,
                )
    except IntegrityError:  # another phone made one of this name in the same moment
        raise _name_taken(crew.name, name) from None
    return season_view(season)


def check_season_name(crew_name, name, taken):
    """409 SEASON_NAME_TAKEN when `name` (cleaned, as stored) is one of `taken`, the names of
    the crew's other seasons: the one check of the season route and of the import of a
    crew's file (its seasons one after another). Compared as the store's unique index
    compares them, letter for letter."""
    if name in taken:
        raise _name_taken(crew_name, name)


def _name_taken(crew_name, name):
    return Conflict(
        f"{crew_name} already has a season called {name}",
        rule_code="SEASON_NAME_TAKEN",
        errors=field_errors("name", "already a season of this crew"),
    )


def require_season(crew, season_id):
    """The crew's season `season_id` (404 if the crew has none: another crew's too)."""
    season = Season.get_or_none((Season.id == str(season_id)) & (Season.crew == crew.id))
    if season is None:
        raise NotFound(f"{crew.name} has no such season", rule_code="NOT_FOUND")
    return season


def season_teams(season):
    """The season's teams in list order."""
    return list(
        SeasonTeam.select().where(SeasonTeam.season == season.id).order_by(SeasonTeam.list_order)
    )


def season_nights(season):
    """The season's nights, first first (with their events)."""
    return list(Night.select().where(Night.season == season.id).order_by(Night.number))


def substitutes_of(night):
    """The night's substitutes as {(season team id, member): Substitute}."""
    rows = Substitute.select().where(Substitute.night == night.id)
    return {(s.team_id, s.member): s for s in rows}


def _night_view(night, results, view, names):
    return {
        "number": night.number,
        "event_id": night.event_id,
        "name": night.event.name,
        "started": night.event.started_at is not None,
        "finished": view["finished"],
        "substitutes": [
            {"team": team, "member": member, "player": s.player, "name": s.name}
            for (team, member), s in sorted(substitutes_of(night).items())
        ],
        "results": [
            {"team": t, "team_name": names[t], **{k: v for k, v in r.items() if k != "team"}}
            for t, r in results.items()
        ],
    }


def _playoff_view(season, standings):
    """The playoff: who goes on (the top `playoff_teams` as the standings stand), its event
    once started, and its champion (a season team id) once over."""
    if season.playoff_teams is None:
        return None
    out = {
        "teams": season.playoff_teams,
        "first_to": season.playoff_first_to,
        "seeds": [row["team"] for row in standings[: season.playoff_teams]],
        "event_id": None,
        "started": False,
        "finished": False,
        "champion": None,
    }
    event = season.playoff_event
    if event is not None:
        _results, view = event_results(event, season.playoff_map)
        champion = view["champion"]
        out.update(
            event_id=event.id,
            started=event.started_at is not None,
            finished=view["finished"],
            champion=season.playoff_map.get(str(champion)) if champion is not None else None,
        )
    return out


def season_view(season):
    """The season as JSON (docs/leagues.md): settings, teams, nights with their results,
    standings (derived from the nights' events now) and the playoff."""
    teams = season_teams(season)
    names = {t.id: t.name for t in teams}
    roster = roster_names(season.crew)
    nights, records, over = [], [], True
    for night in season_nights(season):
        results, view = event_results(night.event, night.teams)
        records.append(results)
        nights.append(_night_view(night, results, view, names))
        over = over and view["finished"]
    standings = rank(teams, records)
    for row in standings:
        row["team_name"] = names[row["team"]]
        row["nights"] = [{k: v for k, v in n.items() if k != "team"} for n in row["nights"]]
    played = len(nights)
    return {
        "id": season.id,
        "crew_id": season.crew_id,
        "name": season.name,
        "nights": season.nights,
        "format": season.format,
        "first_to": season.first_to,
        "ruleset": season.ruleset,
        "tables": season.tables,
        "created_at": iso(season.created_at),
        "teams": [
            {
                "id": t.id,
                "name": t.name,
                "players": t.players,
                "player_names": [roster.get(p) for p in t.players],
            }
            for t in teams
        ],
        "played": nights,
        "next_night": played + 1 if played < season.nights and over else None,
        "season_over": played == season.nights and over,
        "standings": standings,
        "playoff": _playoff_view(season, standings),
    }


def crew_seasons(crew):
    """The crew's seasons, newest first, in short: id, name, nights, nights started."""
    seasons = Season.select().where(Season.crew == crew.id).order_by(Season.created_at.desc())
    return [
        {
            "id": s.id,
            "name": s.name,
            "nights": s.nights,
            "started": Night.select().where(Night.season == s.id).count(),
        }
        for s in seasons
    ]
