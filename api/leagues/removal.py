"""Deleting a crew's season (one made with the wrong teams, or by mistake): the season, its
teams, nights and substitutes, and each night's event and the playoff's event, each deleted as
its director deletes an event (delete_event), in one transaction. The games the nights filed
into the crew go with their events: the crew's statistics and ratings no longer count them."""

from ..core.errors import NotFound
from ..events.removal import delete_event
from ..store.db import locked_row, write_transaction
from ..store.leagues import Night, Season, SeasonTeam, Substitute


def delete_season(season):
    """Delete `season` (the crew's, already checked) and everything of it; returns what went,
    in counts ({"teams", "nights", "substitutes", "games"}), for the club's phone to say."""
    with write_transaction():
        season = locked_row(Season, season.id)
        if season is None:  # deleted meanwhile, by another phone of the crew
            raise NotFound("there is no such season", rule_code="NOT_FOUND")
        nights = list(Night.select().where(Night.season == season.id))
        gone = {
            "teams": SeasonTeam.select().where(SeasonTeam.season == season.id).count(),
            "nights": len(nights),
            "substitutes": Substitute.select()
            .where(Substitute.night.in_([n.id for n in nights]))
            .count(),
        }
        events = [n.event_id for n in nights]
        if season.playoff_event_id is not None:
            events.append(season.playoff_event_id)
        Substitute.delete().where(Substitute.night.in_([n.id for n in nights])).execute()
        Night.delete().where(Night.season == season.id).execute()
        SeasonTeam.delete().where(SeasonTeam.season == season.id).execute()
        season.delete_instance()
        gone["games"] = sum(delete_event(event)["games"] for event in events)
    return {"deleted": str(season.id), **gone}
