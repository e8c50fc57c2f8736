"""A match's series and score, derived when read, and its game rows.

A match is an ordinary series of ordinary games (brackets.Series: first to N wins, no game
once decided). Its row keeps only what was chosen at the start; who won each game is read
from that game's state, itself replayed from its hand log, so an edited hand that flips a
game's winner flips the match score too. Who shakes first in a game is its first dealer's side.
"""

import orjson

from brackets import Series, ShakeRule

from ..store.base import cached_sql, canonical_json
from ..store.db import flask_db
from ..store.games import Game, Match
from .rulesets import rules_dict, ruleset_of

SHAKE_RULES = tuple(rule.value for rule in ShakeRule)


def match_ruleset(match):
    """The Ruleset a match's games play by."""
    return ruleset_of(match.ruleset, canonical_json(match.overrides or {}))


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
        "rules": rules_dict(ruleset),
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
