"""An event as a file, and an event back from one (docs/export.md "An event").

The export is the format's JSON with an `event` part (its settings, teams, bracket matches
called to tables, the director's records and the games signed at their tables) beside every
game of the event and their matches, so the file is complete and re-importable. Teams are
named by their number in the file (1, 2, 3 ... in list order): a server's team ids mean
nothing on another. It is read in a fixed number of queries, whatever the event's size.

The import never changes an event already here: one with the same content is `unchanged`,
one with other content a `conflict`, left as it is. An event not here is `created` with a
new director token and public token, shown this once. Live state stays behind: the tables'
links (the director makes new ones, "New link" per table) and the tables' open calls.
"""

from brackets import BracketError

from ..core.errors import Conflict, Invalid
from ..core.times import naive_utc
from ..core.tokens import hash_token, new_token
from ..core.urls import public_url
from ..events.derive import Called, check_calls, derived_from, tournament_of
from ..events.director import check_settings
from ..events.settings import SETTING_COLUMNS
from ..events.settings import SETTINGS as DIRECTOR_SETTINGS
from ..games.rulesets import LABEL_KNOBS
from ..store.base import canonical_json, utcnow
from ..store.events import Event, EventMatch, EventRecord, Team
from ..store.games import Game, Match
from ..store.tables import GameSignoff
from .export import csv_text, document, game_entry, hands_of, iso, match_entry

EVENT_GAMES_SQL = (
    'SELECT g."id" FROM "game" AS g WHERE g."match_id" IN '
    '(SELECT em."match_id" FROM "eventmatch" AS em WHERE em."event_id" IN ({ps}))'
)

TIMES = ("checkin_deadline", "started_at", "created_at")

# The settings as the file names them (the director's settings, but for the check-in time,
# one of TIMES; and what the start and the rounds set), and the Event column each is kept in.
SETTINGS = {
    key: SETTING_COLUMNS.get(key, key)
    for key in (
        *(k for k in DIRECTOR_SETTINGS if k not in TIMES),
        "crew_id",
        "draw_seed",
        "rounds_started",
    )
}


def _rows(event, results=False):
    """(teams in list order, called matches in call order, records in order, signatures,
    the event's matches, its games in play order, their hands): seven queries."""
    return rows_of([event.id], results)[event.id]


def rows_of(event_ids, results=False):
    """{event id: its _rows} of every event of `event_ids`: seven queries, however many
    events (a crew's file holds every night of its seasons)."""
    ids = list(dict.fromkeys(event_ids))
    teams, called, records = ({i: [] for i in ids} for _ in range(3))
    for team in Team.select().where(Team.event.in_(ids)).order_by(Team.list_order, Team.id):
        teams[team.event_id].append(team)
    for row in EventMatch.select().where(EventMatch.event.in_(ids)).order_by(EventMatch.id):
        called[row.event_id].append(row)
    for row in EventRecord.select().where(EventRecord.event.in_(ids)).order_by(EventRecord.id):
        records[row.event_id].append(row)
    match_ids = [row.match_id for rows in called.values() for row in rows]
    matches = {m.id: m for m in Match.select().where(Match.id.in_(match_ids))} if match_ids else {}
    games = list(Game.select().where(Game.match_id.in_(match_ids))) if match_ids else []
    place = {match_id: n for n, match_id in enumerate(match_ids)}
    games.sort(key=lambda game: (place[game.match_id], game.match_game_no))
    signed = (
        list(GameSignoff.select().where(GameSignoff.game.in_([g.id for g in games])))
        if games
        else []
    )
    hands = hands_of(EVENT_GAMES_SQL, tuple(ids), results) if games else {}
    rows = {}
    for event_id in ids:
        own = [row.match_id for row in called[event_id]]
        mine = set(own)
        own_games = [g for g in games if g.match_id in mine]
        game_ids = {g.id for g in own_games}
        rows[event_id] = (
            teams[event_id],
            called[event_id],
            records[event_id],
            [s for s in signed if s.game_id in game_ids],
            [matches[m] for m in own if m in matches],
            own_games,
            {g: hands[g] for g in game_ids if g in hands},
        )
    return rows


