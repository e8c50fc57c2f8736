"""Export: a game as the format's JSON (complete, re-importable) or CSV (one row per hand).

The JSON carries what the table entered and chose (settings, teams and players, every hand
as it stands after edits, set-aside hands, the match link); everything else is derived and
is re-derived by the rules engine on import. It never carries a token or a token's hash.
The format is documented in docs/export.md and docs/export.schema.json.
"""

import csv
import hashlib
import io
import re

import orjson

from rules.bids import parse_bid
from rules.words import CONTRACT_WORDS, bid_words, trump_words

from ..core.times import iso as logic_iso
from ..games.rulesets import game_ruleset
from ..store.base import canonical_json
from ..store.db import flask_db
from ..store.games import HandRow, Match

FORMAT = "tally42-export"

VERSION = 1

# Derived on the way out for a person reading the file; ignored (re-derived) on import.
DERIVED_KEYS = ("totals", "game_over", "winner")

CSV_COLUMNS = (
    "game_id",
    "game",
    "hand",
    "dealer",
    "bidder",
    "team",
    "bid",
    "contract",
    "trump",
    "count",
    "outcome",
    "awarded",
    "totals",
    "penalties",
)

PENALTY_WORDS = {"renege": "renege", "table_talk": "table talk", "exposed_domino": "exposed domino"}


def game_entry(game, hands):
    """One game of the export: its settings and hand log (`hands`: its HandRows in order)."""
    match = None
    if game.match_id is not None:
        match = {"id": game.match_id, "game_no": game.match_game_no}
    entry = {
        "id": game.id,
        "ruleset": game.ruleset,
        "rules": game.overrides or {},
        "teams": game.teams,
        "first_dealer": game.first_dealer,
        "start_totals": game.start_totals,
        "hands": [{"hand_no": h.hand_no, "hand": h.body} for h in hands],
        "set_aside": game.set_aside,
        "match": match,
        "created_at": iso(game.created_at),
        **{key: game.state[key] for key in DERIVED_KEYS},
    }
    if game.time_called is not None:  # a tournament's round clock: written only when called
        entry["time_called"] = game.time_called
    return entry


def match_entry(match):
    """A match of the export: what was chosen when it started (its score is derived)."""
    return {
        "id": match.id,
        "ruleset": match.ruleset,
        "rules": match.overrides or {},
        "teams": match.teams,
        "first_dealer": match.first_dealer,
        "first_to": match.first_to,
        "shake_rule": match.shake_rule,
    }


def document(game_entries, match_entries=()):
    """The export's envelope around games (and the matches they belong to)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "games": list(game_entries),
        "matches": list(match_entries),
    }


def game_document(game):
    """The JSON export of one game (with its match, if it belongs to one)."""
    matches = []
    if game.match_id is not None:
        match = Match.get_or_none(Match.id == game.match_id)
        matches = [match_entry(match)] if match is not None else []
    return document([game_entry(game, game.ordered_hands())], matches)


HANDS_SQL = (
    'SELECT h."game_id", h."hand_no", h."body", {result} FROM "hand" AS h '
    'WHERE h."game_id" IN ({games}) ORDER BY h."game_id", h."hand_no"'
)


def hands_of(games_sql, key, results=False):
    """{game id: [HandRow in order]} of every game `games_sql` selects (its ids; `{p}` in it
    is the query parameter, bound to `key`, or `{ps}` the parameters of a tuple `key`): one
    query, however many games. The hands' scored results are read only when asked for (a CSV
    needs them; the JSON does not)."""
    param = flask_db.database.obj.param
    params = key if isinstance(key, tuple) else (key,)
    sql = HANDS_SQL.format(
        games=games_sql.format(p=param, ps=", ".join([param] * len(params))),
        result='h."result"' if results else "NULL",
    )
    hands = {}
    for game_id, hand_no, body, result in flask_db.database.execute_sql(sql, params):
        rows = hands.setdefault(game_id, [])
        rows.append(HandRow(hand_no, _json(body), result and _json(result)))
    return hands


def _json(value):
    """A JSON column as read straight from the cursor (text on SQLite, maybe parsed on PG)."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def etag(body):
    """A strong validator of an export body (text)."""
    return hashlib.sha1(body.encode()).hexdigest()


def json_text(doc):
    """The export as JSON text (canonical: the same game always gives the same bytes)."""
    return canonical_json(doc)


def iso(moment):
    """A stored UTC time as the export writes it: to the microsecond (`logic.iso`, exact)."""
    return logic_iso(moment, exact=True)


