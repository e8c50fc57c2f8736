"""The director's writes to a party: make it, change its players before the start, start it
(the seed is drawn and kept; the seating follows from it), and start each next round once
every table's game of the round is over. Each locks the party row first."""

import random
import uuid

import rules
from brackets.progressive import PARTY_PLAYERS

from ..core.errors import Conflict, Invalid, NotFound, field_errors
from ..core.names import PLAYER_NAME, clean_name, name_key
from ..core.refusals import too_many_players
from ..core.tokens import hash_token, new_token
from ..games.matches import insert_game
from ..games.rulesets import LABEL_KNOBS, two_team_ruleset
from ..live.hub import notify_match_games
from ..store.crews import CrewPlayer
from ..store.db import locked_row, write_transaction
from ..store.games import Match
from ..store.parties import Party, PartyEndedLink, PartyGame, PartyPlayer, PartyTable
from .derive import derive, seat_teams
from .views import party_view

_DRAW = random.SystemRandom()  # the seating's seed: the server's own randomness
SEED_BITS = 31  # fits the seed column on every store

# A round of a fixed number of hands is a marks game whose hand limit is that number: the
# rules engine ends it there (docs/rules.md 9, "hand_limit"), and a target no side can reach
# in 20 hands keeps it from ending sooner.
UNREACHED_TARGET = 999


def locked_party(party_id):
    """The party row, locked for the rest of the write transaction (SQLite: BEGIN IMMEDIATE
    already holds the write lock)."""
    party = locked_row(Party, party_id)
    if party is None:
        raise NotFound("there is no such party", rule_code="NOT_FOUND")
    return party


def bump(party):
    """Count one more write to the party (its reads' ETags move)."""
    Party.update(version=Party.version + 1).where(Party.id == party.id).execute()


def table_rules(data):
    """The house rules each table plays by: the party's, and for a round of `hands` hands, a
    hand limit of that many and a target out of reach. 422 for a ruleset that is not four
    players in two partnerships, or a round of hands counted in points."""
    overrides = {k: v for k, v in (data.get("rules") or {}).items() if k not in LABEL_KNOBS}
    ruleset = two_team_ruleset({**data, "rules": overrides}, "party table")
    if ruleset.players != 4:
        raise Invalid(
            f"a party seats four at a table, and {ruleset.name} is played by {ruleset.players}",
            rule_code="PARTY_NEEDS_FOUR",
            errors=field_errors("ruleset", "needs four players in two partnerships"),
        )
    hands = data.get("hands_per_round")
    if hands is None:
        return overrides
    if ruleset.scoring != "marks":
        raise Invalid(
            f"a round of {hands} hands is counted in marks, and {ruleset.name} counts points: "
            "play a whole game a round, or choose a ruleset counted in marks",
            rule_code="HANDS_NEED_MARKS",
            errors=field_errors("hands_per_round", "only with marks"),
        )
    overrides = {**overrides, "max_hands": hands, "target": UNREACHED_TARGET}
    rules.get_ruleset(data["ruleset"], overrides)  # the limit fits the rest (RulesError: 422)
    return overrides


def check_names(names):
    """The players' names, trimmed; 422 for an unreadable name, one entered twice (case and
    spaces aside) or more players than a party seats."""
    cleaned = [clean_name(name, "every player") for name in names]
    if len(cleaned) > PARTY_PLAYERS:  # a crew's roster may be longer than the schema's list
        raise Invalid(
            too_many_players(len(cleaned)),
            rule_code="BAD_TEAMS",
            errors=field_errors("players", f"at most {PARTY_PLAYERS}"),
        )
    seen = {}
    for name in cleaned:
        if name_key(name) in seen:
            raise Invalid(
                f"{name} is entered twice: give one of them a surname or a nickname",
                rule_code="DUPLICATE_PLAYER",
                errors=field_errors("players", f"{name!r} twice"),
            )
        seen[name_key(name)] = name
    return cleaned


