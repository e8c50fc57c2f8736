"""Schema refusals in player words: which value, what was expected, and a stable rule_code.

marshmallow says "bid: Not a valid integer."; a person at the table should read
`"30" is not a bid: a bid is a number like 30, or marks like {"marks": 2}`. The field paths
stay in the error's `errors` member for programs; the `message` names the value instead.
Where rules/ has a code for the same mistake (a bad trump is TRUMP_NOT_ALLOWED whether the
schema or the engine catches it) the schema refusal uses it, so a program sees one code.
"""

import json

from brackets import MAX_ROUNDS, ROUNDS_FORMATS, Format
from brackets.progressive import PARTY_PLAYERS, PARTY_ROUNDS
from rules.bids import TRUMP_NAMES
from rules.penalties import KINDS
from rules.rulesets import CONTRACTS, NELLO_MODES

from .file_refusals import describe_file

SEAT = ("a seat", "seats are numbered from 0 (the first dealer's left is 1)", "SEAT_OUT_OF_RANGE")

BID = (
    "a bid",
    'a bid is a number like 30, or marks like {"marks": 2}, or a contract like '
    '{"contract": "plunge", "marks": 4}',
    "BID_NOT_INTEGER",
)

POINTS = ("a point count", "points are whole numbers from 0", "RESULT_NOT_INTEGER")

# field name -> (what it should be, what a good one looks like, rule_code)
FIELDS = {
    "bid": BID,
    "bids": (
        "an auction",
        'the auction is a list of bids and passes, in seat order, like [30, "pass", 31, "pass"]',
        "BID_NOT_INTEGER",
    ),
    "marks": ("a number of marks", "marks are whole numbers from 1", "BID_NOT_INTEGER"),
    "contract": ("a contract", f"the contracts are {', '.join(CONTRACTS)}", "CONTRACT_NOT_ALLOWED"),
    "doubles": (
        "a way to play doubles in nel-o",
        f"say {', '.join(NELLO_MODES[:-1])} or {NELLO_MODES[-1]}",
        "NELLO_DOUBLES_MODE",
    ),
    "doubles_held": (
        "a count of doubles",
        "count the doubles in the hand, 0 to 7",
        "NOT_ENOUGH_DOUBLES",
    ),
    "trump": (
        "a trump",
        "a trump is a suit number (0 for blanks up to 6 for sixes, higher in "
        f"the bigger sets) or {', '.join(TRUMP_NAMES[:-1])} or {TRUMP_NAMES[-1]}",
        "TRUMP_NOT_ALLOWED",
    ),
    "dealer": SEAT,
    "bidder": SEAT,
    "first_dealer": SEAT,
    "hand_no": ("a hand number", "hands are numbered from 1", "BAD_INPUT"),
    "result": (
        "a result",
        'a result is like {"captured": 35}, {"tricks": 0} for nel-o, or '
        '{"by_side": [...]} with every side\'s points',
        "BAD_RESULT",
    ),
    "captured": POINTS,
    "tricks": ("a trick count", "tricks are whole numbers", "RESULT_NOT_INTEGER"),
    "by_side": ("every side's points", "give one whole number per side", "BAD_RESULT"),
    "declared": ("made or set", "say made or set", "BAD_RESULT"),
    "penalties": (
        "a list of penalties",
        'a penalty is like {"kind": "renege", "side": 1}',
        "BAD_PENALTY",
    ),
    "kind": ("a penalty", f"the penalties are {', '.join(KINDS)}", "BAD_PENALTY"),
    "side": ("a side", "sides are numbered from 0", "BAD_PENALTY"),
    "ruleset": ("a ruleset", "pick one of the rulesets the app lists", "UNKNOWN_RULESET"),
    "rules": ("a set of rule changes", 'give the changes like {"target": 250}', "BAD_OVERRIDE"),
    "teams": ("a list of teams", 'give one team per side, like {"name": "Us"}', "BAD_INPUT"),
    "name": ("a name", "a name is 1 to 60 characters", "BAD_INPUT"),
    "short_name": (
        "a short name",
        "a team's short name is 1 to 12 characters, for where its full name does not fit",
        "BAD_INPUT",
    ),
    "players": (
        "a list of players",
        "give up to 8 names (a tournament team: its two partners)",
        "BAD_INPUT",
    ),
    "start_totals": ("a list of starting scores", "give one whole number per side", "BAD_INPUT"),
    "id": ("a game id", "a game id is a UUID, like the app makes", "BAD_INPUT"),
    "edit_token": (
        "an edit token",
        "an edit token is 43 characters, 32 random bytes in url-safe base64, as the app makes it",
        "WEAK_TOKEN",
    ),
    "action": ("a share action", "say rotate or revoke", "BAD_INPUT"),
    # tournaments (api/schemas/events.py)
    "format": (
        "a tournament format",
        f"say {', '.join(f.value for f in Format)}, {' or '.join(ROUNDS_FORMATS)}",
        "BAD_INPUT",
    ),
    "first_to": (
        "a series length per round",
        "give the wins needed in each round, 1 to 10, like [3, 2]",
        "BAD_INPUT",
    ),
    "advance": (
        "a number of teams",
        "say how many teams go on to the championship, 2 or more",
        "BAD_INPUT",
    ),
    "rounds": (
        "a number of rounds",
        f"give the rounds, 1 to {MAX_ROUNDS} (a Swiss: at most half as many as it has teams)",
        "BAD_INPUT",
    ),
    "shake_rule": ("a shake rule", "say rotate, loser or draw", "BAD_INPUT"),
    "seeding": ("a way to seed", "say listed, random or rating", "BAD_INPUT"),
    "crew_token": (
        "a crew's link",
        "give the token of the crew's link, as the crew's screen shares it",
        "BAD_INPUT",
    ),
    "tables": ("a number of tables", "tables are counted from 1 to 200", "BAD_INPUT"),
    "checkin_deadline": (
        "a check-in time",
        "give a date and time with its time zone, like 2026-11-23T10:15:00-06:00",
        "BAD_INPUT",
    ),
    "date": ("a date", "give the day like 2026-11-23", "BAD_INPUT"),
    "minutes_per_game": ("a game length", "give the minutes a game takes, 1 to 240", "BAD_INPUT"),
    "time_limit_minutes": (
        "a time limit",
        "give the minutes a game may last, 5 to 240, or none for no round clock",
        "BAD_INPUT",
    ),
    "in_play": ("a hand in play", "say true or false", "BAD_INPUT"),
    "no_show_minutes": (
        "a wait",
        "give the minutes a late team is waited for, 0 to 120",
        "BAD_INPUT",
    ),
    "team": ("a team", "give the number of a team in this match", "BAD_INPUT"),
    "winner": ("a team", "give the number of the team that won", "BAD_INPUT"),
    "reason": ("a reason", "say forfeit or no-show", "BAD_INPUT"),
}

