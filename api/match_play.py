"""Matches for the views: start one, start its next game, and its score, derived when read.

A match is an ordinary series of ordinary games (brackets.Series: first to N wins, no game
once decided). Its row keeps only what was chosen at the start; who won each game is read
from that game's state, itself replayed from its hand log, so an edited hand that flips a
game's winner flips the match score too. Who shakes first in a game is its first dealer's side.
"""

import random
import uuid

import orjson
from peewee import IntegrityError

import rules
from brackets import Series, ShakeRule

from . import live, logic
from .auth import hash_token, new_token
from .db import flask_db, is_sqlite, write_transaction
from .errors import abort, field_errors
from .models import Game, Match, cached_sql

SHAKE_RULES = tuple(rule.value for rule in ShakeRule)
_DRAW = random.SystemRandom()  # drawing who shakes at the table: the server's own randomness


def match_ruleset(match):
    """The Ruleset a match's games play by."""
    return logic._ruleset(match.ruleset, logic.canonical_json(match.overrides or {}))


def _game_rows(match_id):
    """[(game_no, game id, first dealer, state dict)] of a match's games, in order."""
    sql = cached_sql(
        "match_games",
        lambda: (
            Game.select(Game.match_game_no, Game.id, Game.first_dealer, Game.state)
            .where(Game.match_id == "")
            .order_by(Game.match_game_no)
        ),
    )
    rows = flask_db.database.execute_sql(sql, (match_id,)).fetchall()
    return [(no, game_id, dealer, orjson.loads(state)) for no, game_id, dealer, state in rows]


def series_of(match, sides, games):
    """(the Series of the games counted, game numbers played after it was decided).

    The series' first team is the side that shook first in game 1. Unfinished games count no
    win; a game finished after the match was decided (an edit can decide it sooner) is not
    counted but listed."""
    first = sides[match.first_dealer]
    series = Series((first, 1 - first), match.first_to)
    extra = []
    for no, _game_id, _dealer, state in games:
        if series.decided:
            extra.append(no)
        elif state["game_over"] and state["winner"] is not None:
            series = series.record(state["winner"])
    return series, extra


def match_view(match, games=None):
    """The match as JSON: its settings, the derived score, and each game's place in it."""
    games = _game_rows(match.id) if games is None else games
    ruleset = match_ruleset(match)
    series, extra = series_of(match, ruleset.sides, games)
    return {
        "id": match.id,
        "ruleset": match.ruleset,
        "rules": logic.rules_dict(ruleset),
        "overrides": match.overrides,
        "teams": match.teams,
        "first_dealer": match.first_dealer,
        "first_to": match.first_to,
        "shake_rule": match.shake_rule,
        "score": [series.wins(0), series.wins(1)],
        "decided": series.decided,
        "winner": series.winner,
        "games": [
            {
                "game_no": no,
                "id": game_id,
                "shaker": ruleset.sides[dealer],
                "first_dealer": dealer,
                "game_over": state["game_over"],
                "winner": state["winner"],
                "counted": no not in extra,
            }
            for no, game_id, dealer, state in games
        ],
    }


def match_info(game):
    """What a game view says of its match (None for a casual game): id, first_to, the score
    derived from the match's games now, this game's number, decided and winner.

    One query for the match and its games' states (share links are polled: a peewee select
    of the match row alone cost more than the rest of this)."""
    if game.match_id is None:
        return None
    sql = cached_sql(
        "match_info",
        lambda p: (
            'SELECT m."ruleset", m."overrides", m."first_dealer", m."first_to", g."match_game_no", '
            'g."id", g."first_dealer", g."state" FROM "match" AS m JOIN "game" AS g ON '
            f'g."match_id" = m."id" WHERE m."id" = {p} ORDER BY g."match_game_no"'
        ),
    )
    rows = flask_db.database.execute_sql(sql, (game.match_id,)).fetchall()
    if not rows:
        return None
    ruleset_id, overrides, first_dealer, first_to = rows[0][:4]
    match = Match(
        id=game.match_id,
        ruleset=ruleset_id,
        overrides=orjson.loads(overrides),
        first_dealer=first_dealer,
        first_to=first_to,
    )
    games = [
        (no, game_id, dealer, orjson.loads(state)) for *_match, no, game_id, dealer, state in rows
    ]
    series, _extra = series_of(match, match_ruleset(match).sides, games)
    return {
        "id": match.id,
        "first_to": first_to,
        "score": [series.wins(0), series.wins(1)],
        "game_no": game.match_game_no,
        "decided": series.decided,
        "winner": series.winner,
    }


def dealer_for(ruleset, match, side):
    """The first seat from the match's first dealer on, going round, that sits on `side`."""
    for step in range(ruleset.players):
        seat = (match.first_dealer + step) % ruleset.players
        if ruleset.sides[seat] == side:
            return seat
    raise AssertionError(f"no seat on side {side}")  # two sides: never