def roster_names(crew, picked=None):
    """The players of `crew`'s roster (in the order of its list), or those of them named in
    `picked`; 422 for a picked name not on the roster or a name too long for a party."""
    names = [
        name
        for (name,) in CrewPlayer.select(CrewPlayer.name)
        .where(CrewPlayer.crew == crew.id)
        .order_by(CrewPlayer.name_key, CrewPlayer.id)
        .tuples()
    ]
    if picked:
        known = {name_key(n): n for n in names}
        missing = [n for n in picked if name_key(n) not in known]
        if missing:
            raise Invalid(
                f"{missing[0]} is not on {crew.name}'s roster",
                rule_code="NOT_ON_ROSTER",
                errors=field_errors("players", f"{missing[0]!r} is not on the roster"),
            )
        names = [known[name_key(n)] for n in picked]
    long = next((n for n in names if len(n) > PLAYER_NAME), None)
    if long is not None:
        raise Invalid(
            f"{long} is too long a name for a party's seating (at most {PLAYER_NAME} "
            "letters): shorten it on the crew's roster",
            rule_code="BAD_NAME",
            errors=field_errors("players", "too long"),
        )
    return names


def create_party(data, roster=None):
    """Make a party (and its players: the names given, or `roster`, a crew's); returns its
    director view with the director and public tokens, each shown this once."""
    overrides = table_rules(data)
    names = check_names(roster if roster is not None else data.get("players") or [])
    director, public = new_token(), new_token()
    party = Party(
        id=str(uuid.uuid4()),
        name=data["name"],
        ruleset=data["ruleset"],
        overrides=overrides,
        hands_per_round=data.get("hands_per_round"),
        rounds=data["rounds"],
        director_token_hash=hash_token(director),
        public_token_hash=hash_token(public),
        version=0,
        current_round=0,
    )
    with write_transaction():
        party.save(force_insert=True)
        _enter(party, names)
    return {
        **party_view(derive(party), director=True),
        "director_token": director,
        "public_token": public,
    }


def _enter(party, names):
    for order, name in enumerate(names, 1):
        PartyPlayer.create(party=party.id, name=name, list_order=order)


def _not_started(party):
    if party.current_round:
        raise Conflict(
            f"{party.name} has started: its players and seating are fixed",
            rule_code="PARTY_STARTED",
        )


def set_players(party_id, names):
    """Replace the party's players before the start; returns the director view."""
    names = check_names(names)
    with write_transaction():
        party = locked_party(party_id)
        _not_started(party)
        PartyPlayer.delete().where(PartyPlayer.party == party.id).execute()
        _enter(party, names)
        bump(party)
    return party_view(derive(Party.get_by_id(party.id)), director=True)


def _enough_players(party):
    """422 BAD_TEAMS for a start with fewer than four players: one table needs four."""
    count = PartyPlayer.select().where(PartyPlayer.party == party.id).count()
    if count < 4:
        raise Invalid(
            f"{party.name} has {count} player{'' if count == 1 else 's'}: a table needs four, "
            "so enter at least four before the start",
            rule_code="BAD_TEAMS",
        )


def start_party(party_id):
    """Draw the seed, make each table's link and seat round 1; returns the director view
    with `table_links` ({table: token}, shown this once). 409 once started; 422 for fewer
    than four players."""
    with write_transaction():
        party = locked_party(party_id)
        _not_started(party)
        _enough_players(party)
        party.seed = _DRAW.getrandbits(SEED_BITS)
        derived = derive(party)  # the seating of every round
        links = {}
        for seat in derived.party.seating(1).tables:
            links[str(seat.table)] = new_token()
            PartyTable.create(
                party=party.id, table=seat.table, token_hash=hash_token(links[str(seat.table)])
            )
        _seat_round(party, derived, 1)
        Party.update(seed=party.seed, current_round=1, version=Party.version + 1).where(
            Party.id == party.id
        ).execute()
    view = party_view(derive(Party.get_by_id(party.id)), director=True)
    return {**view, "table_links": links}


def table_match(party, seat, number):
    """The match a round's start makes for the table `seat` of round `number`, as a file's
    match says it: the party's rules, the seat's two sides as its teams, one game (its game 1
    dealt first by the same seat), the first shake moving one seat round each round so it is
    not always the same player's. The import of a party's file holds each table to it."""
    ruleset = rules.get_ruleset(party.ruleset, party.overrides or None)
    return {
        "ruleset": party.ruleset,
        "rules": party.overrides or {},
        "teams": seat_teams(seat),
        "first_dealer": (number - 1) % ruleset.players,
        "first_to": 1,
        "shake_rule": "rotate",
    }