# The crew routes' fields, where their words differ from a game's (docs/crews.md).
CREW_FIELDS = {
    "id": ("a player id", "a player id is a UUID, made by the phone", "BAD_INPUT"),
    "name": ("a name", "a player's name is 1 to 40 characters, a crew's 1 to 80", "BAD_NAME"),
    "seats": (
        "who sat where",
        "give one crew player's id (or null) per seat, seat 1 first",
        "BAD_INPUT",
    ),
    "game_token": (
        "a game's edit token",
        "send the edit token of the game you keep the score of",
        "BAD_TOKEN",
    ),
    "from": ("a day", "give a day like 2026-11-23", "BAD_DATES"),
    "to": ("a day", "give a day like 2026-11-23", "BAD_DATES"),
}

# The import's fields (docs/export.md), where their words differ from a game's: its `format`
# is the file's, not a tournament's; a match's id is not a game id; a later `version` comes
# from a newer Tally 42 (as the phone's restore says, pwa/js/backup.js).
IMPORT_FIELDS = {
    "format": (
        "a Tally 42 export",
        'a Tally 42 export or backup says "tally42-export": this file is not one',
        "BAD_INPUT",
    ),
    "version": (
        "a version this server reads",
        "this file was written by a newer Tally 42: update the server and try again",
        "BAD_INPUT",
    ),
}