def _insert_game(match, game_no, dealer, ruleset):
    """Insert game `game_no` of `match` (in the open write transaction); returns it.

    Its own edit token is random and never shown: the match's token reaches it."""
    state = rules.replay(ruleset, [], dealer, None).to_dict()
    return Game.create(
        id=str(uuid.uuid4()),
        ruleset=match.ruleset,
        overrides=match.overrides,
        teams=match.teams,
        first_dealer=dealer,
        start_totals=None,
        content_hash=logic.content_hash({"match": match.id, "game_no": game_no}),
        edit_token_hash=hash_token(new_token()),
        share_token=new_token(16),
        state=logic.state_without_hands(state),
        match_id=match.id,
        match_game_no=game_no,
    )


def create_match(data):
    """Create a match and its first game; returns the match view with the game and the
    match's edit token (shown this once; the server keeps its SHA-256).

    Raises RulesError (422) for an unknown ruleset or a bad override."""
    ruleset = logic.two_team_ruleset(data)
    if data.get("rules"):
        data["rules"] = {k: v for k, v in data["rules"].items() if k not in logic.LABEL_KNOBS}
    data.setdefault("teams", logic.default_teams(ruleset))
    logic._check_game_shape(data, ruleset)
    token = new_token()
    try:
        with write_transaction():
            match = Match.create(
                id=str(uuid.uuid4()),
                ruleset=data["ruleset"],
                overrides=data.get("rules") or {},
                teams=data["teams"],
                first_dealer=data["first_dealer"],
                first_to=data["first_to"],
                shake_rule=data["shake_rule"],
                edit_token_hash=hash_token(token),
            )
            game = _insert_game(match, 1, match.first_dealer, ruleset)
    except IntegrityError:  # 2**-256: two random tokens alike
        abort(409, "that clashed with another match: try again", rule_code="CONFLICT")
    return {**match_view(match), "edit_token": token, "game": logic.game_view(game)}


def _locked_match(match_id):
    """The match row, locked for the rest of the write transaction (SQLite: BEGIN IMMEDIATE
    already holds the write lock), so two phones starting the next game make one game."""
    query = Match.select().where(Match.id == match_id)
    match = (query if is_sqlite() else query.for_update()).first()
    if match is None:
        abort(404, "there is no such match", rule_code="NOT_FOUND")
    return match


def start_game(match_id, game_no):
    """Start game `game_no` of the match: (status, match view with that game).

    Idempotent: a game_no already started returns that game (200). A new one (201) must be
    the next number, with every game so far over and the match not yet decided, by its games
    or (a tournament match) by the director (409 otherwise). Its first shaker follows the
    match's rule (drawn: by the server's own randomness, shown in the answer)."""
    try:
        return _start_game(match_id, game_no)
    except IntegrityError:  # another request made this game first (the unique index): read it
        return _start_game(match_id, game_no)


def _start_game(match_id, game_no):
    """start_game in one write transaction, the match row locked."""
    from . import event_logic  # it imports this module: the import is made when first used

    with write_transaction():
        # first, before the match's lock: it locks the event, as a director's write does
        settled = event_logic.settled(match_id=match_id)
        match = _locked_match(match_id)
        games = _game_rows(match.id)
        existing = next((g for g in games if g[0] == game_no), None)
        if existing is None:
            event_logic.refuse_settled(settled)
            game = _start_next(match, games, game_no)
            live.notify_match(match.id)  # the event it is played in, if any (the board)
            games = _game_rows(match.id)
            status = 201
        else:
            game, status = Game.by_id(existing[1]), 200
    return status, {**match_view(match, games), "game": logic.game_view(game)}


def _start_next(match, games, game_no):
    """Insert the next game of the match, or abort 409 saying why it cannot start yet."""
    ruleset = match_ruleset(match)
    series, _extra = series_of(match, ruleset.sides, games)
    if series.decided:
        abort(
            409,
            f"the match is over: {match.teams[series.winner]['name']} won it "
            f"{max(series.score)}-{min(series.score)}, so no more games are played",
            rule_code="MATCH_DECIDED",
        )
    if game_no != len(games) + 1:
        abort(
            409,
            f"the next game of this match is game {len(games) + 1}, not game {game_no}",
            rule_code="NOT_NEXT_GAME",
            errors=field_errors("game_no", f"the next game is {len(games) + 1}"),
        )
    unfinished = [no for no, _id, _dealer, state in games if not state["game_over"]]
    if unfinished:
        abort(
            409,
            f"game {unfinished[0]} of this match is not over yet: finish it before "
            "starting the next one",
            rule_code="GAME_NOT_OVER",
        )
    rng = _DRAW if match.shake_rule == ShakeRule.DRAW.value else None
    shaker = series.next_shaker(match.shake_rule, rng)
    return _insert_game(match, game_no, dealer_for(ruleset, match, shaker), ruleset)
