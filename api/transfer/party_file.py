"""A progressive party as a file, and a party back from one (docs/export.md "A
party").

The export is the format's JSON with a `party` part (its settings, players in entry order,
the seating's seed, the round started last, and the match each table of each round plays in)
beside every game of the party and their matches. Read in a fixed number of queries.

The import never changes a party already here (`unchanged` or `conflict`, left as it is); a
party not here is `created` with a new director and public token, shown this once. Its
tables' links stay behind (a file holds no token): the director makes each one anew.
"""

from brackets import BracketError, ProgressiveParty

from ..core.errors import Conflict, Invalid
from ..core.times import naive_utc
from ..core.tokens import hash_token, new_token
from ..parties.director import check_names, table_match, table_rules
from ..store.base import canonical_json, utcnow
from ..store.games import Game, Match
from ..store.parties import Party, PartyGame, PartyPlayer, PartyTable
from .event_file import new_tokens
from .export import csv_text, document, game_entry, hands_of, iso, match_entry

PARTY_GAMES_SQL = (
    'SELECT g."id" FROM "game" AS g WHERE g."match_id" IN '
    '(SELECT pg."match_id" FROM "partygame" AS pg WHERE pg."party_id" = {p})'
)

SETTINGS = ("name", "ruleset", "hands_per_round", "rounds", "seed", "current_round")


def _rows(party, results=False):
    """(players' names in entry order, the tables of each round, their matches, their games
    in round and table order, the games' hands): five queries."""
    players = [
        name
        for (name,) in PartyPlayer.select(PartyPlayer.name)
        .where(PartyPlayer.party == party.id)
        .order_by(PartyPlayer.list_order)
        .tuples()
    ]
    tables = list(
        PartyGame.select()
        .where(PartyGame.party == party.id)
        .order_by(PartyGame.round, PartyGame.table)
    )
    match_ids = [row.match_id for row in tables]
    place = {match_id: n for n, match_id in enumerate(match_ids)}
    matches = list(Match.select().where(Match.id.in_(match_ids))) if tables else []
    matches.sort(key=lambda match: place[match.id])
    games = list(Game.select().where(Game.match_id.in_(match_ids))) if tables else []
    games.sort(key=lambda game: (place[game.match_id], game.match_game_no))
    hands = hands_of(PARTY_GAMES_SQL, party.id, results) if games else {}
    return players, tables, matches, games, hands


def party_part(party, players, tables):
    """The `party` part of the file (from stored rows, or from a file's: the import compares
    the two)."""
    return {
        "id": party.id,
        **{key: getattr(party, key) for key in SETTINGS},
        "rules": party.overrides or {},
        "created_at": iso(party.created_at),
        "players": list(players),
        "tables": [{"round": t.round, "table": t.table, "match_id": t.match_id} for t in tables],
    }


def party_document(party):
    """The JSON export of a party: its `party` part, its games and their matches."""
    players, tables, matches, games, hands = _rows(party)
    doc = document(
        [game_entry(game, hands.get(game.id, [])) for game in games],
        [match_entry(match) for match in matches],
    )
    doc["party"] = party_part(party, players, tables)
    return doc


def party_csv(party):
    """The CSV export of a party: one row per hand of each table's game, round by round."""
    _players, _tables, _matches, games, hands = _rows(party, results=True)
    return csv_text([(game, hands.get(game.id, [])) for game in games])


# How a table's match differs from what the round's start makes, in words (file, wanted).
TABLE_WORDS = {
    "ruleset": lambda have, want: f"plays {have}, and the party plays {want}",
    "rules": lambda have, want: "plays by other house rules than the party's",
    "first_dealer": lambda have, want: (
        f"deals first from seat {have + 1}, and a round's start has seat {want + 1} deal"
    ),
    "first_to": lambda have, want: "plays more than one game to win, and a party table plays one",
    "shake_rule": lambda have, want: (
        f"chooses who shakes first by {have!r}, and a party table passes it round ({want!r})"
    ),
}


def _refuse(message, rule_code="BAD_PARTY"):
    raise Invalid(message, rule_code=rule_code)


