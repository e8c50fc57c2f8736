"""What a Swiss or drawn-rounds event shows of its rounds (brackets/paired.py): the round in
play ("Round 2 of 4"), the round the director can start next, its pairings, and the
standings so far in wins and Buchholz. Derived from the bracket, never stored."""

from brackets import ROUNDS_FORMATS

from .derive import team_name


def stage_title(tournament, stage):
    """ "Round 2 of 4", or "Championship" for the stage after the rounds."""
    if stage > tournament.rounds:
        return "Championship"
    return f"Round {stage} of {tournament.rounds}"


def _in_stage(tournament, bracket, number, stage):
    """True for a match (its bracket letter and round) of `stage`: a round's, or (after the
    rounds) the championship's ("W")."""
    if stage > tournament.rounds:
        return bracket == "W"
    return bracket != "W" and number == stage


def _win_words(count):
    return f"{count} {'win' if count == 1 else 'wins'}"


def rounds_view(derived):
    """The event's `round` (docs/tournaments.md "Swiss and drawn rounds"): the round in
    play, the one to start, its pairings and the standings so far; None for a format
    without rounds."""
    event, tournament = derived.event, derived.tournament
    if event.format not in ROUNDS_FORMATS:
        return None
    view = {
        "in_play": None,
        "title": None,
        "to_start": None,
        "start_words": None,
        "pairings": [],
        "standings": [],
    }
    if tournament is None:
        return view
    stage = tournament.in_play
    view.update(in_play=stage, title=stage_title(tournament, stage))
    if tournament.to_start is not None:
        nxt = tournament.to_start
        view["to_start"] = nxt
        view["start_words"] = (
            "Start the championship" if nxt > tournament.rounds else f"Start round {nxt}"
        )
    shown = tournament.to_start or stage  # the round to start, else the round in play
    view["pairings"] = [
        m.id
        for m in tournament.matches()
        if _in_stage(tournament, m.spec.bracket, m.spec.round, shown)
    ]
    for line in tournament.ranking():
        wins, buchholz = tournament.wins(line.team), tournament.buchholz(line.team)
        view["standings"].append(
            {
                "place": line.place,
                "team": int(line.team),
                "wins": wins,
                "buchholz": buchholz,
                "how": f"{_win_words(wins)}; the teams {team_name(derived, line.team)} "
                f"played have won {buchholz} (Buchholz)",
            }
        )
    return view


def mark_paired(matches, tournament):
    """The match views of a round paired but not started yet say so (`status` "paired":
    teams known, not called until the director starts the round); other formats untouched."""
    stage = getattr(tournament, "to_start", None)
    if stage is None:
        return
    for match in matches:
        if _in_stage(tournament, match["bracket"], match["round"], stage):
            if match["status"] == "waiting-for-table":
                match["status"] = "paired"
