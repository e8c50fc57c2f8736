"""What every schema builds on: the strict base, bounded integers, stored text, the bounds."""

from marshmallow import (
    RAISE,
    Schema,
    ValidationError,
    fields,
    validate,
)

MAX_SEAT = 15

MAX_HAND_NO = 10_000

MAX_POINTS = 100_000

# A suit number: rules/ says how high each ruleset's suits run (6 in 42, 7 in Geezer, 9 in
# 140); this bound only keeps absurd integers away from storage.
MAX_SUIT = 99

DECLARED = ("made", "set")


def Int(lo, hi, **kwargs):  # noqa: N802 (reads like a field class)
    """A strict integer field bounded to lo..hi (floats and numeric strings are rejected)."""
    return fields.Integer(strict=True, validate=validate.Range(lo, hi), **kwargs)


class StrictBoolean(fields.Boolean):
    """JSON true or false, nothing else: marshmallow's Boolean takes 1, 0, 1.0 and "yes" (and
    `truthy={True}` still takes 1, since 1 == True in Python), where the document says a
    boolean. Every boolean of the schemas is this one, read or written."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def refuse_nul(value):
    """No NUL in text a request brings: PostgreSQL's text columns cannot hold one, and
    unchecked, a name with a NUL was a 500 there, not a 422 (a query filter compared with a
    text column too)."""
    if "\x00" in value:
        raise ValidationError("holds a NUL character")


def stored_text(low, high):
    """The validators of text a request brings: its length, and no NUL."""
    return [validate.Length(low, high), refuse_nul]


def Name(high, **kwargs):  # noqa: N802 (reads like a field class)
    """A name, the one rule wherever a name enters (a game's or a match's teams and players,
    an event's, its teams' and players', a crew's and its roster's, in a request or an
    import): 1 to `high` characters, no NUL."""
    return fields.String(validate=stored_text(1, high), **kwargs)


class StrictSchema(Schema):
    """Unknown fields are an error, never silently dropped."""

    class Meta:
        unknown = RAISE


def _bounded_int(value, lo, hi, what):
    """Check `value` is a real int (not bool) in lo..hi."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(f"{what} must be an integer or an object")
    if not lo <= value <= hi:
        raise ValidationError(f"{what} must be between {lo} and {hi}")
    return value


EDIT_TOKEN = [{"editToken": []}]  # OpenAPI security requirement of the edit routes


class BuiltList(fields.List):
    """A list the view has already built in the documented item shape (hands from
    logic.hand_view, teams as validated and stored), dumped as it is: marshmallow walking
    every hand's nested dicts cost a tenth of a share read. The OpenAPI document still
    describes each item by the inner schema."""

    def _serialize(self, value, attr, obj, **kwargs):
        return value