def event_part(event, teams, called, records, signed):
    """The `event` part of the file from its rows (stored, or read from a file: the import
    compares the two)."""
    number = {team.id: n for n, team in enumerate(teams, 1)}

    def team(team_id):
        return None if team_id is None else number.get(int(team_id))

    signed_order = sorted(signed, key=lambda s: (iso(s.at), str(s.game_id)))
    return {
        "id": event.id,
        **{key: getattr(event, column) for key, column in SETTINGS.items()},
        **{key: iso(getattr(event, key)) for key in TIMES},
        "seed_order": None if event.seed_order is None else [team(t) for t in event.seed_order],
        "teams": [
            {
                "number": number[t.id],
                "name": t.name,
                "short_name": t.short_name,
                "players": t.players,
                "order": t.list_order,
                "checked_in_at": iso(t.checked_in_at),
                "dropped_at": iso(t.dropped_at),
            }
            for t in teams
        ],
        "matches": [
            {
                "bracket_id": row.bracket_id,
                "match_id": row.match_id,
                "teams": [team(t) for t in row.teams],
                "table": row.table,
                "called_at": iso(row.called_at),
                "seated_at": iso(row.seated_at),
                "here": team(row.here),
            }
            for row in called
        ],
        "records": [
            {
                "bracket_id": r.bracket_id,
                "kind": r.kind,
                "winner": team(r.winner),
                "loser": team(r.loser),
                "at": iso(r.at),
            }
            for r in records
        ],
        "signoffs": [
            {"game_id": str(s.game_id), "side": s.side, "at": iso(s.at)} for s in signed_order
        ],
    }


def event_document(event):
    """The JSON export of an event: its `event` part, its games and their matches."""
    return event_export(event)[0]


def event_export(event, rows=None):
    """(the event's JSON export, {team id: the team's number in the file}): a season's
    nights name the event's teams by their numbers too (api/transfer/season_file.py), read
    with every night's in one rows_of (`rows`)."""
    teams, called, records, signed, matches, games, hands = rows or _rows(event)
    doc = document(
        [game_entry(game, hands.get(game.id, [])) for game in games],
        [match_entry(match) for match in matches],
    )
    doc["event"] = event_part(event, teams, called, records, signed)
    return doc, {team.id: n for n, team in enumerate(teams, 1)}


def event_csv(event):
    """The CSV export of an event: one row per hand of each of its games, in play order."""
    *_rows_before, games, hands = _rows(event, results=True)
    return csv_text([(game, hands.get(game.id, [])) for game in games])


# ---- import ----


def _refuse(message, rule_code="BAD_EVENT", **extra):
    raise Invalid(message, rule_code=rule_code, **extra)


def _time(moment):
    return naive_utc(moment, "a time of the event falls off the calendar once put in UTC")


def read_event(entry, file_matches, file_games):
    """The file's event as unsaved rows: (Event, Teams numbered as in the file, EventMatches,
    EventRecords, GameSignoffs). 422, nothing stored, when its settings do not make an event
    or it names a team, match or game the file does not hold."""
    event = Event(id=str(entry["id"]), version=0)
    for key, column in SETTINGS.items():
        setattr(event, column, entry.get(key))
    event.overrides = {k: v for k, v in (entry.get("rules") or {}).items() if k not in LABEL_KNOBS}
    event.crew_id = entry.get("crew_id") and str(entry["crew_id"])
    event.date = entry.get("date") and entry["date"].isoformat()
    for key in TIMES:
        setattr(event, key, _time(entry.get(key)))
    event.created_at = event.created_at or utcnow()
    check_settings(event)
    teams, names = [], set()
    for n, item in enumerate(entry["teams"], 1):
        if item["number"] != n:
            _refuse("the event's teams must be numbered 1, 2, 3 ... in order, with none missing")
        if item["name"].casefold() in names:
            _refuse(f"{item['name']} is entered twice in the event", "TEAM_NAME_TAKEN")
        names.add(item["name"].casefold())
        teams.append(
            Team(
                id=n,
                name=item["name"],
                short_name=item.get("short_name"),
                players=item["players"],
                list_order=item["order"],
                checked_in_at=_time(item.get("checked_in_at")),
                dropped_at=_time(item.get("dropped_at")),
            )
        )

    def team(number, what):
        if number is not None and not 1 <= number <= len(teams):
            _refuse(f"{what} names team {number}, and the event has {len(teams)} teams")
        return number

    seeds = entry.get("seed_order")
    if seeds is not None:
        seeds = [team(n, "the seed order") for n in seeds]
        if len(set(seeds)) != len(seeds):
            _refuse("the seed order names a team twice")
    event.seed_order = seeds
    if (seeds is None) != (event.started_at is None):
        _refuse("a started event has its seed order, and one not started has none")
    if seeds is not None:
        try:
            tournament_of(event, [str(s) for s in seeds], ())
        except BracketError as error:
            _refuse(f"its teams do not make its bracket: {error.message}", error.code)
    called, seen, played = [], set(), set()
    for item in entry["matches"]:
        what = f"match {item['bracket_id']}"
        match_id = str(item["match_id"])
        if match_id not in file_matches:
            _refuse(
                f"{what} of the event is played in a match the file does not hold: export "
                "the event again",
                "MATCH_MISSING",
            )
        if item["bracket_id"] in seen or match_id in seen:
            _refuse(f"{what} is in the event twice", "DUPLICATE")
        seen |= {item["bracket_id"], match_id}
        played.add(match_id)
        called.append(
            EventMatch(
                bracket_id=item["bracket_id"],
                match_id=match_id,
                teams=[team(n, what) for n in item["teams"]],
                table=item["table"],
                called_at=_time(item["called_at"]),
                seated_at=_time(item.get("seated_at")),
                here=team(item.get("here"), what),
            )
        )
    if any(r["winner"] == r["loser"] for r in entry["records"]):
        _refuse("a record of the event names one team as both the winner and the loser")
    records = [
        EventRecord(
            bracket_id=r["bracket_id"],
            kind=r["kind"],
            winner=team(r["winner"], f"a record of match {r['bracket_id']}"),
            loser=team(r["loser"], f"a record of match {r['bracket_id']}"),
            at=_time(r["at"]),
        )
        for r in entry["records"]
    ]
    signed = []
    for s in entry["signoffs"]:
        game_id = str(s["game_id"])
        if file_games.get(game_id) not in played:
            _refuse("a game signed at its table is not a game of the event in the file")
        signed.append(GameSignoff(game=game_id, side=s["side"], revision=1, at=_time(s["at"])))
    return event, teams, called, records, signed


