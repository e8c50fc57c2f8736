"""The presenter of a season's board (docs/leagues.md "The season's board"): the season's view
(api/leagues/seasons.season_view, derived on the read) shaped for the TV: a line saying
where the season stands, the standings in big rows (tonight's record beside the season's),
the nights played and tonight's, and the playoff once there is one."""

SHOWN = 16  # the standings' rows a 1080-line TV shows in letters read across a room
ROOMY = 8  # up to this many rows, each team's players under its name; more, one line a team


def _marks(won, lost):
    return f"{won}–{lost}"


def _tonight(view):
    """The night under way (made, not finished), or None."""
    last = view["played"][-1] if view["played"] else None
    return last if last is not None and not last["finished"] else None


def status_line(view, names):
    """Where the season stands, in a director's words."""
    playoff, played, nights = view["playoff"], len(view["played"]), view["nights"]
    if playoff and playoff["champion"] is not None:
        return f"{names[playoff['champion']]} won the playoff"
    if playoff and playoff["event_id"]:
        return "Playoff tonight"
    if view["season_over"]:
        return f"Final standings · {nights} night{'s' if nights != 1 else ''}"
    tonight = _tonight(view)
    if tonight is not None:
        return f"Night {tonight['number']} of {nights} tonight"
    return f"{played} of {nights} nights played"


def _rows(view, tonight):
    """The standings' rows: place, team, its players, the season's sums, tonight's record."""
    players = {t["id"]: " and ".join(n or "?" for n in t["player_names"]) for t in view["teams"]}
    today = {r["team"]: r for r in tonight["results"]} if tonight else {}
    rows = []
    for r in view["standings"][:SHOWN]:
        night = today.get(r["team"])
        rows.append(
            {
                "place": r["place"],
                "team": r["team_name"],
                "players": players[r["team"]],
                "won": r["won"],
                "lost": r["lost"],
                "marks": _marks(r["marks_won"], r["marks_lost"]),
                "tonight": f"{night['won']}–{night['lost']}" if night else None,
            }
        )
    return rows


def _nights(view, names):
    """Each night made so far: its number and how it stands, tonight's substitutes named."""
    people = {t["id"]: t for t in view["teams"]}
    out = []
    for n in view["played"]:
        state = "played" if n["finished"] else "being played" if n["started"] else "starts soon"
        subs = [
            f"{s['name']} for {people[s['team']]['player_names'][s['member']]} ({names[s['team']]})"
            for s in n["substitutes"]
        ]
        out.append(
            {"number": n["number"], "state": state, "tonight": not n["finished"], "subs": subs}
        )
    return out


def _playoff(view, names):
    """The playoff: who goes on (as the standings stand, or as seeded), and its champion."""
    p = view["playoff"]
    if p is None:
        return None
    if p["champion"] is not None:
        words = f"Champions: {names[p['champion']]}"
    elif p["event_id"]:
        words = "Under way"
    else:
        words = "As it stands" if not view["season_over"] else "Starts soon"
    return {
        "title": f"Playoff: the top {p['teams']}",
        "words": words,
        "seeds": [names[t] for t in p["seeds"]],
    }


def board_model(view):
    """What the season's board template shows, from the season's view."""
    names = {t["id"]: t["name"] for t in view["teams"]}
    tonight = _tonight(view)
    to_come = view["nights"] - len(view["played"])
    return {
        "name": view["name"],
        "status": status_line(view, names),
        "tonight": tonight is not None,
        "rows": _rows(view, tonight),
        "fit": "roomy" if len(view["standings"]) <= ROOMY else "many",
        "more": max(0, len(view["standings"]) - SHOWN),
        "nights": _nights(view, names),
        "to_come": to_come,
        "playoff": _playoff(view, names),
    }
