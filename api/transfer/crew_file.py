"""A crew as a file, and a crew back from one (docs/export.md "A crew").

The export is the format's JSON with a `crew` part (name, roster, and who sat where in each
of its games) beside every game of the crew and their matches, so the file is complete and
re-importable; or CSV, one row per hand, the seats named by the roster. It is read in a
fixed number of queries, however many games the crew has (the hands of every game in one).

The import never changes a crew already here: one with the same content is `unchanged`
(importing twice changes nothing), one with other content is a `conflict`, left as it is.
A crew not here is `created` with a new crew token, shown this once; it gets only the games
this import created (a game already here may be a stranger's: only its edit token can put
it in a crew, as PUT /api/crews/{id}/games/{game id} asks).
"""

import datetime

from ..core.errors import Invalid
from ..core.names import clean_name, name_key
from ..core.tokens import hash_token, new_token
from ..crews.roster import check_seats_shape, join_url
from ..games.rulesets import game_ruleset
from ..leagues.seasons import check_season_name
from ..store.base import canonical_json, utcnow
from ..store.crews import Crew, CrewGame, CrewPlayer
from ..store.games import Game, Match
from .export import (
    CSV_COLUMNS,
    csv_rows,
    document,
    game_entry,
    hand_row,
    hands_of,
    iso,
    match_entry,
    seat_name,
)
from .season_file import check_new, crew_seasons, read_part, read_season, store_seasons

CREW_GAMES_SQL = 'SELECT cg."game_id" FROM "crewgame" AS cg WHERE cg."crew_id" = {p}'

CSV_EXTRA = ("seats",)


def _crew_rows(crew, results=False):
    """(the crew's players by name, its CrewGame rows oldest first, their games by id, each
    game's HandRows by game id): four queries, whatever the crew's size. The hands' scored
    results are read only when asked for (the CSV needs them; the JSON does not)."""
    players = list(
        CrewPlayer.select(CrewPlayer.id, CrewPlayer.name)
        .where(CrewPlayer.crew == crew.id)
        .order_by(CrewPlayer.name_key, CrewPlayer.id)
    )
    links = list(
        CrewGame.select(CrewGame.game, CrewGame.seat_players, CrewGame.attached_at)
        .where(CrewGame.crew == crew.id)
        .order_by(CrewGame.attached_at, CrewGame.game)
    )
    games = {
        game.id: game
        for game in Game.select().where(
            Game.id.in_(CrewGame.select(CrewGame.game).where(CrewGame.crew == crew.id))
        )
    }
    hands = {game_id: [] for game_id in games}
    hands.update(hands_of(CREW_GAMES_SQL, crew.id, results))
    return players, links, games, hands


def _ordered(links, games):
    """The crew's games in the order of the crew's list (oldest joined first)."""
    return [games[link.game_id] for link in links if link.game_id in games]


def crew_document(crew):
    """The JSON export of a crew: its `crew` part, its games and the matches they belong to."""
    players, links, games, hands = _crew_rows(crew)
    match_ids = sorted({g.match_id for g in games.values() if g.match_id is not None})
    matches = Match.select().where(Match.id.in_(match_ids)).order_by(Match.id) if match_ids else []
    doc = document(
        [game_entry(game, hands[game.id]) for game in _ordered(links, games)],
        [match_entry(match) for match in matches],
    )
    seasons, event_docs = crew_seasons(crew.id)
    _merge(doc, event_docs)
    doc["crew"] = {
        "id": crew.id,
        "name": crew.name,
        "players": [{"id": p.id, "name": p.name} for p in players],
        "games": [
            {
                "game_id": link.game_id,
                "seats": link.seat_players,
                "attached_at": iso(link.attached_at),  # the crew's list's order
            }
            for link in links
        ],
        "seasons": seasons,
    }
    return doc