def _seat_round(party, derived, number):
    """The match (`table_match`) and game of each table of round `number`; each match's edit
    token is its table's link (its stored hash)."""
    hashes = {
        t.table: t.token_hash for t in PartyTable.select().where(PartyTable.party == party.id)
    }
    ruleset = rules.get_ruleset(party.ruleset, party.overrides or None)
    for seat in derived.party.seating(number).tables:
        made = table_match(party, seat, number)
        match = Match.create(
            id=str(uuid.uuid4()),
            ruleset=made["ruleset"],
            overrides=made["rules"],
            teams=made["teams"],
            first_dealer=made["first_dealer"],
            first_to=made["first_to"],
            shake_rule=made["shake_rule"],
            edit_token_hash=hashes[seat.table],
        )
        insert_game(match, 1, made["first_dealer"], ruleset)
        PartyGame.create(party=party.id, round=number, table=seat.table, match_id=match.id)


def start_round(party_id, number):
    """Start round `number` (the next one) once every table's game of the round before is
    over: the tables' links move to the new games. Starting the round already started again
    answers as the first time. 409 before the start, past the last round, or while a game of
    the round is still being played. Returns the director view."""
    with write_transaction():
        party = locked_party(party_id)
        if number == party.current_round and number:
            return party_view(derive(party), director=True)
        if not party.current_round:
            raise Conflict(f"{party.name} has not started yet", rule_code="PARTY_NOT_STARTED")
        if number != party.current_round + 1:
            raise Conflict(
                f"the next round is round {party.current_round + 1}, not round {number}",
                rule_code="NOT_NEXT_ROUND",
                errors=field_errors("round", f"the next is {party.current_round + 1}"),
            )
        if number > party.rounds:
            raise Conflict(
                f"{party.name} has {party.rounds} rounds: the party is over",
                rule_code="PARTY_OVER",
            )
        derived = derive(party)
        playing = derived.unfinished(party.current_round)
        if playing:
            words = " and ".join(f"table {t}" for t in playing)
            raise Conflict(
                f"round {party.current_round} is still being played at {words}: start the "
                "next round once every table's game is over",
                rule_code="ROUND_NOT_OVER",
            )
        old = [g.match_id for g in derived.rows if g.round == party.current_round]
        for match_id in old:  # the tables' links stop reaching the round that is over
            Match.update(edit_token_hash=hash_token(new_token())).where(
                Match.id == match_id
            ).execute()
            notify_match_games(match_id)  # the link's streams of it end now, not at a change
        _seat_round(party, derived, number)
        Party.update(current_round=number, version=Party.version + 1).where(
            Party.id == party.id
        ).execute()
    return party_view(derive(Party.get_by_id(party.id)), director=True)


def new_table_link(party_id, table):
    """The director's "new link" for `table` (a phone lost, stolen or dead): the table's link
    changes, and so does the edit token of its game this round, so the old link stops at once
    (kept as ended: refused in the table's words, 403 TABLE_LINK_ENDED). Returns {table,
    table_token}, shown this once. 409 before the start; 404 for a table the party lacks."""
    token = new_token()
    with write_transaction():
        party = locked_party(party_id)
        if not party.current_round:
            raise Conflict(f"{party.name} has not started yet", rule_code="PARTY_NOT_STARTED")
        link = PartyTable.get_or_none((PartyTable.party == party.id) & (PartyTable.table == table))
        if link is None:
            raise NotFound(f"{party.name} has no table {table}", rule_code="NOT_FOUND")
        PartyEndedLink.create(party=party.id, table=table, token_hash=link.token_hash)
        PartyTable.update(token_hash=hash_token(token)).where(PartyTable.id == link.id).execute()
        row = PartyGame.get(
            (PartyGame.party == party.id)
            & (PartyGame.round == party.current_round)
            & (PartyGame.table == table)
        )
        Match.update(edit_token_hash=hash_token(token)).where(Match.id == row.match_id).execute()
        notify_match_games(row.match_id)  # the old link's streams end now, not at a change
        bump(party)
    return {"table": table, "table_token": token}