# A crew's seasons' fields (docs/leagues.md): a league's words, not a game's or an event's.
SERIES = ("a match length", "give the games a team needs to win a match, 1 to 10", "BAD_INPUT")
LEAGUE_FIELDS = {
    "name": (
        "a name",
        "a season's or a team's name is 1 to 60 characters, a substitute's 1 to 40",
        "BAD_NAME",
    ),
    "teams": (
        "a season's teams",
        "give 2 to 64 teams, each a name and two players of the crew",
        "BAD_INPUT",
    ),
    "players": ("a team's two players", "pick two players on the crew's list", "BAD_INPUT"),
    "nights": ("a number of nights", "a season has 1 to 30 nights", "BAD_INPUT"),
    "format": (
        "a league night",
        "a night is a round-robin, a single-elimination or a double-elimination",
        "BAD_INPUT",
    ),
    "first_to": SERIES,
    "playoff_first_to": SERIES,
    "tables": ("a number of tables", "give 1 to 200 tables", "BAD_INPUT"),
    "playoff_teams": (
        "a playoff",
        "say how many of the top teams play it, 2 to 64, or null for no playoff",
        "BAD_PLAYOFF",
    ),
    "substitutes": (
        "a list of substitutes",
        "give each as a team, a member (0 or 1), and a player or a name",
        "BAD_SUBSTITUTE",
    ),
    "team": ("a season's team", "give the id of a team of the season", "BAD_SUBSTITUTE"),
    "member": ("a team's player", "say 0 for its first player, 1 for its second", "BAD_SUBSTITUTE"),
    "player": (
        "a player of the crew",
        "give the id of a player on the crew's list, or type a name instead",
        "BAD_SUBSTITUTE",
    ),
}

MATCH_ID = ("a match id", "a match id is a UUID, like the app makes", "BAD_INPUT")

# The event routes' own name (a team's name stays 1 to 60, as everywhere).
EVENT_NAME = ("a name", "an event's name is 1 to 80 characters", "BAD_INPUT")

# A progressive party's fields (api/schemas/parties.py), by the first name of their path.
PARTY_FIELDS = {
    "name": ("a name", "a party's name is 1 to 80 characters", "BAD_INPUT"),
    "players": ("a player's name", "a player's name is 1 to 25 characters", "BAD_INPUT"),
    "rounds": ("a number of rounds", f"a party plays 1 to {PARTY_ROUNDS} rounds", "BAD_INPUT"),
    "round": ("a round", f"give the number of the next round, 1 to {PARTY_ROUNDS}", "BAD_INPUT"),
    "hands_per_round": (
        "a round's length",
        "give the hands a round lasts, 1 to 20, or null for a whole game",
        "BAD_INPUT",
    ),
    "crew_id": ("a crew", "a crew's id is a UUID, from its join link", "BAD_INPUT"),
}

CREW_MISSING = {
    "id": "the player's id",
    "name": "the name",
    "seats": "who sat where",
    "game_token": "the game's edit token",
}

ITEMS = {
    "bids": BID,
    "by_side": POINTS,
    "start_totals": FIELDS["start_totals"],
    "penalties": FIELDS["penalties"],
    "teams": FIELDS["teams"],
    "players": FIELDS["name"],
}

WHOLE = ("what this asks for", "send a JSON object", "BAD_INPUT")

# What is missing, said as a thing (the FIELDS words say what a value should be).
MISSING = {
    "first_dealer": "the first dealer",
    "ruleset": "the ruleset",
    "hand_no": "the hand number",
    "action": "what to do with the link",
    "name": "the team's name",
    "kind": "the kind of penalty",
    "side": "the side",
    "format": "the format",
    "team": "the team",
    "winner": "the winner",
}

# An integer of the right type but out of bounds gets rules/'s range code, not its type code.
RANGE_CODES = {"BID_NOT_INTEGER": "BID_OUT_OF_RANGE", "RESULT_NOT_INTEGER": "RESULT_OUT_OF_RANGE"}

_MISSING = object()


def too_many_players(count):
    """The director's words for a party of `count` players, more than it seats."""
    return (
        f"a party seats at most {PARTY_PLAYERS} players ({PARTY_PLAYERS // 4} tables), not "
        f"{count}: split a bigger crowd into two parties"
    )