def _merge(doc, event_docs):
    """The games and matches of the seasons' events that are not already in `doc` (a night's
    game joins the crew when it is made; one just called may not have yet), after its own."""
    for key in ("games", "matches"):
        have = {item["id"] for item in doc[key]}
        for event_doc in event_docs:
            for item in event_doc[key]:
                if item["id"] not in have:
                    doc[key].append(item)
                    have.add(item["id"])


def crew_csv(crew):
    """The CSV export of a crew: the game export's columns, one row per hand of each of its
    games, the dealer and bidder named by the roster where a seat names a crew player, and a
    `seats` column naming who sat in each seat."""
    players, links, games, hands = _crew_rows(crew, results=True)
    names = {p.id: p.name for p in players}
    seats_by_game = {link.game_id: link.seat_players for link in links}
    rows = []
    for game in _ordered(links, games):
        ruleset = game_ruleset(game)
        seats = seats_by_game[game.id]
        seat_names = [
            names.get(player) or seat_name(ruleset, game.teams, seat)
            if player is not None
            else seat_name(ruleset, game.teams, seat)
            for seat, player in enumerate(seats)
        ]
        said_seats = "; ".join(f"seat {n + 1} {name}" for n, name in enumerate(seat_names))
        for hand in hands[game.id]:
            row = hand_row(ruleset, game, hand, seat_names)
            rows.append({**row, "seats": said_seats})
    return csv_rows(rows, CSV_COLUMNS + CSV_EXTRA)


def read_crew(entry, seat_counts):
    """A crew entry checked against itself and the games of the file (`seat_counts`: game id
    -> how many seats it has); returns its content. 422 (nothing stored) when the roster
    has a player twice or a name twice, a crew game is not in the file, or its seats do not
    fit the game (the same refusals as the crew routes)."""
    players, seen_ids, seen_names = [], set(), {}
    for player in entry["players"]:
        pid = str(player["id"])
        name = clean_name(player["name"], "A player")
        if pid in seen_ids:
            raise Invalid(f"{name} is on the crew's list twice", rule_code="DUPLICATE")
        if name_key(name) in seen_names:
            raise Invalid(
                f"{seen_names[name_key(name)]} and {name} are the same name on the crew's "
                f"list: tell the two apart (say {name} B.)",
                rule_code="NAME_TAKEN",
            )
        seen_ids.add(pid)
        seen_names[name_key(name)] = name
        players.append({"id": pid, "name": name})
    games = []
    for link in entry["games"]:
        game_id = str(link["game_id"])
        seat_count = seat_counts.get(game_id)
        if seat_count is None:
            raise Invalid(
                "the crew names a game that is not in the file: export the crew again",
                rule_code="CREW_GAME_MISSING",
                game_id=game_id,
            )
        if game_id in {g["game_id"] for g in games}:
            raise Invalid("the crew names one game twice", rule_code="DUPLICATE", game_id=game_id)
        seats = check_seats_shape(seat_count, link["seats"], seen_ids)
        games.append(
            {"game_id": game_id, "seats": seats, "attached_at": _utc(link.get("attached_at"))}
        )
    return {
        "id": str(entry["id"]),
        "name": clean_name(entry["name"], "A crew"),
        "players": players,
        "games": games,
    }


def _read_seasons(entry, read, file_matches, file_games):
    """The crew's seasons read from the file (api/transfer/season_file.py), each name once:
    the season route's own check (`check_season_name`, 409 SEASON_NAME_TAKEN). A crew already
    here is never changed by an import, so a file's season meets no season of this server."""
    roster = {p["id"]: p["name"] for p in read["players"]}
    seasons = []
    for item in entry.get("seasons") or []:
        season = read_season(item, read["name"], roster, (file_matches, file_games))
        check_season_name(read["name"], season[0].name, [s[0].name for s in seasons])
        seasons.append(season)
    return seasons


def _utc(moment):
    """An aware datetime as naive UTC (as stored); None stays None."""
    if moment is None or moment.tzinfo is None:
        return moment
    try:
        return moment.astimezone(datetime.UTC).replace(tzinfo=None)
    except OverflowError:
        return None


