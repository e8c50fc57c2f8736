"""Who reaches a party: its director token (everything), its public token (the reads), and
each table's link (its table's read and its current game, through the game's match).

401 without a token or with one the server does not know, 403 for a token it knows that
does not open this (another party's, a game's, the public token on a director's route), 404
for a party or table that does not exist (asked with a known token).
"""

from ..core.access import link_ended_words, refuse, require_edit, required_token, token_opens
from ..core.errors import abort
from ..core.tokens import hash_token
from ..store.db import flask_db, is_sqlite
from ..store.parties import Party, PartyEndedLink, PartyTable

DIRECTOR, PUBLIC, TABLE = "director", "public", "table"


def _party(party_id):
    return Party.get_or_none(Party.id == str(party_id))


def party_by_public_token(token):
    """The party whose public token this is, or None (the board's page: the token is its
    address, like an event's board)."""
    return Party.get_or_none(Party.public_token_hash == hash_token(token))


def require_party_director(party_id):
    """The party if the request carries its director token; else abort 401, 403 or 404."""
    token = required_token("party")
    party = _party(party_id)
    if party is not None and token_opens(party.director_token_hash, token):
        return party
    refuse(
        token,
        party,
        "there is no such party",
        "only the party's director can do that: this token belongs to a table, the public "
        "link, a game or another party",
    )
    return None


def require_party_reader(party_id):
    """(the party, DIRECTOR or PUBLIC) for the party's director or public token; else abort
    401, 403 (a table's link, another party's token, a game's) or 404."""
    token = required_token("party")
    party = _party(party_id)
    if party is not None:
        if token_opens(party.director_token_hash, token):
            return party, DIRECTOR
        if token_opens(party.public_token_hash, token):
            return party, PUBLIC
    refuse(
        token,
        party,
        "there is no such party",
        "this token does not open this party: it belongs to a table, a game or another party",
    )
    return None


def ended_link(party, digest):
    """Abort 403 TABLE_LINK_ENDED, in the table's words, if `digest` is a link of `party`'s
    that the director replaced with a new one (the event's table link says the same)."""
    ended = PartyEndedLink.get_or_none(
        (PartyEndedLink.party == party.id) & (PartyEndedLink.token_hash == digest)
    )
    if ended is not None:
        abort(403, link_ended_words(ended.table), rule_code="TABLE_LINK_ENDED")


def require_party_table(party_id, table):
    """(the party, DIRECTOR or TABLE) for the director's token or the link of table `table`;
    else abort 401, 403 (another table's link, the public link, a game's token; a link the
    director replaced: TABLE_LINK_ENDED) or 404 (no such party, or no such table once the
    party has started)."""
    token = required_token("table")
    digest = hash_token(token)
    party = _party(party_id)
    who = None
    if party is not None and token_opens(party.director_token_hash, token):
        who = DIRECTOR
    elif party is not None:
        link = PartyTable.get_or_none(
            (PartyTable.party == party.id) & (PartyTable.token_hash == digest)
        )
        who = TABLE if link is not None and link.table == table else None
    if who is None and party is not None:
        ended_link(party, digest)
    if who is None:
        refuse(
            token,
            party,
            "there is no such party",
            "this link does not open this table: it belongs to another table, the public "
            "link, a game or another party",
        )
    count = PartyTable.select().where(PartyTable.party == party.id).count()
    if who == DIRECTOR and party.current_round and table > count:
        abort(404, f"{party.name} has no table {table}", rule_code="NOT_FOUND")
    return party, who


def _party_of_game_sql():
    """The party row of a game played at one of its tables, locked FOR SHARE on PostgreSQL
    (every director write locks it FOR UPDATE), in a statement of its own."""
    p = flask_db.database.param
    return (
        'SELECT p."id" FROM "partygame" AS pg JOIN "party" AS p ON p."id" = pg."party_id" '
        f'JOIN "game" AS g ON g."match_id" = pg."match_id" WHERE g."id" = {p}'
        + ("" if is_sqlite() else " FOR SHARE OF p")
    )


def lock_party_of_game(game_id):
    """Call first in a write transaction to a game's hand log: if the game is a party's, lock
    the party row and check the request's token again under the lock (abort 403 when it no
    longer reaches the game). The director's next round moves a table's link to the new
    round's game under the same lock; checked only before it, an undo sent with the next
    round reopened a game of the round before that the table could no longer reach, and its
    four players lost the round in the standings. A casual or event game finds no row."""
    found = flask_db.database.execute_sql(_party_of_game_sql(), (str(game_id),)).fetchall()
    if found:
        require_edit(game_id)  # read after the lock: sees the round the director started
