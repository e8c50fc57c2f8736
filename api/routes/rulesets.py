"""GET /api/rulesets: the presets, with every knob (defined once, in rules/)."""

from flask.views import MethodView

import rules

from ..core.blueprint import Blueprint
from ..core.errors import abort
from ..games.rulesets import rules_dict
from ..schemas.games import RulesetOut

blp = Blueprint("rulesets", __name__, url_prefix="/api/rulesets", description="Rule presets")


@blp.route("")
class Rulesets(MethodView):
    """The list of presets."""

    @blp.etag
    @blp.response(200, RulesetOut(many=True))
    def get(self):
        """List the rule presets, in display order"""
        return [rules_dict(ruleset) for ruleset in rules.PRESETS.values()]


@blp.route("/<string(maxlength=64):ruleset_id>")
class RulesetById(MethodView):
    """One preset."""

    @blp.etag
    @blp.response(200, RulesetOut)
    def get(self, ruleset_id):
        """Get one rule preset with all its knobs"""
        if ruleset_id not in rules.PRESETS:
            abort(404, f"no ruleset {ruleset_id!r}")
        return rules_dict(rules.PRESETS[ruleset_id])