def _content(crew):
    """What decides that a crew is the same: its name, roster, who sat where in which game
    (as canonical JSON; the order of those lists does not matter) and its seasons."""
    return canonical_json(
        {
            "name": crew["name"],
            "players": sorted((p["id"], p["name"]) for p in crew["players"]),
            "games": sorted((g["game_id"], g["seats"]) for g in crew["games"]),
            "seasons": crew["seasons"],
        }
    )


def _stored(crew_id):
    """The crew here in the content form of `read_crew`, or None."""
    crew = Crew.get_or_none(Crew.id == crew_id)
    if crew is None:
        return None
    players = CrewPlayer.select(CrewPlayer.id, CrewPlayer.name).where(CrewPlayer.crew == crew_id)
    links = CrewGame.select(CrewGame.game, CrewGame.seat_players).where(CrewGame.crew == crew_id)
    return {
        "name": crew.name,
        "players": [{"id": p.id, "name": p.name} for p in players],
        "games": [{"game_id": link.game_id, "seats": link.seat_players} for link in links],
        "seasons": crew_seasons(crew_id)[0],
    }


def plan_crew(entry, seat_counts, game_answers, matches=((), {}, ())):
    """What the import does with the file's crew: (its answer, what to create or None).

    `game_answers` are the import's answers for the file's games: only the games it creates
    join a crew it creates. `matches`: (the file's matches, {game id: its match id}, the
    matches the import creates), for the seasons' events."""
    file_matches, file_games, created_matches = matches
    read = read_crew(entry, seat_counts)
    seasons = _read_seasons(entry, read, file_matches, file_games)
    here = _stored(read["id"])
    if here is not None:
        same = _content({**read, "seasons": [read_part(r) for r in seasons]}) == _content(here)
        message = (
            f"{read['name']}: this crew is already here, the same"
            if same
            else f"{read['name']}: this crew is already here with another list or other "
            "games; it was left as it is (add players or games from one of its phones)"
        )
        return {
            "id": read["id"],
            "outcome": "unchanged" if same else "conflict",
            "message": message,
        }, None
    taken = (
        CrewPlayer.select(CrewPlayer.name)
        .where(CrewPlayer.id.in_([p["id"] for p in read["players"]]))
        .first()
    )
    if taken is not None:
        return {
            "id": read["id"],
            "outcome": "conflict",
            "message": f"{read['name']}: {taken.name} is already on another crew's list here, "
            "so the crew was not restored (its games were)",
        }, None
    check_new(seasons, (file_matches, created_matches))
    created = {a["id"] for a in game_answers if a["outcome"] == "created"}
    kept = [g for g in read["games"] if g["game_id"] in created]
    left_out = len(read["games"]) - len(kept)
    token = new_token()
    message = (
        f"{read['name']}: restored here ({len(read['players'])} players, {len(kept)} games"
        + (f", {len(seasons)} season{'' if len(seasons) == 1 else 's'})" if seasons else ")")
    )
    if left_out:
        message += (
            f"; {left_out} of its games were already here and stay out of it: put each one "
            "in the crew from the phone that keeps its score"
        )
    answer = {
        "id": read["id"],
        "outcome": "created",
        "token": token,
        "join_url": join_url(read["id"], token),
        "message": message,
    }
    return answer, {**read, "games": kept, "token": token, "seasons": seasons}


def store_crew(plan):
    """Insert a planned crew, its roster and its games (inside the import's transaction)."""
    now = utcnow()
    Crew.create(id=plan["id"], name=plan["name"], token_hash=hash_token(plan["token"]))
    for player in plan["players"]:
        CrewPlayer.create(
            id=player["id"], crew=plan["id"], name=player["name"], name_key=name_key(player["name"])
        )
    for game in plan["games"]:
        CrewGame.create(
            game=game["game_id"],
            crew=plan["id"],
            seat_players=game["seats"],
            attached_at=game["attached_at"] or now,
        )
    store_seasons(plan.get("seasons") or [], plan["id"])
