"""A match's result in words ("Corrections and forfeits said in words"): a result the
director settled (a forfeit, a no-show, a correction) is said as such on the public view, the
board and a game's share page, never as a ticked winner beside games that say otherwise."""

from ..store.events import EventMatch, EventRecord, Team

SETTLED = ("forfeit", "no-show", "correction")


def said_words(how, loser):
    """The director's word on a match, or None for a result its games (or a bye) made:
    "Owls forfeited", "Owls did not show", "corrected by the director"."""
    if how == "forfeit":
        return f"{loser} forfeited"
    if how == "no-show":
        return f"{loser} did not show"
    if how == "correction":
        return "corrected by the director"
    return None


def result_words(how, winner, loser, score):
    """A decided match in words: "Rangers won 3–1", "Rangers won: Owls forfeited", "Rangers
    won: corrected by the director", "Rangers goes through on a bye"; None while undecided."""
    if how == "bye":
        return f"{winner} goes through on a bye"
    if winner is None or how is None:
        return None
    said = said_words(how, loser)
    if said is not None:
        return f"{winner} won: {said}"
    a, b = score or (0, 0)
    return f"{winner} won {max(a, b)}–{min(a, b)}"


def settled_words(match_id):
    """For a game's share page: the director's last word on the event match played as api
    match `match_id` ("Owls forfeited the match: Rangers goes on."), or None (no event match,
    or its games decide it). A correction outranks a forfeit or no-show, as in derive.py."""
    called = EventMatch.get_or_none(EventMatch.match_id == str(match_id))
    if called is None:
        return None
    records = list(
        EventRecord.select()
        .where(
            (EventRecord.event == called.event_id)
            & (EventRecord.bracket_id == called.bracket_id)
            & (EventRecord.winner.in_(called.teams))
            & (EventRecord.loser.in_(called.teams))
        )
        .order_by(EventRecord.id)
    )
    corrections = [r for r in records if r.kind == "correction"]
    record = (corrections or records or [None])[-1]
    if record is None:
        return None
    names = {t.id: t.name for t in Team.select().where(Team.id.in_(called.teams))}
    winner, loser = names.get(record.winner, "?"), names.get(record.loser, "?")
    if record.kind == "forfeit":
        return f"{loser} forfeited the match: {winner} goes on."
    if record.kind == "no-show":
        return f"{loser} did not show for the match: {winner} goes on."
    return f"Corrected by the director: {winner} won the match."
