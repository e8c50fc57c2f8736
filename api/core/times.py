"""Times as the API stores and writes them: naive UTC in the store, ISO 8601 in JSON."""

import datetime

from .errors import Invalid, field_errors


def naive_utc(moment, refusal="that time falls off the calendar once put in UTC", field=None):
    """An aware datetime as naive UTC, as stored (naive or None stays as it is). The first or
    last day there is, shifted by its offset, runs past the calendar (Python's OverflowError):
    that is a 422 `BAD_DATE` in the one error shape with the `refusal` words, never a 500
    (a Refusal: an import names the game it refuses, api/transfer/importer.py)."""
    if moment is None or moment.tzinfo is None:
        return moment
    try:
        return moment.astimezone(datetime.UTC).replace(tzinfo=None)
    except OverflowError:
        message = f"{refusal} ({moment.isoformat()})"
        raise Invalid(
            message, rule_code="BAD_DATE", errors=field and field_errors(field, message)
        ) from None


def iso(moment, exact=False):
    """A stored (naive UTC) time as ISO 8601 with a Z, or None: to the second, or with
    `exact` to the microsecond when it has one (an export keeps the order of games started in
    the same second, so a crew's streaks, run oldest first, survive an import)."""
    if moment is None:
        return None
    return (moment if exact else moment.replace(microsecond=0)).isoformat() + "Z"
