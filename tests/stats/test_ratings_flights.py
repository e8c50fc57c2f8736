"""Seeding by rating and flights read stats/ratings.py (docs/tournaments.md
"Seeding by rating", docs/crews.md "Flights")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stats import Replay, flights, pair_chance
from stats.ratings import MODEL, PlayerLine


def test_a_pair_of_new_players_has_an_even_chance_against_the_average():
    """Level means, so Phi(0) = 0.5, whatever the sigmas: an unknown id, None, and a crew
    with nobody rated yet (the average is then a new player) all rate as new."""
    assert pair_chance(Replay(), None, "stranger") == pytest.approx(0.5)
    done = Replay()
    done.players = {
        "ann": PlayerLine(MODEL.rating(mu=27, sigma=8), games=1),
        "bob": PlayerLine(MODEL.rating(mu=23, sigma=8), games=1),
    }
    assert pair_chance(done, "eve", None) == pytest.approx(0.5)
    # Ann twice over the average (mu 25) beats it; Bob twice under it loses to it
    assert pair_chance(done, "ann", "ann") > 0.5 > pair_chance(done, "bob", "bob")


@given(st.lists(st.integers(), max_size=40))
def test_flights_split_in_half_keeping_the_order(ranked):
    """A is the top half, B the rest, the middle one of an odd number in A."""
    a, b = flights(ranked)
    assert a + b == ranked
    assert len(a) - len(b) == len(ranked) % 2
