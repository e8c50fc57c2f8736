"""A crew's statistics: game summaries added up by player, partnership and crew.

Every counter is a sum over games, so the statistics of a crew equal the sum of the
statistics of each of its games alone (tests/stats prove it); only the streaks follow the
games' order. A game counts in the games and win % once it is over; its hands count from the
first one.
"""

from dataclasses import dataclass

from .summary import CONTRACT_KINDS, LEVELS, PENALTY_KINDS, SEAT_FIELDS, SIDE_FIELDS

SEAT_WIDTH, SIDE_WIDTH = len(SEAT_FIELDS), len(SIDE_FIELDS)
WIDTH = SEAT_WIDTH + SIDE_WIDTH + 4  # + games, wins, losses, ties
GAMES, WINS, LOSSES, TIES = range(WIDTH - 4, WIDTH)
FIELD = {name: i for i, name in enumerate(SEAT_FIELDS)}
FIELD.update({name: SEAT_WIDTH + i for i, name in enumerate(SIDE_FIELDS)})


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

    Each line collects the summary rows that feed it and sums them column by column at the
    end (zip and sum run in C): a crew of 500 games adds up in a few milliseconds."""
    entries = list(entries)
    players, pairs, h2h = {}, {}, {}
    crew = Line()
    crew_first_sides = []  # side 1's row of each game: its hands and reshuffles, once a game
    for entry in entries:
        _add_game(entry, players, pairs, h2h, crew, crew_first_sides)
    crew_row = crew.total()
    first = column_sums(crew_first_sides, SIDE_WIDTH)
    for name in ("hands", "reshuffles"):
        crew_row[FIELD[name]] = first[FIELD[name] - SEAT_WIDTH]
    return {
        "games": len(entries),
        "players": {key: _view(line.total(), line.history) for key, line in players.items()},
        "partnerships": {key: _view(line.total(), line.history) for key, line in pairs.items()},
        "head_to_head": [_h2h_view(key, value) for key, value in sorted(h2h.items())],
        "crew": _view(crew_row, None, crew=True),
    }


def column_sums(rows, width):
    """The column-wise sums of equal-length rows (zeros for none)."""
    return [sum(column) for column in zip(*rows, strict=True)] if rows else [0] * width


class Line:
    """One line of the statistics while it is added up: the seat rows and side rows that feed
    it, its finished games' results, and (order, result) pairs for its streaks."""

    __slots__ = ("seats", "sides", "results", "history")

    def __init__(self):
        self.seats, self.sides, self.results, self.history = [], [], [0, 0, 0, 0], []

    def add_side(self, side_row, outcome, order):
        """Count a side the line sat on, and how its game ended (None: still played)."""
        self.sides.append(side_row)
        if outcome:
            self.results[0] += 1
            self.results[RESULT_INDEX[outcome]] += 1
            self.history.append((order, outcome))

    def total(self):
        """The line as one row of WIDTH counters."""
        return [
            *column_sums(self.seats, SEAT_WIDTH),
            *column_sums(self.sides, SIDE_WIDTH),
            *self.results,
        ]


RESULT_INDEX = {"won": 1, "lost": 2, "tied": 3}


def _add_game(entry, players, pairs, h2h, crew, crew_first_sides):
    summary, seat_players = entry.summary, entry.seat_players
    seat_rows, side_rows = summary["seats"], summary["sides"]
    seat_sides, winner, over = summary["seat_sides"], summary["winner"], summary["over"]
    outcome = [_result(over, winner, side) for side in range(len(side_rows))]
    crew.seats.extend(seat_rows)
    crew.sides.extend(side_rows)
    crew_first_sides.append(side_rows[0])
    crew.results[0] += bool(over)
    teams = {}
    for seat, player in enumerate(seat_players):
        if player is None:
            continue
        side = seat_sides[seat]
        teams.setdefault(side, []).append((seat, player))
        line = players.get(player) or players.setdefault(player, Line())
        line.seats.append(seat_rows[seat])
        line.add_side(side_rows[side], outcome[side], entry.order)
    keys = {}
    for side, members in teams.items():
        names = {player for _, player in members}
        if len(members) < 2 or len(names) != len(members) or len(members) != seat_sides.count(side):
            continue  # a partnership is a whole side of two or more distinct players
        key = keys[side] = player_key(names)
        line = pairs.get(key) or pairs.setdefault(key, Line())
        line.seats.extend(seat_rows[seat] for seat, _ in members)
        line.add_side(side_rows[side], outcome[side], entry.order)
    if len(side_rows) == 2 and len(keys) == 2 and over:
        _add_h2h(h2h, keys[0], keys[1], winner)


def _result(over, winner, side):
    """ "won", "lost" or "tied" for a side of a finished game; None while it is played."""
    if not over:
        return None
    if winner is None:
        return "tied"
    return "won" if winner == side else "lost"


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
