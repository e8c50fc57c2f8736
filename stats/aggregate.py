"""A crew's statistics: game summaries added up by player, partnership and crew.

Every counter is a sum over games, so the statistics of a crew equal the sum of the
statistics of each of its games alone (tests/stats prove it); only the streaks follow the
games' order. A game counts in the games and win % once it is over; its hands count from the
first one.
"""

from dataclasses import dataclass

from .summary import CONTRACT_KINDS, FIELD, LEVELS, PENALTY_KINDS, WIDTH, column_sums

GAMES, WINS, LOSSES, TIES = (FIELD[name] for name in ("games", "wins", "losses", "ties"))
RESULTS = ("won", "lost", "tied")


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One crew game as the aggregation reads it: its summary, who sat in each seat (a
    player id or None per seat), and its sort key for streaks (start time, then id)."""

    game_id: str
    summary: dict
    seat_players: tuple
    order: tuple = ()


def player_key(players):
    """A partnership's key: its players' ids, sorted, joined by "+"."""
    return "+".join(sorted(players))


def crew_stats(entries):
    """{"players", "partnerships", "head_to_head", "crew", "games"} for GameEntries.

    Each game's summary holds its share of every line (a row of integers per seat, per side
    and for the crew); a line collects its rows and sums them column by column at the end
    (zip and sum run in C), so a crew of 500 games adds up in a few milliseconds."""
    entries = list(entries)
    players, pairs, h2h, crew_rows = {}, {}, {}, []
    for entry in entries:
        _add_game(entry, players, pairs, h2h, crew_rows)
    return {
        "games": len(entries),
        "players": {key: _view(line.total(), line.history) for key, line in players.items()},
        "partnerships": {key: _view(line.total(), line.history) for key, line in pairs.items()},
        "head_to_head": [_h2h_view(key, value) for key, value in sorted(h2h.items())],
        "crew": _view(column_sums(crew_rows, WIDTH), None, crew=True),
    }


class Line:
    """One line of the statistics while it is added up: its rows, one per game, and
    (order, result) pairs of its finished games for the streaks."""

    __slots__ = ("rows", "history")

    def __init__(self):
        self.rows, self.history = [], []

    def add(self, row, order):
        """Count one game's row (its result, if finished, goes to the streaks)."""
        self.rows.append(row)
        if row[GAMES]:
            self.history.append((order, RESULTS[row[WINS : TIES + 1].index(1)]))

    def total(self):
        """The line as one row of WIDTH counters."""
        return column_sums(self.rows, WIDTH)


def _add_game(entry, players, pairs, h2h, crew_rows):
    summary, seat_players = entry.summary, entry.seat_players
    lines, seat_sides = summary["lines"], summary["seat_sides"]
    crew_rows.append(summary["crew"])
    teams = {}
    for seat, player in enumerate(seat_players):
        if player is None:
            continue
        teams.setdefault(seat_sides[seat], []).append(player)
        line = players.get(player) or players.setdefault(player, Line())
        line.add(lines[seat], entry.order)
    keys = {}
    for side, members in teams.items():
        names = set(members)
        if len(members) < 2 or len(names) != len(members) or len(members) != seat_sides.count(side):
            continue  # a partnership is a whole side of two or more distinct players
        key = keys[side] = player_key(names)
        line = pairs.get(key) or pairs.setdefault(key, Line())
        line.add(summary["teams"][side], entry.order)
    if len(summary["teams"]) == 2 and len(keys) == 2 and summary["over"]:
        _add_h2h(h2h, keys[0], keys[1], summary["winner"])


def _add_h2h(h2h, first, second, winner):
    (a, b), flipped = sorted((first, second)), first > second
    record = h2h.setdefault((a, b), [0, 0, 0])  # games, a's wins, b's wins
    record[0] += 1
    if winner is not None:
        record[1 + ((winner == 1) ^ flipped)] += 1


def _h2h_view(key, record):
    games, a_wins, b_wins = record
    return {
        "a": key[0],
        "b": key[1],
        "games": games,
        "a_wins": a_wins,
        "b_wins": b_wins,
        "ties": games - a_wins - b_wins,
    }


def pct(part, whole):
    """part / whole as a percentage to one decimal, None when whole is 0."""
    return round(100 * part / whole, 1) if whole else None


def _view(row, history, crew=False):
    """The JSON of one counter row (and its streaks from `history`)."""
    bids, made = row[FIELD["bids"]], row[FIELD["made"]]
    view = {
        "hands": row[FIELD["hands"]],
        "reshuffles": row[FIELD["reshuffles"]],
        "bids": bids,
        "made": made,
        "made_pct": pct(made, bids),
        "by_level": {level: _made(row, level) for level in LEVELS},
        "by_contract": {kind: _made(row, kind) for kind in CONTRACT_KINDS},
        "forced": {
            "bids": row[FIELD["forced"]],
            "made": row[FIELD["forced_made"]],
            "made_pct": pct(row[FIELD["forced_made"]], row[FIELD["forced"]]),
        },
        "sets_suffered": row[FIELD["sets_suffered"]],
        "penalties": {kind: row[FIELD[f"penalty:{kind}"]] for kind in PENALTY_KINDS},
        "games": row[GAMES],
    }
    if crew:
        return view
    view.update(
        {
            "wins": row[WINS],
            "losses": row[LOSSES],
            "ties": row[TIES],
            "win_pct": pct(row[WINS], row[GAMES]),
            "sets_dealt": row[FIELD["sets_dealt"]],
            "marks_for": row[FIELD["marks_for"]],
            "marks_against": row[FIELD["marks_against"]],
            "points_for": row[FIELD["points_for"]],
            "points_against": row[FIELD["points_against"]],
            "streaks": streaks(history or []),
        }
    )
    return view


def _made(row, name):
    bids, made = row[FIELD[f"bids:{name}"]], row[FIELD[f"made:{name}"]]
    return {"bids": bids, "made": made, "made_pct": pct(made, bids)}


def streaks(history):
    """{"longest_win", "current": {"result", "length"} or None} from (order, result) pairs
    of finished games; a tie ends a winning streak."""
    longest = run = 0
    current = None
    for _, result in sorted(history, key=lambda item: item[0]):
        run = run + 1 if result == "won" else 0
        longest = max(longest, run)
        if current and current["result"] == result:
            current["length"] += 1
        else:
            current = {"result": result, "length": 1}
    return {"longest_win": longest, "current": current}
