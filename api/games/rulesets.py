"""A game's or match's ruleset from its preset and house rules, and the checks that it fits."""

import functools
import json

import rules

from ..core.errors import Invalid, field_errors
from ..store.base import canonical_json

# Knobs that only label a preset: rules.get_ruleset ignores them in overrides, so they are
# never checked, and never stored (unchecked text could make every later read fail).
LABEL_KNOBS = frozenset(("id", "name", "description"))


@functools.lru_cache(maxsize=256)
def ruleset_of(preset_id, overrides_json):
    """The Ruleset for a preset and its overrides (cached: Rulesets are frozen)."""
    return rules.get_ruleset(preset_id, json.loads(overrides_json) or None)


@functools.lru_cache(maxsize=256)
def rules_dict(ruleset):
    """`ruleset.to_dict()`, computed once per Ruleset (frozen, so hashable and unchanging).

    Shared between requests: callers must not change it (marshmallow's Dict dumps a copy).
    """
    return ruleset.to_dict()


def game_ruleset(game):
    """The Ruleset a stored game plays by."""
    return ruleset_of(game.ruleset, canonical_json(game.overrides or {}))


def default_teams(ruleset):
    """Sensible team names: "Us"/"Them" for two sides, else by seat or letter."""
    sides = sorted(set(ruleset.sides))
    if len(sides) == 2:
        return [{"name": "Us", "players": []}, {"name": "Them", "players": []}]
    if len(sides) == len(ruleset.sides):
        return [{"name": f"Seat {seat + 1}", "players": []} for seat in sides]
    return [{"name": f"Team {chr(65 + side)}", "players": []} for side in sides]


def two_team_ruleset(data, what="match", field="ruleset"):
    """The Ruleset `data` names (its "ruleset" and house "rules"), which a match needs played
    by two teams: 422 MATCH_NEEDS_TWO_TEAMS says "a `what` is between two teams" otherwise
    (naming `field` in `errors`, if given); RulesError for an unknown ruleset or a bad rule."""
    ruleset = rules.get_ruleset(data["ruleset"], data.get("rules") or None)
    sides = len(set(ruleset.sides))
    if sides != 2:
        raise Invalid(
            f"a {what} is between two teams, and {ruleset.name} is played by {sides} sides",
            rule_code="MATCH_NEEDS_TWO_TEAMS",
            errors=field and field_errors(field, f"a {what} needs a ruleset with two sides"),
        )
    return ruleset


def check_game_shape(data, ruleset):
    """Teams, first dealer and start totals must fit the ruleset; 422 (Invalid) if not."""
    n_sides = len(set(ruleset.sides))
    if len(data["teams"]) != n_sides:
        raise Invalid(
            f"{ruleset.name} is played by {n_sides} sides, so name {n_sides} teams, "
            f"not {len(data['teams'])}",
            rule_code="BAD_INPUT",
            errors=field_errors("teams", f"give exactly {n_sides} teams"),
        )
    if data["first_dealer"] >= ruleset.players:
        raise Invalid(
            f"there is no seat {data['first_dealer']} at a {ruleset.players}-player "
            f"table: seats run 0 to {ruleset.players - 1}",
            rule_code="SEAT_OUT_OF_RANGE",
            errors=field_errors("first_dealer", "no such seat"),
        )
    totals = data.get("start_totals")
    if totals is not None and len(totals) != n_sides:
        raise Invalid(
            f"give one starting score per side ({n_sides}), not {len(totals)}",
            rule_code="BAD_INPUT",
            errors=field_errors("start_totals", f"give exactly {n_sides} numbers"),
        )
