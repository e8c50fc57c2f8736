"""marshmallow schemas: inputs reject unknown fields and bound every integer; outputs document.

The words the inputs accept (contracts, nel-o doubles modes, named trumps, penalty kinds, the
keys of a bid object and of a result) are imported from rules/, never copied, so the API
accepts every bid the engine can produce and nothing the engine would not know; the checks
that depend on the ruleset (which suits exist, which contracts are on) stay in rules/.
"""

from marshmallow import (
    INCLUDE,
    Schema,
    ValidationError,
    fields,
    post_dump,
    validate,
    validates,
)

from rules import PRESETS
from rules.bids import BID_KEYS, TRUMP_NAMES
from rules.penalties import KINDS as PENALTY_KINDS
from rules.results import RESULT_KEYS
from rules.rulesets import CONTRACTS, NELLO_MODES

from ..core.tokens import EDIT_TOKEN_RE, weak_token_reason
from .base import (
    DECLARED,
    MAX_HAND_NO,
    MAX_POINTS,
    MAX_SEAT,
    MAX_SUIT,
    BuiltList,
    Int,
    Name,
    StrictBoolean,
    StrictSchema,
    _bounded_int,
    stored_text,
)


class BidObject(StrictSchema):
    """`{"marks": k}` or a special contract."""

    marks = Int(1, 100)
    contract = fields.String(validate=validate.OneOf(CONTRACTS))
    doubles = fields.String(validate=validate.OneOf(NELLO_MODES))
    doubles_held = Int(0, 64)


BID_DOC = {
    "oneOf": [
        {"type": "integer", "minimum": 0, "maximum": MAX_POINTS},
        {"$ref": "#/components/schemas/BidObject"},
    ],
    "description": 'a point or mark bid (`31`, `84`), `{"marks": 2}` or a contract object',
}


