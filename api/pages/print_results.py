"""The results sheet (docs/tournaments.md "The paper kit"): the standings and every
team's path, from the event's public view, for the wall and for a spreadsheet (the CSV of
api/transfer/results_csv.py is these same rows).

Pure, like the board's page model: the standings are the engine's (brackets/standings.py)
once the event is over; before that the sheet ranks the teams by their record so far (most
matches won, fewest lost, best game difference, seed) and says it is not final.
"""

from .board_view import Names
from .match_names import CODE_WORDS
from .print_bracket import header


def ordinal(place):
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    tail = (
        "th" if place % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    )
    return f"{place}{tail}"


def step_words(step, match, names):
    """One decided match of a team's path, in words: "won 3–1 against Ann & Bob"."""
    team, other = step["team"], step["opponent"]
    if other == "bye" or (match and match["status"] == "bye"):
        return "bye (no opponent)"
    verb = "won" if step["won"] else "lost"
    score = ""
    if match and match["score"] is not None and match["how"] not in ("forfeit", "no-show"):
        own = match["teams"].index(team)
        score = f" {match['score'][own]}–{match['score'][1 - own]}"
    how = {"forfeit": " by forfeit", "no-show": " by no-show", "correction": " (corrected)"}
    tail = how.get(match["how"] if match else "", "")
    return f"{verb}{score} against {names.name(other)}{tail}"


def team_record(path, matches):
    """(matches won, matches lost, games won, games lost) of a team's path (byes not counted)."""
    won = lost = games_won = games_lost = 0
    for step in path:
        match = matches.get(step["match"])
        if step["opponent"] == "bye" or match is None or match["status"] == "bye":
            continue
        won, lost = won + step["won"], lost + (not step["won"])
        if match["score"] is not None and match["how"] not in ("forfeit", "no-show"):
            own = match["teams"].index(step["team"])
            games_won += match["score"][own]
            games_lost += match["score"][1 - own]
    return won, lost, games_won, games_lost


def results(view):
    """The results sheet's model: the header, whether the places are final, and one row per
    team in place order: {place, words, team, players, won, lost, games_won, games_lost,
    how, path: [{match, code, words}]}."""
    names = Names(view)
    matches = {m["id"]: m for m in view["matches"]}
    rows = {}
    for team in view["teams"]:
        path = [{**s, "team": team["id"]} for s in view["paths"].get(str(team["id"]), [])]
        won, lost, games_won, games_lost = team_record(path, matches)
        rows[team["id"]] = {
            "team": team["name"],
            "players": " & ".join(team["players"]),
            "seed": team.get("seed"),
            "dropped": team.get("dropped", False),
            "won": won,
            "lost": lost,
            "games_won": games_won,
            "games_lost": games_lost,
            "how": "",
            "path": [
                {
                    "match": matches[s["match"]]["name"] if s["match"] in matches else s["match"],
                    "code": s["match"],
                    "words": step_words(s, matches.get(s["match"]), names),
                }
                for s in path
            ],
        }
    final = bool(view["standings"])
    if final:
        ordered = []
        for line in view["standings"]:
            row = rows.pop(line["team"])
            ordered.append({**row, "place": line["place"], "how": line["how"]})
        ordered += [{**row, "place": None} for row in rows.values()]  # dropped before the start
    else:
        by_record = sorted(
            rows.values(),
            key=lambda r: (
                r["dropped"],
                -r["won"],
                r["lost"],
                r["games_lost"] - r["games_won"],
                r["seed"] or 10**6,
                r["team"].casefold(),
            ),
        )
        ordered = [{**row, "place": None} for row in by_record]
    for row in ordered:
        row["words"] = ordinal(row["place"]) if row["place"] else ""
    codes = CODE_WORDS.get(view["format"], "")
    return {**header(view), "final": final, "rows": ordered, "code_words": codes}
