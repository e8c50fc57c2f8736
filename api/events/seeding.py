"""Seeding an event by its crew's ratings (docs/tournaments.md "Seeding"): the teams in order
of their chance against an average pair of the crew, the strongest first; level chances keep
the listed order. The crews layer lends the ratings at start-up (`lend_ratings`): a layer
below may not import it."""

from ..core.errors import Conflict, Invalid, Refusal, field_errors
from ..core.tokens import hash_token
from ..store.crews import Crew

_SOURCE = []  # [crew id -> (a team's two player names -> chance) or None], set at start-up

CHANCE_PLACES = 4  # chances are compared as the crew's ratings show them, to 4 places


def lend_ratings(source):
    """Use `source` (crew id -> a function of two player names -> chance, or None when the
    crew is gone) for events seeded by rating."""
    _SOURCE[:] = [source]


def crew_of_token(token):
    """The id of the crew whose token is `token`; 403 WRONG_TOKEN if it opens no crew."""
    crew = Crew.get_or_none(Crew.token_hash == hash_token(token))
    if crew is None:
        raise Refusal(
            403,
            "that is not a crew's token: open the crew on this phone and make the event "
            "from there, or leave the crew out",
            rule_code="WRONG_TOKEN",
        )
    return crew.id


def check(event):
    """422 NO_CREW when the event is seeded by rating but names no crew to rate by."""
    if event.seeding == "rating" and not event.crew_id:
        raise Invalid(
            "seeding by rating needs the crew whose ratings to use: make the event from "
            "the crew, or seed as listed or by draw",
            rule_code="NO_CREW",
            errors=field_errors("seeding", "no crew to rate by"),
        )


def crew_chances(crew_id):
    """The team-chance function of crew `crew_id` (read before the event is locked: it
    replays the crew's games); None when the crew is gone or no ratings were lent."""
    return _SOURCE[0](crew_id) if crew_id and _SOURCE else None


def chances_for(event):
    """The crew's team-chance function when `event` is seeded by rating, else None."""
    if event is None or event.seeding != "rating":
        return None
    return crew_chances(event.crew_id)


def by_rating(teams, chances):
    """The ids (text) of `teams` (Team rows, in listed order) strongest first by `chances`
    (chances_for's); 409 when the event's crew could not be read (gone, or the event was
    changed to rating while starting)."""
    if chances is None:
        raise Conflict(
            "the crew whose ratings seed this event could not be read: start again, or "
            "seed as listed or by draw",
            rule_code="NO_CREW",
        )
    strength = {t.id: round(chances(t.players), CHANCE_PLACES) for t in teams}
    return [str(t.id) for t in sorted(teams, key=lambda t: -strength[t.id])]
