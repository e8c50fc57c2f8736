"""Making a match: its first game, its dealer, its token."""

import uuid

from peewee import IntegrityError

import rules

from ..core.errors import Conflict
from ..core.tokens import hash_token, new_token
from ..store.db import write_transaction
from ..store.games import Game, Match
from .rulesets import LABEL_KNOBS, check_game_shape, default_teams, two_team_ruleset
from .series import match_view
from .service import content_hash
from .views import game_view, state_without_hands


def dealer_for(ruleset, match, side):
    """The first seat from the match's first dealer on, going round, that sits on `side`."""
    for step in range(ruleset.players):
        seat = (match.first_dealer + step) % ruleset.players
        if ruleset.sides[seat] == side:
            return seat
    raise AssertionError(f"no seat on side {side}")  # two sides: never


def insert_game(match, game_no, dealer, ruleset):
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
        content_hash=content_hash({"match": match.id, "game_no": game_no}),
        edit_token_hash=hash_token(new_token()),
        share_token=new_token(16),
        state=state_without_hands(state),
        match_id=match.id,
        match_game_no=game_no,
    )


def create_match(data):
    """Create a match and its first game; returns the match view with the game and the
    match's edit token (shown this once; the server keeps its SHA-256).

    Raises RulesError (422) for an unknown ruleset or a bad override."""
    ruleset = two_team_ruleset(data)
    if data.get("rules"):
        data["rules"] = {k: v for k, v in data["rules"].items() if k not in LABEL_KNOBS}
    data.setdefault("teams", default_teams(ruleset))
    check_game_shape(data, ruleset)
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
            game = insert_game(match, 1, match.first_dealer, ruleset)
    except IntegrityError:  # 2**-256: two random tokens alike
        raise Conflict("that clashed with another match: try again", rule_code="CONFLICT") from None
    return {**match_view(match), "edit_token": token, "game": game_view(game)}
