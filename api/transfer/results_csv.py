"""The results sheet as CSV: the rows of the printed results sheet
(api/pages/print_results.py), one per team, under a header row. Names stay text: the cells
go through the game export's guard against formulas (api/transfer/export.py `csv_rows`)."""

from ..pages.print_results import results
from .export import csv_rows

RESULT_COLUMNS = (
    "place",
    "team",
    "players",
    "matches_won",
    "matches_lost",
    "games_won",
    "games_lost",
    "how",
    "path",
)

# Every column a person wrote or a name starts: text, whatever it looks like ("+1", "=A1").
RESULT_NAMES = frozenset(("team", "players", "how", "path"))


def results_csv(view):
    """The CSV text of the event `view`'s results: a header, then one row per team in the
    sheet's order (place empty while the places are not final)."""
    rows = [
        {
            "place": row["place"] or "",
            "team": row["team"],
            "players": row["players"],
            "matches_won": row["won"],
            "matches_lost": row["lost"],
            "games_won": row["games_won"],
            "games_lost": row["games_lost"],
            "how": row["how"],
            "path": "; ".join(f"{step['match']}: {step['words']}" for step in row["path"]),
        }
        for row in results(view)["rows"]
    ]
    return csv_rows(rows, RESULT_COLUMNS, RESULT_NAMES)
