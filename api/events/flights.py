"""An event of a crew's players split, before it starts, into two flights by the crew's
ratings, as a bridge club splits its members for two events on one night (docs/tournaments.md
"Flights"): the stronger half of the teams stays, renamed "..., A flight"; the rest go to a new
event, "..., B flight", with the same settings."""

import uuid

from ..core.errors import Conflict, NotFound, Refusal
from ..core.tokens import hash_token, new_token
from ..core.urls import public_url
from ..store.db import write_transaction
from ..store.events import Event, Team
from . import seeding
from .derive import teams_of
from .director import _not_started
from .progress import bump, locked_event
from .settings import SETTING_COLUMNS, SETTINGS
from .views import event_view

MIN_TEAMS = 4  # two teams a flight: fewer is no event

NAME_LENGTH = 80  # an event's name, as the store keeps it

# The columns the B flight copies from the event: every setting's, and the crew.
COPIED = (*(SETTING_COLUMNS.get(k, k) for k in SETTINGS), "crew_id")


def flight_name(name, letter):
    """'Thursday ladder, A flight'."""
    return f"{name}, {letter} flight"


def split_event(event_id, crew_token):
    """Split event `event_id` into flights by its crew's ratings: the teams still in (a
    dropped team stays, dropped, in this event) ordered by their chance against an average
    pair of the crew, strongest first (level chances as listed); the top half (an odd count:
    the extra team too) stays, the rest move to a new event with the same settings. Returns
    {"a": this event's director view, "b": the new event's, with its director and public
    tokens, shown this once}. 409 NO_CREW (no crew, or the crew is gone), EVENT_STARTED,
    TOO_FEW_TEAMS, NAME_TOO_LONG; 403 WRONG_TOKEN for a token not the event's
    crew's. Nothing is stored on a refusal."""
    event = Event.get_or_none(Event.id == str(event_id))
    if event is None:
        raise NotFound("there is no such event", rule_code="NOT_FOUND")
    _check_crew(event, crew_token)
    chances = seeding.crew_chances(event.crew_id)  # before the lock: it replays the games
    director, public = new_token(), new_token()
    with write_transaction():
        event = locked_event(event_id)
        _not_started(event)
        teams = [t for t in teams_of(event.id) if t.dropped_at is None]
        if len(teams) < MIN_TEAMS:
            raise Conflict(
                f"{event.name} has {len(teams)} team{'' if len(teams) == 1 else 's'}: "
                f"splitting it needs at least {MIN_TEAMS}, two in each flight",
                rule_code="TOO_FEW_TEAMS",
            )
        if len(flight_name(event.name, "A")) > NAME_LENGTH:
            raise Conflict(
                f"the name {event.name} is too long to add “, A flight” to it: shorten it to "
                f"{NAME_LENGTH - len(flight_name('', 'A'))} letters or fewer first",
                rule_code="NAME_TOO_LONG",
            )
        order = seeding.by_rating(teams, chances)
        lower = [int(i) for i in order[(len(order) + 1) // 2 :]]
        second = _second_event(event, director, public)
        Team.update(event=second.id).where(Team.id.in_(lower)).execute()
        Event.update(name=flight_name(event.name, "A")).where(Event.id == event.id).execute()
        bump(event)
    return {
        "a": event_view(Event.get_by_id(event.id), director=True),
        "b": {
            **event_view(second, director=True),
            "director_token": director,
            "public_token": public,
            "public_url": public_url(f"api/e/{public}"),
        },
    }


def _check_crew(event, crew_token):
    """409 NO_CREW for an event made for no crew; 403 WRONG_TOKEN for a token that is not
    its crew's."""
    if not event.crew_id:
        raise Conflict(
            f"{event.name} was not made for a crew, so there are no ratings to split it by: "
            "make the event from the crew's screen",
            rule_code="NO_CREW",
        )
    if seeding.crew_of_token(crew_token) != event.crew_id:
        raise Refusal(
            403,
            f"that is another crew's token: {event.name} was made for a different crew. "
            "Open that crew on this phone",
            rule_code="WRONG_TOKEN",
        )


def _second_event(event, director, public):
    """The B flight: a new event with `event`'s settings, crew and tokens' hashes (saved)."""
    second = Event(
        id=str(uuid.uuid4()),
        director_token_hash=hash_token(director),
        public_token_hash=hash_token(public),
        version=0,
    )
    for column in COPIED:
        setattr(second, column, getattr(event, column))
    second.name = flight_name(event.name, "B")
    second.save(force_insert=True)
    return second