def seat_name(ruleset, teams, seat):
    """A seat as the table says it: the player's name when the team names one, else 'seat N'."""
    side = ruleset.sides[seat]
    position = [s for s in range(ruleset.players) if ruleset.sides[s] == side].index(seat)
    players = teams[side].get("players") or [] if side < len(teams) else []
    return players[position] if position < len(players) else f"seat {seat + 1}"


def _sides(teams, values):
    """Per-side numbers in team words: 'Us 0, Them 1'."""
    return ", ".join(f"{team['name']} {value}" for team, value in zip(teams, values, strict=False))


def _count(body):
    """What the table counted: the bidders' points, tricks (nel-o), or each side's points."""
    outcome = body.get("result") or {}
    if "captured" in outcome:
        return str(outcome["captured"])
    if "tricks" in outcome:
        return f"{outcome['tricks']} tricks"
    if "by_side" in outcome:
        return " / ".join(str(v) for v in outcome["by_side"])
    return outcome.get("declared", "")


def _bid(ruleset, body):
    """The hand's winning bid as the engine reads it: the bid entered, else the auction's last
    bid that is not a pass; None when neither is there."""
    raw = body.get("bid")
    if raw is None:
        raw = next((b for b in reversed(body.get("bids") or []) if b != "pass"), None)
    return None if raw is None else parse_bid(ruleset, raw)


def _team(teams, side):
    """A side's team name ('' for no side)."""
    return teams[side]["name"] if side is not None and 0 <= side < len(teams) else ""


def hand_row(ruleset, game, hand, seat_names=None):
    """One CSV row (a dict keyed by CSV_COLUMNS) for a HandRow of `game`; `seat_names` (one
    per seat: a crew's export names the seats by its roster) overrides the teams' players."""
    body, result, teams = hand.body, hand.result, game.teams

    def seat(number):
        if seat_names is not None:
            return seat_names[number]
        return seat_name(ruleset, teams, number)

    bid = _bid(ruleset, body)
    penalties = result.get("penalties") or []
    return {
        "game_id": game.id,
        "game": " v ".join(team["name"] for team in teams),
        "hand": hand.hand_no,
        "dealer": seat(result["dealer"]),
        "bidder": "" if result.get("bidder") is None else seat(result["bidder"]),
        "team": _team(teams, result.get("bidding_side")),
        "bid": "" if bid is None else bid_words(ruleset, bid),
        "contract": CONTRACT_WORDS.get(bid.kind, "") if bid is not None else "",
        "trump": "" if result.get("trump") is None else trump_words(result["trump"]),
        "count": _count(body),
        "outcome": result.get("outcome") or "",
        "awarded": _sides(teams, result["awarded"]),
        "totals": _sides(teams, result["totals"]),
        "penalties": "; ".join(
            f"{PENALTY_WORDS.get(p['kind'], p['kind'])} by {_team(teams, p['side'])}"
            for p in penalties
        ),
    }


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")


# What a spreadsheet would read as a number, a date or a time rather than text: digits, signs
# and separators only ("+1", "-1", "42", "3/4", "1,000", "50%", "1e5").
_READS_AS_NUMBER = re.compile(r"[-+]?[\d\s.,:/%-]*\d[\d\s.,:/%-]*([eE][-+]?\d+)?")

# The columns whose cells are a name or start with one (a team's, a player's, a seat's): a
# name is text, whatever it looks like.
NAME_COLUMNS = frozenset(("game", "dealer", "bidder", "team", "awarded", "totals", "penalties"))


def _cell(value, name=False):
    """A cell a spreadsheet shows as text: text starting like a formula (a team named
    "=HYPERLINK(...)", "@SUM(...)", "-1+2") gets a leading ' so it is never run when the
    file is opened (CSV formula injection); numbers, negative ones too, stay numbers. A
    `name` cell (NAME_COLUMNS) is text even when it reads as a number ("+1", "-1", "42"):
    it gets the ' too, or a spreadsheet would show the team "+1" as the number 1."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    if name and _READS_AS_NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_text(games_with_hands):
    """The CSV export: a header of CSV_COLUMNS, then one row per hand of each (game, hands)."""
    rows = []
    for game, hands in games_with_hands:
        ruleset = game_ruleset(game)
        rows += [hand_row(ruleset, game, hand) for hand in hands]
    return csv_rows(rows, CSV_COLUMNS)


def csv_rows(rows, columns, names=NAME_COLUMNS):
    """CSV text: a header of `columns`, then `rows` (dicts keyed by them); the cells of the
    columns `names` are written as names (`_cell`)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({k: _cell(v, k in names) for k, v in row.items()} for row in rows)
    return out.getvalue()