class Bid(fields.Field):
    """A bid: an integer, or a BidObject (rules/ checks it against the ruleset)."""

    def __init__(self, allow_pass=False, **kwargs):
        """`allow_pass`: inside an auction, the string "pass" is also accepted."""
        self.allow_pass = allow_pass
        doc = dict(BID_DOC)
        if allow_pass:
            doc = {"oneOf": [*BID_DOC["oneOf"], {"type": "string", "enum": ["pass"]}]}
        super().__init__(metadata=doc, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if self.allow_pass and value == "pass":
            return value
        if isinstance(value, dict):
            return BidObject().load(value)
        return _bounded_int(value, 0, MAX_POINTS, "a bid")

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class Trump(fields.Field):
    """A suit number or one of the named trumps (rules/ checks the suit against the ruleset)."""

    def __init__(self, **kwargs):
        """Documented as a oneOf of the two forms."""
        doc = {
            "oneOf": [
                {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": MAX_SUIT,
                    "description": "a suit: 0-6 in 42, 0-7 in Geezer, 0-8 in the Big Game, "
                    "0-9 in 140",
                },
                {"type": "string", "enum": list(TRUMP_NAMES)},
            ]
        }
        super().__init__(metadata=doc, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, str):
            if value not in TRUMP_NAMES:
                raise ValidationError(
                    f"trump must be a suit number or one of {', '.join(TRUMP_NAMES)}"
                )
            return value
        return _bounded_int(value, 0, MAX_SUIT, "trump")

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class HandOutcomeInput(StrictSchema):
    """What the table reports: points captured by the bidders, nel-o tricks, or every side."""

    captured = Int(0, MAX_POINTS)
    tricks = Int(0, 100)
    by_side = fields.List(Int(-MAX_POINTS, MAX_POINTS), validate=validate.Length(1, 16))
    declared = fields.String(validate=validate.OneOf(DECLARED))


class Penalty(StrictSchema):
    """A penalty called during the hand."""

    kind = fields.String(required=True, validate=validate.OneOf(PENALTY_KINDS))
    side = Int(0, MAX_SEAT, required=True)


def _same_keys(schema, keys):
    """The schema's fields are exactly the keys rules/ reads (checked once, at import)."""
    if set(schema._declared_fields) != set(keys):
        raise RuntimeError(f"{schema.__name__} drifted from rules/: {sorted(keys)}")


_same_keys(BidObject, BID_KEYS)

_same_keys(HandOutcomeInput, RESULT_KEYS)


class HandBody(StrictSchema):
    """A hand as entered (the contract's hand encoding)."""

    dealer = Int(0, MAX_SEAT)
    bids = fields.List(Bid(allow_pass=True), validate=validate.Length(1, 64))
    bidder = Int(0, MAX_SEAT)
    bid = Bid()
    trump = Trump()
    result = fields.Nested(HandOutcomeInput)
    penalties = fields.List(fields.Nested(Penalty), validate=validate.Length(0, 8))


class HandPost(HandBody):
    """A new hand: its number in the game (1-based) plus the hand."""

    hand_no = Int(1, MAX_HAND_NO, required=True)


class TeamIn(StrictSchema):
    """A team (side) and the names of its players, seat order."""

    name = Name(60, required=True)
    players = fields.List(Name(60), validate=validate.Length(0, 8))


class GameCreate(StrictSchema):
    """A new game (the id and edit token may be made by the client, so it can start offline)."""

    id = fields.UUID(metadata={"description": "client-made UUID; omitted: the server makes one"})
    ruleset = fields.String(
        required=True,
        validate=stored_text(1, 64),
        metadata={
            "enum": list(PRESETS),
            "description": "a preset id (GET /api/rulesets); another is 422 UNKNOWN_RULESET",
        },
    )
    rules = fields.Dict(
        keys=fields.String(validate=stored_text(1, 64)),
        validate=validate.Length(0, 64),
        metadata={"description": "knob overrides, names as in docs/rules.md and GET /api/rulesets"},
    )
    teams = fields.List(fields.Nested(TeamIn), validate=validate.Length(1, 8))
    first_dealer = Int(0, MAX_SEAT, required=True)
    start_totals = fields.List(Int(-MAX_POINTS, MAX_POINTS), validate=validate.Length(1, 8))
    edit_token = fields.String(
        validate=validate.Regexp(f"^{EDIT_TOKEN_RE.pattern}$"),
        metadata={
            "description": "client-made: 32 random bytes in url-safe base64 without "
            "padding (43 characters), as the phone makes it; omitted: the server makes "
            "one"
        },
    )

    @validates("edit_token")
    def check_token_strength(self, value, **kwargs):
        """A weak client-made token is refused (422)."""
        reason = weak_token_reason(value)
        if reason:
            raise ValidationError(f"edit_token {reason}")


class FirstDealer(StrictSchema):
    """Who shakes and deals first in a game with no hand yet."""

    first_dealer = Int(
        0,
        MAX_SEAT,
        required=True,
        metadata={"description": "the seat that shakes and deals first (0 = seat 1)"},
    )


SHAKE_RULES = ("rotate", "loser", "draw")  # brackets.ShakeRule's values (checked in matches)


class MatchCreate(StrictSchema):
    """A new match: the rules and teams of every game, the first dealer of game 1, first to
    how many wins, and who shakes first in each later game."""

    ruleset = GameCreate._declared_fields["ruleset"]
    rules = GameCreate._declared_fields["rules"]
    teams = GameCreate._declared_fields["teams"]
    first_dealer = Int(
        0,
        MAX_SEAT,
        required=True,
        metadata={"description": "the seat that shakes and deals first in game 1"},
    )
    first_to = Int(
        1,
        10,
        required=True,
        metadata={"description": "wins needed: best of 3 is first to 2, best of 5 first to 3"},
    )
    shake_rule = fields.String(
        load_default="rotate",
        validate=validate.OneOf(SHAKE_RULES),
        metadata={
            "description": "who shakes first in the next game: `rotate` (the teams take "
            "turns), `loser` (the team that lost the last game), `draw` (drawn by the "
            "server, shown in `games[].shaker`)"
        },
    )


class NextGame(StrictSchema):
    """Which game of the match to start (the next one; an earlier number returns that game)."""

    game_no = Int(1, 100, required=True)


class ShareAction(StrictSchema):
    """What to do with the share link."""

    action = fields.String(required=True, validate=validate.OneOf(("rotate", "revoke")))


class TeamOut(Schema):
    """A team as stored."""

    name = fields.String()
    players = fields.List(fields.String())


class HandOut(Schema):
    """A recorded hand: its number, what was entered, and rules/'s result for it."""

    hand_no = fields.Integer()
    hand = fields.Dict(metadata={"description": "the hand as entered"})
    result = fields.Dict(
        metadata={
            "description": "outcome, bidder, bidding_side, bid, need, awarded, totals, "
            "game_over, winner, next_dealer, penalties"
        }
    )


class SetAsideOut(Schema):
    """Hands set aside by an edit that ended the game sooner (the edit can still be undone)."""

    hand_no = fields.Integer(metadata={"description": "the hand that was edited"})
    previous = fields.Dict(metadata={"description": "that hand as it was before the edit"})
    first_hand_no = fields.Integer(
        metadata={"description": "the number the first set-aside hand had"}
    )
    hands = fields.List(fields.Dict(), metadata={"description": "the hands taken off, in order"})


class MatchInfo(Schema):
    """Where a game stands in its match (the score derived from the match's games now)."""

    id = fields.String()
    first_to = fields.Integer()
    score = fields.List(fields.Integer(), metadata={"description": "games won by each side"})
    game_no = fields.Integer(metadata={"description": "this game's number in the match"})
    decided = StrictBoolean()
    winner = fields.Integer(
        allow_none=True, metadata={"description": "side that won the match, or null"}
    )
    settled = fields.String(
        allow_none=True,
        metadata={
            "description": "shared views: the director's word on a tournament match settled "
            "by a forfeit, no-show or correction, in words; null otherwise"
        },
    )


class SharedGame(Schema):
    """A game as anyone with the share link sees it."""

    id = fields.String()
    ruleset = fields.String()
    rules = fields.Dict(metadata={"description": "every knob of the ruleset in force"})
    teams = BuiltList(fields.Nested(TeamOut))
    first_dealer = fields.Integer()
    start_totals = fields.List(fields.Integer(), allow_none=True)
    hands = BuiltList(fields.Nested(HandOut))
    totals = fields.List(fields.Integer())
    next_dealer = fields.Integer()
    next_hand_no = fields.Integer()
    status = fields.String(metadata={"description": "`live` or `over`"})
    game_over = StrictBoolean()
    winner = fields.Integer(allow_none=True, metadata={"description": "winning side or null"})
    time = fields.Dict(
        allow_none=True,
        metadata={
            "description": "time called by the director (docs/rules.md 36-38): `{hands, "
            "in_play, at, phase}`, phase `finish_hand`, `one_more_hand` or `decided`; null "
            "while time is not called"
        },
    )
    set_aside = fields.Nested(
        "SetAsideOut",
        allow_none=True,
        metadata={
            "description": "hands an edit took off the log (it ended the game sooner); "
            "`POST .../set-aside/restore` puts them back; null when none"
        },
    )
    match = fields.Nested(
        MatchInfo,
        allow_none=True,
        metadata={"description": "the match this game is part of; null for a casual game"},
    )


class GameOut(SharedGame):
    """A game as its editors see it."""

    overrides = fields.Dict()
    share_token = fields.String(allow_none=True)
    share_url = fields.String(allow_none=True)


class GameCreated(GameOut):
    """A new game, with the edit token (shown once when the server made it)."""

    edit_token = fields.String()


class MatchGameOut(Schema):
    """One game of a match, as the match lists it."""

    game_no = fields.Integer()
    id = fields.String()
    shaker = fields.Integer(metadata={"description": "the side that shakes first"})
    first_dealer = fields.Integer()
    game_over = StrictBoolean()
    winner = fields.Integer(allow_none=True)
    counted = StrictBoolean(
        metadata={"description": "false for a game finished after an edit decided the match sooner"}
    )


class MatchOut(Schema):
    """A match: its settings and the score derived from its games."""

    id = fields.String()
    ruleset = fields.String()
    rules = fields.Dict()
    overrides = fields.Dict()
    teams = BuiltList(fields.Nested(TeamOut))
    first_dealer = fields.Integer()
    first_to = fields.Integer()
    shake_rule = fields.String()
    score = fields.List(fields.Integer(), metadata={"description": "games won by each side"})
    decided = StrictBoolean()
    winner = fields.Integer(allow_none=True)
    games = fields.List(fields.Nested(MatchGameOut))


class MatchWithGame(MatchOut):
    """A match and one of its games (the one just started or asked for) in full."""

    game = fields.Nested(GameOut)


class MatchCreated(MatchWithGame):
    """A new match with its first game and its edit token (shown this once)."""

    edit_token = fields.String(
        metadata={"description": "reaches this match and its games (and nothing else)"}
    )


class ShareOut(Schema):
    """The current share link (null when revoked)."""

    share_token = fields.String(allow_none=True)
    share_url = fields.String(allow_none=True)


class RulesetOut(Schema):
    """A preset: id, name, description and every knob, flat (names as in docs/rules.md)."""

    class Meta:
        unknown = INCLUDE  # documents `additionalProperties: true`: presets add knobs

    id = fields.String()
    name = fields.String()
    description = fields.String()
    players = fields.Integer()
    sides = fields.List(fields.Integer())
    scoring = fields.String(metadata={"description": "`marks` or `points`"})
    target = fields.Integer()
    points_per_hand = fields.Integer()
    min_bid = fields.Integer()
    mark_value = fields.Integer()

    @post_dump(pass_original=True)
    def keep_every_knob(self, data, original, **kwargs):
        """Presets may add knobs of their own: pass every one through."""
        return {**original, **data}
