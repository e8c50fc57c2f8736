"""The next game of a match: started by a table or the director, refused once the match is
decided or settled, its first shaker by the match's rule."""

import random

from peewee import IntegrityError

from brackets import ShakeRule

from ..core.errors import Conflict, NotFound, field_errors
from ..events import settlement
from ..events.made import game_made
from ..games.matches import dealer_for, insert_game
from ..games.series import _game_rows, match_ruleset, match_view, series_of
from ..games.views import game_view
from ..live.hub import notify_match
from ..store.db import locked_row, write_transaction
from ..store.games import Game, Match

_DRAW = random.SystemRandom()  # drawing who shakes at the table: the server's own randomness


def _locked_match(match_id):
    """The match row, locked for the rest of the write transaction (SQLite: BEGIN IMMEDIATE
    already holds the write lock), so two phones starting the next game make one game."""
    match = locked_row(Match, match_id)
    if match is None:
        raise NotFound("there is no such match", rule_code="NOT_FOUND")
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
    with write_transaction():
        # first, before the match's lock: it locks the event, as a director's write does
        settled = settlement.settled(match_id=match_id)
        match = _locked_match(match_id)
        games = _game_rows(match.id)
        existing = next((g for g in games if g[0] == game_no), None)
        if existing is None:
            settlement.refuse_settled(settled)
            game = _start_next(match, games, game_no)
            notify_match(match.id)  # the event it is played in, if any (the board)
            games = _game_rows(match.id)
            status = 201
        else:
            game, status = Game.by_id(existing[1]), 200
    return status, {**match_view(match, games), "game": game_view(game)}


def _start_next(match, games, game_no):
    """Insert the next game of the match, or refuse (409) saying why it cannot start yet."""
    ruleset = match_ruleset(match)
    series, _extra = series_of(match, ruleset.sides, games)
    if series.decided:
        raise Conflict(
            f"the match is over: {match.teams[series.winner]['name']} won it "
            f"{max(series.score)}-{min(series.score)}, so no more games are played",
            rule_code="MATCH_DECIDED",
        )
    if game_no != len(games) + 1:
        raise Conflict(
            f"the next game of this match is game {len(games) + 1}, not game {game_no}",
            rule_code="NOT_NEXT_GAME",
            errors=field_errors("game_no", f"the next game is {len(games) + 1}"),
        )
    unfinished = [no for no, _id, _dealer, state in games if not state["game_over"]]
    if unfinished:
        raise Conflict(
            f"game {unfinished[0]} of this match is not over yet: finish it before "
            "starting the next one",
            rule_code="GAME_NOT_OVER",
        )
    rng = _DRAW if match.shake_rule == ShakeRule.DRAW.value else None
    shaker = series.next_shaker(match.shake_rule, rng)
    game = insert_game(match, game_no, dealer_for(ruleset, match, shaker), ruleset)
    game_made(match.id, game.id)  # a season's night files it in the crew
    return game
