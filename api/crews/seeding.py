"""A crew's ratings as an event's seeding reads them: each team's chance against an average
pair of the crew (docs/tournaments.md "Seeding"). Registered with api/events/seeding.py at
start-up, as the events layer may not import this one."""

import stats

from ..core.names import name_key
from ..store.crews import Crew, CrewPlayer
from .ratings import current_replay


def team_chances(crew_id):
    """A function of a team's two player names giving the team's chance (0 to 1) against an
    average pair of crew `crew_id`, from its current ratings; a name not on the crew's list
    (folded as the roster folds names) rates as a new player. None if the crew is gone."""
    crew = Crew.get_or_none(Crew.id == crew_id)
    if crew is None:
        return None
    done = current_replay(crew)
    ids = dict(
        CrewPlayer.select(CrewPlayer.name_key, CrewPlayer.id)
        .where(CrewPlayer.crew == crew.id)
        .tuples()
    )
    return lambda names: stats.pair_chance(done, *(ids.get(name_key(n)) for n in names))