def first_error(errors, path=()):
    """(path, message) of the first marshmallow message in webargs' nested errors."""
    if isinstance(errors, dict):
        for key, value in errors.items():
            found = first_error(value, path if key == "json" else (*path, key))
            if found:
                return found
    elif isinstance(errors, list) and errors:
        if all(isinstance(item, str) for item in errors):
            return path, errors[0]
        return first_error(errors[0], path)
    return None


def value_at(body, path):
    """The value at `path` in the request body (_MISSING when it is not there)."""
    for key in path:
        if isinstance(body, dict) and key in body:
            body = body[key]
        elif isinstance(body, list) and str(key).isdigit() and int(key) < len(body):
            body = body[int(key)]
        else:
            return _MISSING
    return body


def shown(value):
    """A value as the player typed it (JSON), cut short when long."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def describe(path, overrides=None, route=None):
    """(what, hint, rule_code) for the field at `path` (`overrides`: a route's own words;
    `route`: the blueprint, for the words of the import's and the events' own fields)."""
    names = [str(key) for key in path]
    if route == "transfer":
        if names[-1:] == ["id"] and ("match" in names or names[:1] == ["matches"]):
            return MATCH_ID  # a game's match.id, or a match's own id
        if len(names) == 1 and names[0] in IMPORT_FIELDS:
            return IMPORT_FIELDS[names[0]]
        in_file = describe_file(names, LEAGUE_FIELDS, PARTY_FIELDS)
        if in_file is not None:
            return in_file
    if route == "events" and names == ["name"]:
        return EVENT_NAME
    if route == "parties" and names and names[0] in PARTY_FIELDS:
        return PARTY_FIELDS[names[0]]
    if route == "leagues":
        for name in reversed(names):
            if name in LEAGUE_FIELDS:
                return LEAGUE_FIELDS[name]
    if overrides and names and names[-1] in overrides:
        return overrides[names[-1]]
    if overrides and len(names) > 1 and names[-1].isdigit() and names[-2] in overrides:
        return overrides[names[-2]]
    if not names or names == ["_schema"]:
        return WHOLE
    if names[-1].isdigit() and len(names) > 1 and names[-2] in ITEMS:
        return ITEMS[names[-2]]
    if names[-1] in ("key", "value") and "rules" in names:
        return FIELDS["rules"]
    for name in reversed(names):
        if name in FIELDS:
            return FIELDS[name]
    return ("what this asks for", "check it and try again", "BAD_INPUT")


def schema_refusal(errors, body, crew=False, route=None):
    """(rule_code, message) for the first thing the schema refused in `body` (`crew`: on a
    crew route, whose fields have words of their own; `route`: the blueprint's name)."""
    found = first_error(errors)
    if found is None:
        return "BAD_INPUT", "the request is not what this asks for"
    path, text = found
    if len(path) > 1 and path[-1] == "_schema":  # a list's item of the wrong kind: name the item
        path = path[:-1]
    key = str(path[-1]) if path else ""
    if text == "Unknown field.":
        return "UNKNOWN_FIELD", f'"{key}" is not something the scorepad knows here: leave it out'
    what, hint, rule_code = describe(path, CREW_FIELDS if crew else None, route)
    if text == "Missing data for required field.":
        missing = {**MISSING, **CREW_MISSING} if crew else MISSING
        if route == "leagues":
            missing = {**MISSING, "name": "the name", "team": "the team", "format": "the night"}
        return "MISSING_FIELD", f"{missing.get(key, what)} is missing: {hint}"
    whole = tuple(path) == ("_schema",)
    value = body if whole else value_at(body, path)
    if value is _MISSING:
        return rule_code, f"that is not {what}: {hint}"
    if route == "parties" and tuple(path) == ("players",) and isinstance(value, list):
        return "BAD_TEAMS", too_many_players(len(value))  # the list's one bound: its length
    if value is None and not whole:
        return rule_code, f"{what} cannot be left empty (null) here: {hint}"
    if isinstance(value, int) and not isinstance(value, bool):
        rule_code = RANGE_CODES.get(rule_code, rule_code)
    return rule_code, f"{shown(value)} is not {what}: {hint}"
