"""A season's standings, derived on every read from its nights' events (docs/leagues.md
"Season standings"): a team's match wins, then its mark difference, then its marks won."""

from ..events.views import event_view


def _zero(team_id):
    return {"team": team_id, "won": 0, "lost": 0, "marks_won": 0, "marks_lost": 0}


def event_results(event, mapping):
    """({season team id: its record in `event`}, the event's view): each decided match a team
    played counts a win or a loss (a forfeit too, a bye neither), and every game it played
    adds its marks (the game's totals) won and lost. `mapping` is {event team id (text):
    season team id}."""
    view = event_view(event)
    rows = {team_id: _zero(team_id) for team_id in mapping.values()}
    for match in view["matches"]:
        teams = match["teams"]
        for own in (0, 1):
            row = rows.get(mapping.get(str(teams[own])))
            if row is None:
                continue
            for game in match["games"]:
                row["marks_won"] += game["totals"][own]
                row["marks_lost"] += game["totals"][1 - own]
            if match["winner"] is not None and match["how"] != "bye":
                row["won" if match["winner"] == teams[own] else "lost"] += 1
    return rows, view


def rank(teams, records):
    """The season's standings: `teams` (SeasonTeam rows in list order) with their summed
    `records` (one {team id: record} per night), most match wins first, then the best mark
    difference, then most marks won, then the list order (a total order: a place each)."""
    totals = {t.id: _zero(t.id) for t in teams}
    for night in records:
        for team_id, row in night.items():
            for key in ("won", "lost", "marks_won", "marks_lost"):
                totals[team_id][key] += row[key]
    order = {t.id: n for n, t in enumerate(teams)}
    ranked = sorted(
        totals.values(),
        key=lambda r: (
            -r["won"],
            r["marks_lost"] - r["marks_won"],
            -r["marks_won"],
            order[r["team"]],
        ),
    )
    for place, row in enumerate(ranked, 1):
        row["place"] = place
        row["nights"] = [night[row["team"]] for night in records if row["team"] in night]
    return ranked
