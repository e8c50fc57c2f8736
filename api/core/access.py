"""Tokens: the edit token (every write, every full read) and the read-only share token.

401: the request carries no `Authorization: Bearer` token, a malformed one, or one this
server does not know. 403: a token the server knows that does not grant the action (another
game's edit token, or any read-only token, a share link's or a board's, on an edit route).
404: the game does not exist (asked with a token the server knows).
"""

import hmac
from functools import wraps

from flask import g, request

from ..store.crews import Crew
from ..store.events import Event, EventMatch
from ..store.games import Game, Match
from ..store.leagues import Season
from ..store.parties import Party, PartyEndedLink, PartyTable, party_director_hash
from ..store.tables import EventTable, match_holders
from .errors import abort
from .tokens import TOKEN_RE, hash_token

AUTH_HEADERS = {"WWW-Authenticate": 'Bearer realm="tally42"'}


def token_opens(stored_hash, token):
    """True if `token` is the one whose SHA-256 is `stored_hash`, compared in constant time:
    the one comparison of a presented token with a kept one (a row's, a match's)."""
    return hmac.compare_digest(stored_hash, hash_token(token))


def table_or_director(token, event, match):
    """True if `token` is `event`'s director token or `match`'s edit token (the link of the
    table it is called to): who reaches a called match. Either row may be None."""
    return (event is not None and token_opens(event.director_token_hash, token)) or (
        match is not None and token_opens(match.edit_token_hash, token)
    )


def bearer_token():
    """The token of an `Authorization: Bearer` header, None without one; 401 if malformed."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not TOKEN_RE.fullmatch(token.strip()):
        abort(
            401,
            "the edit token is not readable: send it as Authorization: Bearer <token>",
            headers=AUTH_HEADERS,
            rule_code="BAD_TOKEN",
        )
    return token.strip()


def is_known_token(token):
    """True if `token` is any game's edit token or share token, any match's edit token, any
    event's director, public or table token, any crew's token, a season board's, or a
    party's: a read-only one too, so that sent where it opens nothing it is 403, not 401."""
    query = Game.select(Game.id).where(
        (Game.edit_token_hash == hash_token(token)) | (Game.share_token == token)
    )
    return (
        query.exists()
        or match_with_token(token) is not None
        or event_with_token(token) is not None
        or EventTable.select(EventTable.id)
        .where(EventTable.token_hash == hash_token(token))
        .exists()
        or Crew.select(Crew.id).where(Crew.token_hash == hash_token(token)).exists()
        or Season.select(Season.id).where(Season.board_token_hash == hash_token(token)).exists()
        or party_with_token(token)
    )


def party_with_token(token):
    """True if `token` is any party's director or public token or any party table's link,
    open or replaced."""
    digest = hash_token(token)
    return (
        Party.select(Party.id)
        .where((Party.director_token_hash == digest) | (Party.public_token_hash == digest))
        .exists()
        or PartyTable.select(PartyTable.id).where(PartyTable.token_hash == digest).exists()
        or PartyEndedLink.select(PartyEndedLink.id)
        .where(PartyEndedLink.token_hash == digest)
        .exists()
    )


def event_with_token(token):
    """The id of the event whose director or public token this is, or None."""
    digest = hash_token(token)
    row = (
        Event.select(Event.id)
        .where((Event.director_token_hash == digest) | (Event.public_token_hash == digest))
        .tuples()
        .first()
    )
    return None if row is None else row[0]


def directs_match(token, match_id):
    """True if `token` is the director token of the event that called match `match_id`: the
    director reaches every match of the event and their games (docs/tournaments.md)."""
    return (
        EventMatch.select(EventMatch.id)
        .join(Event)
        .where((EventMatch.match_id == match_id) & (Event.director_token_hash == hash_token(token)))
        .exists()
    )


def match_with_token(token, match_id=None):
    """The id of the match whose edit token this is (only `match_id`, when given), or None."""
    query = Match.select(Match.id).where(Match.edit_token_hash == hash_token(token))
    if match_id is not None:
        query = query.where(Match.id == match_id)
    row = query.tuples().first()
    return None if row is None else row[0]


def required_token(what):
    """The request's bearer token; 401 NEEDS_TOKEN without one (`what`: "game" or "match")."""
    token = bearer_token()
    if token is None:
        abort(
            401,
            f"only the phones keeping this {what}'s score can do that: send its edit "
            "token (Authorization: Bearer <token>)",
            headers=AUTH_HEADERS,
            rule_code="NEEDS_TOKEN",
        )
    return token


def refuse(token, found, missing, wrong):
    """Abort for a token that did not open what was asked: 401 if no game or match has it,
    404 (`missing`) if nothing was found, else 403 (`wrong`)."""
    if not is_known_token(token):
        abort(
            401,
            "this server does not know that token",
            headers=AUTH_HEADERS,
            rule_code="UNKNOWN_TOKEN",
        )
    if found is None:
        abort(404, missing, rule_code="NOT_FOUND")
    abort(403, wrong, rule_code="WRONG_TOKEN")


