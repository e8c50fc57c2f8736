"""Replaying a crew's history twice gives the same ratings, and the
replay is a pure function of the games in their order (docs/crews.md "Ratings")."""

from dataclasses import replace

from helpers.stats_crews import PLAYERS, crews
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

import stats
from stats.ratings import CAREER_POINTS, PROVISIONAL_GAMES

# A replay rates every game through openskill: a quarter of the profile's examples (50 by
# default, 2,500 in the long run) keeps the stats stage near its old time.
FEWER = settings(max_examples=max(1, settings.default.max_examples // 4))


@st.composite
def rated_crews(draw):
    """A crew's random games (tests/stats/test_stats_properties.py), most of them with four
    different crew players seated (so they are rated), some with a stranger or an empty seat."""
    entries = draw(crews())
    seated = []
    for entry in entries:
        seats = tuple(draw(st.permutations(PLAYERS))[:4])
        if draw(st.integers(0, 4)) == 0:
            seats = (*seats[:3], None)
        seated.append(replace(entry, seat_players=seats))
    return seated


@FEWER
@given(rated_crews(), st.randoms(use_true_random=False))
def test_replaying_a_crews_history_twice_gives_the_same_ratings(entries, rng):
    """The same games, in any order of the list, always give the same ratings: they are
    replayed by each game's start, never kept from an earlier read."""
    first = stats.crew_ratings(entries)
    assert stats.crew_ratings(entries) == first
    shuffled = list(entries)
    rng.shuffle(shuffled)
    assert stats.crew_ratings(shuffled) == first


@FEWER
@given(rated_crews(), st.integers(0, 6))
def test_going_on_from_a_replay_of_the_first_games_is_replaying_them_all(entries, cut):
    """api/crews/ratings.py keeps a replay and goes on from it with the games after it: the
    same ratings as one replay of everything, and the kept replay is left as it was."""
    first = stats.replay(entries[:cut])
    before = stats.ratings_view(first)
    going_on = stats.replay(entries[cut:], start=first)
    assert stats.ratings_view(going_on) == stats.crew_ratings(entries)
    assert stats.ratings_view(first) == before


@FEWER
@given(rated_crews())
def test_each_game_adds_to_the_history_and_never_takes_career_points(entries):
    """A longer history keeps every earlier rating point (the replay of the first k games is
    the start of the replay of all), and the career total never goes down."""
    earlier = {"players": {}}
    for k in range(1, len(entries) + 1):
        now = stats.crew_ratings(entries[:k])
        for player, before in earlier["players"].items():
            line = now["players"][player]
            assert line["career"] >= before["career"]
            assert line["history"][: len(before["history"])] == before["history"]
        earlier = now
    for line in earlier["players"].values():
        assert line["games"] == len(line["history"])
        assert line["provisional"] == (line["games"] < PROVISIONAL_GAMES)
        if line["history"]:
            assert line["rating"] == line["history"][-1]["rating"]


@FEWER
@given(rated_crews())
def test_career_points_are_two_a_win_and_one_a_tie(entries):
    """Career points (docs/crews.md "Ratings") count every finished game a player sat in."""
    ratings, counts = stats.crew_ratings(entries), stats.crew_stats(entries)["players"]
    for player, line in ratings["players"].items():
        won, tied = counts[player]["wins"], counts[player]["ties"]
        assert line["career"] == CAREER_POINTS["won"] * won + CAREER_POINTS["tied"] * tied
    for pair in ratings["partnerships"].values():
        assert 0 < pair["chance"] < 1
        assert pair["wins"] + pair["ties"] + pair["losses"] == pair["games"]


def test_the_strategy_reaches_rated_games():
    """The properties above are not vacuous: the crews drawn include several rated games."""
    found = find(
        rated_crews(),
        lambda e: len(stats.crew_ratings(e)["rated_games"]) >= 3,
        settings=settings(phases=[Phase.generate], database=None),  # found, not shrunk
    )
    assert len(stats.crew_ratings(found)["rated_games"]) >= 3
