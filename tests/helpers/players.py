"""Test helper: plays a tournament to the end (or part way) with random winners, fast.

It drives one Derivation directly so a 128-team round robin (8,128 matches) takes a moment,
then builds the Tournament once from the results, as a caller of `brackets` would.
"""

from brackets import Format, Result, Tournament
from brackets.engine import Derivation
from brackets.tournament import match_layout


def play(fmt, teams, rng, advance=None, stop_after=None, forfeit_rate=0.1):
    """The Tournament after random results for callable matches, picked at random."""
    derived = Derivation(match_layout(Format(fmt), len(teams), advance), teams, advance)
    pending, seen, results = [], 0, []
    while stop_after is None or len(results) < stop_after:
        pending += [m for _, m in derived.ready_log[seen:]]
        seen = len(derived.ready_log)
        if not pending:
            break
        match_id = pending.pop(rng.randrange(len(pending)))
        result = Result(match_id, rng.choice(derived.sides[match_id]), rng.random() < forfeit_rate)
        derived.apply(result)
        results.append(result)
    return Tournament(fmt, teams, results, advance)


def play_rounds(event, rng, stop_after=None, forfeit_rate=0.1):
    """A Swiss or Drawn event (and its championship, if it has a cut) after random winners,
    a whole round at a time (one rebuild a round), or only its first `stop_after` rounds."""
    while not event.finished_rounds and (stop_after is None or event.current_round <= stop_after):
        won = tuple(
            Result(m.id, rng.choice(m.teams), rng.random() < forfeit_rate) for m in event.ready()
        )
        event = type(event)(event.teams, event.rounds, event.results + won, event.seed, event.cut)
    if event.finished_rounds and event.cut is not None:
        final = event.championship()
        while not final.finished:
            won = [Result(m.id, rng.choice(m.teams)) for m in final.ready()]
            final = Tournament(final.format, final.teams, final.results + tuple(won))
        event = type(event)(
            event.teams, event.rounds, event.results + final.results, event.seed, event.cut
        )
    return event
