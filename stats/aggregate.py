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
    """{"players", "partnerships", "head_to_head", "crew", "games"} for GameEntries."""
    entries = list(entries)
    players, pairs, h2h, crew = {}, {}, {}, [0] * WIDTH
    history = {}  # player or partnership key -> [(order, result)] for streaks
    for entry in entries:
        _add_game(entry, players, pairs, h2h, crew, history)
    return {
        "games": len(entries),
        "players": {key: _view(row, history.get(("p", key))) for key, row in players.items()},
        "partnerships": {key: _view(row, history.get(("t", key))) for key, row in pairs.items()},
        "head_to_head": [_h2h_view(key, value) for key, value in sorted(h2h.items())],
        "crew": _view(crew, None, crew=True),
    }


def _add(total, values, offset=0):
    """Add `values` into `total` from `offset` on (in place)."""
    for i, value in enumerate(values, offset):
        if value:
            total[i] += value


def _add_game(entry, players, pairs, h2h, crew, history):
    summary, seat_players = entry.summary, entry.seat_players
    seat_sides, winner, over = summary["seat_sides"], summary["winner"], summary["over"]
    outcome = [_result(over, winner, side) for side in range(len(summary["sides"]))]
    for seat_row in summary["seats"]:
        _add(crew, seat_row)
    crew[FIELD["hands"]] += summary["sides"][0][FIELD["hands"] - SEAT_WIDTH]
    crew[FIELD["reshuffles"]] += summary["sides"][0][FIELD["reshuffles"] - SEAT_WIDTH]
    for side_row in summary["sides"]:
        for name in ("sets_suffered", *(f"penalty:{k}" for k in PENALTY_KINDS)):
            crew[FIELD[name]] += side_row[FIELD[name] - SEAT_WIDTH]
    crew[GAMES] += over
    teams = {}
    for seat, player in enumerate(seat_players):
        if player is None:
            continue
        side = seat_sides[seat]
        teams.setdefault(side, []).append((seat, player))
        row = players.setdefault(player, [0] * WIDTH)
        _add(row, summary["seats"][seat])
        _add_side(row, summary["sides"][side], outcome[side])
        if outcome[side]:
            history.setdefault(("p", player), []).append((entry.order, outcome[side]))
    keys = {}
    for side, members in teams.items():
        names = {player for _, player in members}
        if len(members) < 2 or len(names) != len(members) or len(members) != seat_sides.count(side):
            continue  # a partnership is a whole side of two or more distinct players
        key = keys[side] = player_key(names)
        row = pairs.setdefault(key, [0] * WIDTH)
        for seat, _ in members:
            _add(row, summary["seats"][seat])
        _add_side(row, summary["sides"][side], outcome[side])
        if outcome[side]:
            history.setdefault(("t", key), []).append((entry.order, outcome[side]))
    if len(summary["sides"]) == 2 and len(keys) == 2 and over:
        _add_h2h(h2h, keys[0], keys[1], winner)


def _result(over, winner, side):
    """ "won", "lost" or "tied" for a side of a finished game; None while it is played."""
    if not over:
        return None
    if winner is None:
        return "tied"
    return "won" if winner == side else "lost"


def _add_side(row, side_row, outcome):
    _add(row, side_row, SEAT_WIDTH)
    if outcome:
        row[GAMES] += 1
        row[{"won": WINS, "lost": LOSSES, "tied": TIES}[outcome]] += 1


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