def require_edit(game_id):
    """The game `game_id` if the request carries its edit token (or, for a game of a match,
    that match's edit token: it reaches the match's games and nothing else); else abort 401,
    403 or 404."""
    token = required_token("game")
    game = Game.by_id(str(game_id))
    if game is not None and token_opens(game.edit_token_hash, token):
        return game
    if game is not None and game.match_id is not None and reaches_match(token, game.match_id):
        return game
    refuse(
        token,
        game,
        "there is no such game: it may have been deleted",
        "this token does not allow changing or fully reading this game: it belongs to "
        "another game, or only views it",
    )


def reaches_match(token, match_id):
    """True if `token` reaches match `match_id` and its games: one of its `match_holders`, or
    the director token of the progressive party it was played in."""
    digest = hash_token(token)
    return digest in match_holders(match_id) or digest == party_director_hash(match_id)


def edit_token_required(view):
    """Check the edit token first (before ETag preconditions): the game lands in `g.game`."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        g.game = require_edit(kwargs["game_id"])
        return view(*args, **kwargs)

    return wrapper


def require_match_edit(match_id):
    """The match `match_id` if the request carries its edit token, its event's director token
    or the link of the table it was called to last (`match_holders`); else abort 401, 403 or
    404 (a game's token, another match's or another table's, is 403)."""
    token = required_token("match")
    match = Match.get_or_none(Match.id == str(match_id))
    if match is not None and reaches_match(token, match.id):
        return match
    refuse(
        token,
        match,
        "there is no such match",
        "this token does not allow changing or reading this match: it belongs to a game "
        "or to another match",
    )


def require_holder(model, row_id, hash_field, needs, missing, wrong):
    """The `model` row `row_id` if the request's bearer token is the one whose SHA-256 is its
    `hash_field` (compared in constant time); else 401 NEEDS_TOKEN (`needs`: what to send),
    401 UNKNOWN_TOKEN, 404 (`missing`) or 403 (`wrong`), as `refuse` decides. One check for
    every token that opens a row by its id (an event's director, a crew)."""
    token = bearer_token()
    if token is None:
        abort(401, needs, headers=AUTH_HEADERS, rule_code="NEEDS_TOKEN")
    row = model.get_or_none(model.id == str(row_id))
    if row is not None and token_opens(getattr(row, hash_field), token):
        return row
    refuse(token, row, missing, wrong)


def require_director(event_id):
    """The event `event_id` if the request carries its director token; else abort 401, 403
    (any other token the server knows: a table's, the public link's, a game's) or 404."""
    return require_holder(
        Event,
        event_id,
        "director_token_hash",
        "only the event's director can do that: send the director token "
        "(Authorization: Bearer <token>)",
        "there is no such event",
        "only the event's director can do that: this token belongs to a table, the public "
        "link, a game or another event",
    )


def director_required(view):
    """Check the event's director token first: the event lands in `g.event`."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        g.event = require_director(kwargs["event_id"])
        return view(*args, **kwargs)

    return wrapper


def match_token_required(view):
    """Check the match's edit token first: the match lands in `g.match`."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        g.match = require_match_edit(kwargs["match_id"])
        return view(*args, **kwargs)

    return wrapper


def by_director(match_id):
    """True if the request's bearer token is the director token of the event that called
    match `match_id`: a signed game stays open to the director alone (docs/tournaments.md
    "Sign-off"). Asked only once a write meets a signed game."""
    token = bearer_token()
    return token is not None and match_id is not None and directs_match(token, match_id)


def link_ended_words(table):
    """What a table's phone is told when its link was replaced (an event's or a party's)."""
    return (
        f"this link for table {table} was replaced: the director made the table a new one. "
        "Scan the new QR code from the director"
    )


def require_table(event_id, table):
    """(the event, True if by its director) when the request carries the event's director
    token or the link of its table `table`; else abort 401, 403 (another table's link, the
    public link, a match's or a game's token) or 404 (no such event or table)."""
    token = required_token("table")
    digest = hash_token(token)
    event = Event.get_or_none(Event.id == str(event_id))
    if event is not None and token_opens(event.director_token_hash, token):
        if table > event.table_count:
            abort(404, f"{event.name} has no table {table}", rule_code="NOT_FOUND")
        return event, True
    link = (
        None
        if event is None
        else EventTable.get_or_none(
            (EventTable.event == event.id) & (EventTable.token_hash == digest)
        )
    )
    if link is not None and link.table == table and link.ended_at is None:
        if table > event.table_count:
            abort(404, f"{event.name} has no table {table}", rule_code="NOT_FOUND")
        return event, False
    if link is not None and link.ended_at is not None:
        abort(403, link_ended_words(link.table), rule_code="TABLE_LINK_ENDED")
    refuse(
        token,
        event,
        "there is no such event",
        "this link does not open this table: it belongs to another table, a match, a game or "
        "the public link, or the director has made the table a new one",
    )
    return None
