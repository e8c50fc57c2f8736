"""The director starts the next round of a Swiss or drawn-rounds event (brackets/paired.py):
round N + 1 is paired by the results of round N, and called to tables only once the
director says so, as at a 42 hall where the director announces each round."""

from brackets import ROUNDS_FORMATS, BracketError

from ..core.errors import Conflict, NotFound
from ..live.hub import notify_event
from ..store.db import write_transaction
from . import derive, progress
from .derive import rederive
from .progress import locked_event
from .views import director_view


def start_round(event_id, number):
    """Start round `number` (the round after the rounds: the cut's championship) and call
    its first matches to the free tables; returns the director view with their table
    tokens. 409 while the round before is played (`NOT_FINISHED`), once started
    (`ROUND_STARTED`), before the event starts or for a format without rounds."""
    with write_transaction():
        event = locked_event(event_id)
        derived = derive.derive(event)
        if event.format not in ROUNDS_FORMATS:
            raise Conflict(
                f"{event.name} is not played in rounds: its matches are called as soon as "
                "their teams are known",
                rule_code="NO_ROUNDS",
            )
        if derived.tournament is None:
            raise Conflict(
                f"{event.name} has not started yet: starting it starts round 1",
                rule_code="EVENT_NOT_STARTED",
            )
        try:
            derived.tournament.start(number)
        except BracketError as error:
            if error.code == "BAD_FORMAT":  # no such round
                cut = " and a championship" if event.advance is not None else ""
                raise NotFound(
                    f"there is no round {number} in {event.name}: it plays "
                    f"{event.rounds} rounds{cut}",
                    rule_code="NOT_FOUND",
                ) from None
            raise Conflict(
                error.message[:1].upper() + error.message[1:], rule_code=error.code
            ) from None
        event.rounds_started = number
        event.version += 1
        event.save()
        notify_event(event.id)
        derived, tokens = progress.settle(event, rederive(derived, derived.records))
    return director_view(derived, tokens)
