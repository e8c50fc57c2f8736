"""The words of a refused export file's event, party, crew and seasons parts (docs/export.md):
a file's "teams" of a called match are two team numbers, not a game's teams; its "tables" of a
party are the rounds' games, not a count. Looked up by the field and the list or part that holds
it, so `event/matches/3/teams/0` reads as a called match's teams."""

from brackets.progressive import PARTY_ROUNDS

TIME = (
    "a time",
    "give a date and time with its time zone, like 2026-11-23T10:15:00-06:00",
    "BAD_INPUT",
)
TEAM_NUMBER = ("a team", "give the team's number in the file (1, 2, 3 ...)", "BAD_EVENT")
MATCH_TEAMS = (
    "a match's two teams",
    "give the numbers of its two teams in the file, like [1, 8]",
    "BAD_EVENT",
)
BRACKET_MATCH = (
    "a match of the bracket",
    "a bracket's match is named like W1.1, L2.3 or S3.4",
    "BAD_EVENT",
)
MATCH_ID = ("a match id", "a match id is a UUID, like the app makes", "BAD_INPUT")
SIGNOFF = (
    "a game signed at its table",
    "give the game's id in the file, the side that signed it (0 or 1) and when",
    "BAD_EVENT",
)
SEED_ORDER = (
    "a seed order",
    "give each team's number in the file once, seed 1 first (none before the start)",
    "BAD_EVENT",
)
PARTY_TABLES = (
    "a round's tables",
    "give each table of each round started as its round, its table and its match in the file",
    "BAD_PARTY",
)

# (the part or list holding the field, the field) -> (what, hint, rule_code)
WORDS = {
    ("event", "id"): ("an event id", "an event id is a UUID, like the app makes", "BAD_EVENT"),
    ("event", "name"): ("a name", "an event's name is 1 to 80 characters", "BAD_INPUT"),
    ("event", "teams"): (
        "the event's teams",
        "give each team its number, name, players and place in the list",
        "BAD_EVENT",
    ),
    ("event", "matches"): (
        "the matches called to tables",
        "give each as its bracket match, its match in the file, its two teams and its table",
        "BAD_EVENT",
    ),
    ("event", "records"): (
        "the director's records",
        "give each as its bracket match, its kind (forfeit, no-show or correction), "
        "its winner and its loser",
        "BAD_EVENT",
    ),
    ("event", "signoffs"): SIGNOFF,
    ("event", "seed_order"): SEED_ORDER,
    ("event", "crew_id"): ("a crew", "a crew's id is a UUID, from its join link", "BAD_EVENT"),
    ("event", "draw_seed"): ("a draw", "a draw is a whole number from 0, as drawn", "BAD_EVENT"),
    ("event", "rounds_started"): (
        "the rounds started",
        "a whole number of rounds, as the director started them",
        "BAD_EVENT",
    ),
    ("event", "started_at"): TIME,
    ("event", "created_at"): TIME,
    ("event", "checkin_deadline"): TIME,
    ("teams", "number"): (
        "a team's number",
        "the teams are numbered 1, 2, 3 ... in the order the file lists them",
        "BAD_INPUT",
    ),
    ("teams", "order"): (
        "a place in the list",
        "give the team's place in the list, a whole number from 0",
        "BAD_INPUT",
    ),
    ("teams", "checked_in_at"): TIME,
    ("teams", "dropped_at"): TIME,
    ("matches", "teams"): MATCH_TEAMS,
    ("matches", "here"): (
        "the team seated first",
        "give the number in the file of the team that sat down first, or none",
        "BAD_EVENT",
    ),
    ("matches", "bracket_id"): BRACKET_MATCH,
    ("matches", "match_id"): MATCH_ID,
    ("matches", "table"): ("a table", "tables are numbered from 1 to 200", "BAD_EVENT"),
    ("matches", "called_at"): TIME,
    ("matches", "seated_at"): TIME,
    ("records", "bracket_id"): BRACKET_MATCH,
    ("records", "kind"): ("a record", "say forfeit, no-show or correction", "BAD_EVENT"),
    ("records", "winner"): TEAM_NUMBER,
    ("records", "loser"): TEAM_NUMBER,
    ("records", "at"): TIME,
    ("signoffs", "game_id"): SIGNOFF,
    ("signoffs", "side"): SIGNOFF,
    ("signoffs", "at"): TIME,
    ("party", "id"): ("a party id", "a party id is a UUID, like the app makes", "BAD_PARTY"),
    ("party", "seed"): ("a draw", "a draw is a whole number from 0, as drawn", "BAD_PARTY"),
    ("party", "current_round"): (
        "the round started last",
        f"a whole number from 0 (not started) to {PARTY_ROUNDS}",
        "BAD_PARTY",
    ),
    ("party", "created_at"): TIME,
    ("party", "tables"): PARTY_TABLES,
    ("tables", "round"): ("a round", f"rounds are numbered from 1 to {PARTY_ROUNDS}", "BAD_PARTY"),
    ("tables", "table"): ("a table", "tables are numbered from 1", "BAD_PARTY"),
    ("tables", "match_id"): MATCH_ID,
    ("games", "seats"): (
        "who sat where",
        "give one crew player's id (or null) per seat, seat 1 first",
        "BAD_INPUT",
    ),
    ("games", "game_id"): ("a game id", "a game id is a UUID, like the app makes", "BAD_INPUT"),
    ("games", "attached_at"): TIME,
    ("crew", "games"): (
        "the crew's games",
        "give each game of the crew as its id in the file, who sat where, and when it joined",
        "BAD_INPUT",
    ),
    ("crew", "seasons"): (
        "the crew's seasons",
        "give each season as its settings, its teams, its nights played and its playoff",
        "BAD_SEASON",
    ),
    ("seasons", "created_at"): TIME,
    ("played", "created_at"): TIME,
    ("played", "number"): ("a night", "nights are numbered from 1 to 30", "BAD_SEASON"),
    ("played", "event"): (
        "a night's tournament",
        "give the night's event in full, as an event's file has it",
        "BAD_SEASON",
    ),
    ("seasons", "played"): (
        "a season's nights",
        "give each night played as its number, its event, its teams and its substitutes",
        "BAD_SEASON",
    ),
    ("played", "teams"): (
        "a night's teams",
        "give each of the night's team numbers with its season team's number",
        "BAD_SEASON",
    ),
    ("playoff", "teams"): (
        "the playoff's teams",
        "give each of the playoff's team numbers with its season team's number",
        "BAD_SEASON",
    ),
}

# The parts of a file, as the first name of a refused field's path.
PARTS = ("event", "party", "crew")


def describe_file(names, league_fields, party_fields):
    """(what, hint, rule_code) for the field at `names` (its path, as text) inside a file's
    event, party or crew part, or None for the game's and match's words. A season's own fields
    read as a league's (`league_fields`), a party's name and players as a party's."""
    if not names or names[0] not in PARTS:
        return None
    keys = [n for n in names if not n.isdigit()]
    field, holder = keys[-1], keys[-2] if len(keys) > 1 else None
    if (holder, field) in WORDS:
        return WORDS[holder, field]
    if holder == "party" and field in party_fields:
        return party_fields[field]
    if "seasons" in keys and "event" not in keys and field in league_fields:
        return league_fields[field]
    return None