def read_party(entry, file_matches):
    """The file's party as (unsaved Party, players' names, unsaved PartyGames); 422, nothing
    stored, when its settings or players do not make a party, its rounds do not follow its
    seating, or a table plays in a match the file does not hold."""
    hands = entry.get("hands_per_round")
    data = {"ruleset": entry["ruleset"], "rules": entry.get("rules"), "hands_per_round": hands}
    party = Party(
        id=str(entry["id"]),
        name=entry["name"],
        ruleset=entry["ruleset"],
        overrides=table_rules(data),
        hands_per_round=hands,
        rounds=entry["rounds"],
        seed=entry.get("seed"),
        current_round=entry["current_round"],
        version=0,
        created_at=naive_utc(entry.get("created_at")) or utcnow(),
    )
    players = check_names(entry["players"])
    if (party.seed is None) != (party.current_round == 0):
        _refuse("a started party has its seating's seed, and one not started has none")
    if party.current_round > party.rounds:
        _refuse(f"the party plays {party.rounds} rounds, not {party.current_round}")
    tables, seen = [], set()
    for item in entry["tables"]:
        match_id = str(item["match_id"])
        where = f"table {item['table']} of round {item['round']}"
        if match_id not in file_matches:
            _refuse(f"{where} plays in a match the file does not hold", "MATCH_MISSING")
        if (item["round"], item["table"]) in seen or match_id in seen:
            _refuse(f"{where} is in the party twice", "DUPLICATE")
        seen |= {(item["round"], item["table"]), match_id}
        tables.append(PartyGame(round=item["round"], table=item["table"], match_id=match_id))
    if party.seed is not None:
        try:
            seating = ProgressiveParty(tuple(players), party.rounds, party.seed, (), hands)
            for number in range(1, party.current_round + 1):
                want = sorted(seat.table for seat in seating.seating(number).tables)
                have = sorted(t.table for t in tables if t.round == number)
                if want != have:
                    _refuse(f"round {number}'s tables are not those its seating makes")
        except BracketError as error:
            _refuse(error.message, error.code)
    if any(t.round > party.current_round for t in tables):
        _refuse(f"a table plays a round after round {party.current_round}, the last started")
    return party, players, tables


def _sides(teams):
    return " against ".join(team["name"] for team in teams)


def _check_matches(read, file_matches):
    """Each table of a party the import creates plays the match the round's start makes for
    it (`table_match`: the seating's two sides, the party's rules, its dealer and one game to
    win), its game 1 dealt as the match says; 422 BAD_PARTY naming the table otherwise. (A
    party already here is compared with the file instead.)"""
    party, players, tables = read
    if party.seed is None:
        return
    seating = ProgressiveParty(tuple(players), party.rounds, party.seed, (), party.hands_per_round)
    for number in range(1, party.current_round + 1):
        _check_round(party, number, seating.seating(number).tables, tables, file_matches)


def _check_round(party, number, seats, tables, file_matches):
    rows = {t.table: t for t in tables if t.round == number}
    for seat in seats:
        where = f"table {seat.table} of round {number}"
        want = table_match(party, seat, number)
        match = file_matches[rows[seat.table].match_id]
        if canonical_json(match["teams"]) != canonical_json(want["teams"]):
            _refuse(
                f"{where} is played by {_sides(match['teams'])} in the file, and the party's "
                f"seating puts {_sides(want['teams'])} there"
            )
        wrong = next((k for k in TABLE_WORDS if _differs(match.get(k), want[k])), None)
        if wrong is not None:
            _refuse(f"{where} {TABLE_WORDS[wrong](match.get(wrong), want[wrong])}")
        first = next((g for g in match.get("games", ()) if g[0] == 1), None)
        if first is not None and first[2] != want["first_dealer"]:
            _refuse(
                f"{where}'s game deals first from seat {first[2] + 1}, and its match from "
                f"seat {want['first_dealer'] + 1}"
            )


def _differs(have, want):
    return canonical_json(have) != canonical_json(want)


def plan_party(entry, file_matches, created_matches):
    """What the import does with the file's party: (its answer, what to create or None)."""
    read = read_party(entry, file_matches)
    party = read[0]
    here = Party.get_or_none(Party.id == party.id)
    if here is not None:
        players, tables, *_rest = _rows(here)
        same = canonical_json(party_part(*read)) == canonical_json(
            party_part(here, players, tables)
        )
        message = (
            f"{party.name}: this party is already here, the same"
            if same
            else f"{party.name}: a party with this id is already here with other players or "
            "rounds; it was left as it is"
        )
        outcome = "unchanged" if same else "conflict"
        return {"id": party.id, "outcome": outcome, "message": message}, None
    taken = next((t for t in read[2] if t.match_id not in created_matches), None)
    if taken is not None:
        raise Conflict(
            f"{party.name}: the game of table {taken.table} in round {taken.round} is already "
            "here in another party or event, so the party cannot be restored here; nothing "
            "was stored",
            rule_code="CONFLICT",
        )
    _check_matches(read, file_matches)
    answer = {
        "id": party.id,
        "outcome": "created",
        **new_tokens(party),
        "message": f"{party.name}: restored here ({len(read[1])} players, round "
        f"{party.current_round} of {party.rounds}); make each table's new link from the "
        "director's screen",
    }
    return answer, read


def store_party(read):
    """Insert a planned party, its players and its tables' games (inside the import's
    transaction). Each table gets a link nobody holds yet: the director's "new link" makes
    the one the table's phone opens."""
    party, players, tables = read
    party.save(force_insert=True)
    for order, name in enumerate(players, 1):
        PartyPlayer.create(party=party.id, name=name, list_order=order)
    for number in sorted({t.table for t in tables}):
        PartyTable.create(party=party.id, table=number, token_hash=hash_token(new_token()))
    for row in tables:
        row.party = party.id
        row.save(force_insert=True)
