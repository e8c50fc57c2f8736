"""Ratings of a crew's players, replayed game by game from the games' summaries (openskill).

Nothing here is stored: `crew_ratings` replays the crew's finished games in order (oldest
first) from fresh ratings every time it is asked, so an edited hand, a reseat or a game taken
out of the crew changes every rating after it. docs/crews.md "Ratings" says it in a player's
words.

- **Model.** openskill's Plackett-Luce (Weng and Lin 2011, algorithm 4) with its defaults:
  mu 25, sigma 25/3, beta 25/6, tau 25/300. It rates sides of any size natively (a 42 side is
  two partners), its update is closed-form (no iteration), and it is the library's
  recommended model; its numbers are checked by hand in tests/stats/test_ratings_golden.py.
- **What counts.** A finished game whose every seat names a crew player. Its result only:
  the winning side ranks first, a tie ranks every side level. The margin does not count:
  openskill's `margin` knob is not monotone (with margin m, a win by a little more than m
  counts *less* than a win by m) and a 42 game's margin is mostly its last hand.
- **Rating shown**: the ordinal mu - 3 sigma (a player is 99.7 % likely to be at least this
  good): 0 for a new player, rising as the games show who they are.
- **Provisional**: fewer than PROVISIONAL_GAMES rated games.
- **A partnership's chance** against an average pair: openskill's predict_win for the two
  partners' current ratings against two players rated at the crew's average mu and sigma.
- **Career points**, like bridge's masterpoints, never go down as games are added: every
  finished game a player sat in (a stranger at the table or not) earns CAREER_POINTS for its
  result, 2 for a win and 1 for a tie (chess's 1 and 1/2, doubled to stay whole).
"""

from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from .aggregate import player_key

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 5
CAREER_POINTS = {"won": 2, "tied": 1, "lost": 0}


@dataclass(slots=True)
class PlayerLine:
    """One player while the history is replayed: the rating so far, rated games, career
    points, and (crew game number, rating shown) after each rated game."""

    rating: object = field(default_factory=MODEL.rating)
    games: int = 0
    career: int = 0
    history: list = field(default_factory=list)


@dataclass(slots=True)
class PairLine:
    """Two partners' rated games together, and their wins and ties."""

    games: int = 0
    wins: int = 0
    ties: int = 0


def shown(rating):
    """The rating shown: mu - 3 sigma, to two decimals (a new player's is 0.0, never -0.0)."""
    return round(rating.ordinal(), 2) + 0.0


def game_sides(entry):
    """[[player, ...] per side] of a finished game whose every seat names a player, or None
    (not over, or somebody at the table is not on the roster)."""
    summary = entry.summary
    if not summary["over"] or any(player is None for player in entry.seat_players):
        return None
    sides = [[] for _ in range(max(summary["seat_sides"]) + 1)]
    for player, side in zip(entry.seat_players, summary["seat_sides"], strict=True):
        sides[side].append(player)
    return sides if all(sides) else None


def game_ranks(summary):
    """openskill's ranks for a finished game: 0 for the winner, 1 for the rest; all 0 when
    it is tied."""
    winner = summary["winner"]
    return [0 if winner is None or side == winner else 1 for side in range(len(summary["teams"]))]


def result_of(summary, side):
    """ "won", "lost" or "tied" for `side` of a finished game."""
    winner = summary["winner"]
    return "tied" if winner is None else "won" if winner == side else "lost"


class Replay:
    """A crew's history replayed so far: {player: PlayerLine}, {pair key: PairLine} and the
    rated games' ids in order. `add` takes the next game in; `copy` gives a replay that can
    go on without touching this one (api/crews/ratings.py keeps the last replay of a crew
    and goes on from it when only new games came after it: the same numbers, replayed)."""

    __slots__ = ("players", "pairs", "rated")

    def __init__(self):
        self.players, self.pairs, self.rated = {}, {}, []

    def copy(self):
        """A replay equal to this one that shares nothing it would change."""
        other = Replay()
        other.players = {
            key: PlayerLine(line.rating, line.games, line.career, list(line.history))
            for key, line in self.players.items()
        }
        other.pairs = {
            key: PairLine(pair.games, pair.wins, pair.ties) for key, pair in self.pairs.items()
        }
        other.rated = list(self.rated)
        return other

    def add(self, entry):
        """Take one game in: career points if it is finished, the ratings if it is rated."""
        summary = entry.summary
        if not summary["over"]:
            return
        for seat, player in enumerate(entry.seat_players):
            if player is not None:
                line = self.players.get(player) or self.players.setdefault(player, PlayerLine())
                line.career += CAREER_POINTS[result_of(summary, summary["seat_sides"][seat])]
        sides = game_sides(entry)
        if sides is not None:
            self.rated.append(entry.game_id)
            _rate(self.players, self.pairs, sides, summary, len(self.rated))