def check_calls_of(read, file_matches):
    """A new event's calls (`read`, as read_event reads it) held to its bracket as the
    calling routes make them (`check_calls`), the bracket derived from the file's own rows:
    its seeds, its records, and the games of its matches, all created by the import
    (`games` of each: (game no, id, first dealer, its state scored from the file's hands))."""
    event, teams, called, records, _signed = read
    if event.seed_order is None:
        return
    rows = {}
    for row in called:
        match = file_matches[row.match_id]
        rows[row.bracket_id] = Called(
            row.bracket_id,
            row.match_id,
            list(row.teams),
            row.table,
            row.called_at,
            match["first_dealer"],
            match["first_to"],
            sorted(match.get("games", ()), key=lambda game: game[0]),
        )
    try:
        derived = derived_from(event, {t.id: t for t in teams}, records, rows)
    except BracketError as error:
        _refuse(f"its matches do not make its bracket: {error.message}", error.code)
    check_calls(derived)


def plan_event(entry, file_matches, file_games, created_matches):
    """What the import does with the file's event: (its answer, what to create or None).
    `file_games` maps each game of the file to its match; `created_matches` are the matches
    this import creates: a new event's matches must all be among them."""
    read = read_event(entry, file_matches, file_games)
    event = read[0]
    here = Event.get_or_none(Event.id == event.id)
    if here is not None:
        same = canonical_json(event_part(*read)) == canonical_json(_stored_part(here))
        message = (
            f"{event.name}: this event is already here, the same"
            if same
            else f"{event.name}: an event with this id is already here with other teams, "
            "matches or records; it was left as it is"
        )
        return {
            "id": event.id,
            "outcome": "unchanged" if same else "conflict",
            "message": message,
        }, None
    taken = next((row for row in read[2] if row.match_id not in created_matches), None)
    if taken is not None:
        raise Conflict(
            f"{event.name}: match {taken.bracket_id} is already here in another event or game, "
            "so the event cannot be restored here; nothing was stored",
            rule_code="CONFLICT",
        )
    check_calls_of(read, file_matches)
    tokens = new_tokens(event)
    answer = {
        "id": event.id,
        "outcome": "created",
        **tokens,
        "public_url": public_url(f"api/e/{tokens['public_token']}"),
        "message": f"{event.name}: restored here ({len(read[1])} teams, {len(read[2])} "
        "matches called); make each table's new link from the director's screen",
    }
    return answer, read


def new_tokens(row):
    """A new director token and public token for an unsaved event or party row (their
    SHA-256 set on it); returns them, to be shown this once."""
    tokens = {"director_token": new_token(), "public_token": new_token()}
    row.director_token_hash = hash_token(tokens["director_token"])
    row.public_token_hash = hash_token(tokens["public_token"])
    return tokens


def _stored_part(event):
    """The event here, as its file's `event` part."""
    teams, called, records, signed, *_rest = _rows(event)
    return event_part(event, teams, called, records, signed)


def store_event(read):
    """Insert a planned event, its teams, called matches, records and signatures (inside the
    import's transaction, after its games): the file's team numbers become this store's ids.
    Returns {the team's number in the file: its id here}."""
    event, teams, called, records, signed = read
    numbers = event.seed_order
    event.seed_order = None
    event.save(force_insert=True)
    ids = {}
    for team in teams:
        fields = {k: v for k, v in team.__data__.items() if k not in ("id", "event")}
        ids[team.id] = Team.create(event=event.id, **fields).id

    def team_id(number):
        return None if number is None else ids[number]

    if numbers is not None:
        Event.update(seed_order=[team_id(n) for n in numbers]).where(Event.id == event.id).execute()
    for row in called:
        row.event, row.teams, row.here = (
            event.id,
            [team_id(n) for n in row.teams],
            team_id(row.here),
        )
        row.save(force_insert=True)
    for record in records:
        record.event = event.id
        record.winner, record.loser = team_id(record.winner), team_id(record.loser)
        record.save(force_insert=True)
    for signature in signed:
        signature.save(force_insert=True)
    return ids
