"""Who shakes first: until a game's first hand is in, the table may change the seat that
shakes and deals first (set, or drawn at the table), as it would on paper."""

from ..core.errors import Conflict, Invalid, field_errors
from ..games.rulesets import game_ruleset
from ..games.service import locked_game
from ..games.views import game_view
from ..live.hub import changed, notify_statement
from ..store.base import cached_sql, run
from ..store.crews import crew_moved
from ..store.db import write_transaction
from .hand_log import start_state


def _first_dealer_statement(game):
    """(SQL, params) storing the game row's first dealer, for `run`."""
    sql = cached_sql(
        "game_first_dealer_update",
        lambda p: f'UPDATE "game" SET "first_dealer" = {p} WHERE "id" = {p}',
    )
    return sql, [game.first_dealer, game.id]


def set_first_dealer(game_id, seat, check_etag):
    """Make `seat` the first dealer of a game with no hand yet; returns (game view, game row).
    409 HANDS_PLAYED once the first hand is in, 409 IN_A_MATCH for a match's game (the
    match's rule says who shakes), 422 for a seat the table does not have, 412/428 from
    `check_etag`."""
    with write_transaction():
        game = locked_game(game_id)
        check_etag(game)
        if game.match_id is not None:
            raise Conflict(
                "this game is part of a match: the match says who shakes first",
                rule_code="IN_A_MATCH",
            )
        if game.state["next_hand_no"] > 1:
            raise Conflict(
                "the first hand is in: undo it to change who shakes first",
                rule_code="HANDS_PLAYED",
            )
        players = game_ruleset(game).players
        if seat >= players:
            message = f"there is no seat {seat} at a {players}-player table"
            raise Invalid(message, errors=field_errors("first_dealer", "no such seat"))
        game.first_dealer = seat
        revision = game.state.get("revision", 0) + 1
        run(
            [
                _first_dealer_statement(game),
                game.state_update({**start_state(game), "revision": revision}),
                crew_moved(game.id),
                *notify_statement(game.id),
            ]
        )
    changed(game.id)
    return game_view(game, []), game