def replay(entries, start=None):
    """The Replay of the crew's GameEntries, oldest first (by each entry's `order`), from
    fresh ratings, or going on from a copy of `start` (a replay of the games before these)."""
    done = start.copy() if start is not None else Replay()
    for entry in sorted(entries, key=lambda e: e.order):
        done.add(entry)
    return done


def _rate(players, pairs, sides, summary, number):
    """Move the ratings of one rated game's players, and count it for its partnerships."""
    teams = [[players[p].rating for p in side] for side in sides]
    for side, new in zip(sides, MODEL.rate(teams, ranks=game_ranks(summary)), strict=True):
        for player, rating in zip(side, new, strict=True):
            line = players[player]
            line.rating, line.games = rating, line.games + 1
            line.history.append((number, shown(rating)))
    for index, side in enumerate(sides):
        if len(side) == 2:
            pair = pairs.get(key := player_key(side)) or pairs.setdefault(key, PairLine())
            result = result_of(summary, index)
            pair.games += 1
            pair.wins += result == "won"
            pair.ties += result == "tied"


def average_player(players):
    """A player rated at the crew's average mu and sigma (its rated players'), or a new
    player's rating when nobody is rated yet."""
    rated = [line.rating for line in players.values() if line.games]
    if not rated:
        return MODEL.rating()
    return MODEL.rating(
        mu=sum(r.mu for r in rated) / len(rated), sigma=sum(r.sigma for r in rated) / len(rated)
    )


def chance_against_average(first, second, average):
    """The chance (0 to 1) that partners rated `first` and `second` beat two players rated
    `average` (openskill's predict_win)."""
    return MODEL.predict_win([[first, second], [average, average]])[0]


def pair_chance(done, first, second):
    """The chance (0 to 1) that players `first` and `second` (ids; None or a player with no
    game in the Replay `done` rates as a new player) beat an average pair of the crew: the
    strength an event seeded by rating orders its teams by (docs/tournaments.md)."""
    new = MODEL.rating()
    first, second = (done.players[p].rating if p in done.players else new for p in (first, second))
    return chance_against_average(first, second, average_player(done.players))


def flights(ranked):
    """(flight A, flight B) of players `ranked` strongest first: A the top half, B the rest;
    with an odd number the middle player plays in A (docs/crews.md "Flights")."""
    half = (len(ranked) + 1) // 2
    return ranked[:half], ranked[half:]


def crew_ratings(entries):
    """{"players": {id: view}, "partnerships": {key: view}, "rated_games": [game id, ...],
    "average": {"mu", "sigma"}} for a crew's GameEntries (docs/crews.md "Ratings")."""
    return ratings_view(replay(entries))


def ratings_view(done):
    """crew_ratings' answer for a Replay."""
    players, pairs, rated = done.players, done.pairs, done.rated
    average = average_player(players)
    player_views = {key: _player_view(line) for key, line in players.items()}
    pair_views = {}
    for key, pair in pairs.items():
        first, second = (players[p].rating for p in key.split("+"))
        pair_views[key] = {
            "games": pair.games,
            "wins": pair.wins,
            "ties": pair.ties,
            "losses": pair.games - pair.wins - pair.ties,
            "chance": round(chance_against_average(first, second, average), 4),
        }
    return {
        "players": player_views,
        "partnerships": pair_views,
        "rated_games": list(rated),
        "average": {"mu": round(average.mu, 4), "sigma": round(average.sigma, 4)},
    }


def _player_view(line):
    return {
        "rating": shown(line.rating),
        "mu": round(line.rating.mu, 4),
        "sigma": round(line.rating.sigma, 4),
        "games": line.games,
        "provisional": line.games < PROVISIONAL_GAMES,
        "career": line.career,
        "history": [{"game": number, "rating": value} for number, value in line.history],
    }
