"""Final standings: a total order of the teams, with places shared by teams out together.

Round robin order: most match wins; then most wins in the matches among the teams tied on
wins; then the better seed (the listed or drawn order). Elimination order: the champion,
then by how late a team was knocked out (the final's loser is 2nd; in double elimination
the losers'-bracket final's loser is 3rd); teams knocked out in the same round share the
place and are listed by seed.
"""

from .errors import NotFinishedError
from .model import Standing


def round_robin_order(derivation, teams):
    """The teams of a finished round robin, best first, by the stated tie-breaks."""
    played = [derivation.outcomes[m] for m in derivation.robin]
    wins = dict.fromkeys(teams, 0)
    for winner, _loser, _kind, _forfeit in played:
        wins[winner] += 1
    among_tied = dict.fromkeys(teams, 0)  # wins against teams with as many wins
    for winner, loser, _kind, _forfeit in played:
        if wins[loser] == wins[winner]:
            among_tied[winner] += 1
    seed = {team: number for number, team in enumerate(teams)}
    return sorted(teams, key=lambda team: (-wins[team], -among_tied[team], seed[team]))


def round_robin_standings(derivation, teams, offset=0, exclude=()):
    """Standing lines for a finished round robin, places from `offset` + 1."""
    lines = []
    wins = {team: 0 for team in teams}
    for match_id in derivation.robin:
        wins[derivation.outcomes[match_id][0]] += 1
    for team in round_robin_order(derivation, teams):
        if team not in exclude:
            lines.append(
                Standing(
                    offset + len(lines) + 1,
                    team,
                    f"{wins[team]} of {len(teams) - 1} round-robin matches won",
                )
            )
    return lines


def _stage_name(spec, last_stage):
    if spec.bracket == "G" or (spec.bracket in "WP" and spec.id == last_stage):
        return "lost the final"
    if spec.bracket == "L":
        return f"out in losers' round {spec.round}"
    return f"out in round {spec.round}"


def elimination_standings(derivation, teams, bracket_letters):
    """Standing lines of a finished elimination bracket (the brackets in `bracket_letters`)."""
    specs = [s for s in derivation.specs if s.bracket in bracket_letters]
    stage_rank = {"W": 0, "P": 0, "L": 1, "G": 2}
    out_at, champion = {}, None
    for spec in specs:
        winner, loser, kind, _forfeit = derivation.outcomes[spec.id]
        if kind == "played":
            out_at[loser] = spec
            out_at.pop(winner, None)
            champion = winner
    out_at.pop(champion, None)
    last = specs[-1].id if specs[-1].bracket != "G" else None
    seed = {team: number for number, team in enumerate(teams)}

    def stage(team):
        spec = out_at[team]
        return (stage_rank[spec.bracket], spec.round)

    ranked = sorted(out_at, key=lambda team: (tuple(-x for x in stage(team)), seed[team]))
    lines = [Standing(1, champion, "champion")]
    for index, team in enumerate(ranked):
        place = index + 2
        if index and stage(ranked[index - 1]) == stage(team):
            place = lines[-1].place
        lines.append(Standing(place, team, _stage_name(out_at[team], last)))
    return lines


def final_standings(derivation, fmt_letters, teams):
    """The standings of a finished event; NotFinishedError while a match is still to play."""
    unfinished = [spec.id for spec in derivation.specs if spec.id not in derivation.outcomes]
    if unfinished:
        raise NotFinishedError(
            f"the event is not over: {len(unfinished)} matches still to "
            f"play (next: {unfinished[0]})"
        )
    if fmt_letters == "R":
        return round_robin_standings(derivation, teams)
    if fmt_letters == "RP":
        top = elimination_standings(derivation, teams, "P")
        rest = round_robin_standings(derivation, teams, len(top), {s.team for s in top})
        return top + rest
    return elimination_standings(derivation, teams, fmt_letters)
