"""Ratings of two games worked by hand from Plackett-Luce's formulas.

The formulas are openskill's PlackettLuce (Weng and Lin 2011, algorithm 4, as its docs and
`PlackettLuce.rate` give them), for two sides where one wins (no weights, no margin):

    every player first:   s' = sqrt(s^2 + tau^2)                        (tau = 25/300)
    a side:               M = sum of its mu,  S2 = sum of its s'^2
    c = sqrt(sum over sides of (S2 + beta^2))                           (beta = 25/6)
    p = exp(M_side / c) / (exp(M_win / c) + exp(M_lose / c))
    the winner:  Omega = (1 - p) * S2 / c,   delta = p (1 - p) * S2 / c^2 * gamma
    the loser:   Omega = -p * S2 / c,        delta = p (1 - p) * S2 / c^2 * gamma
    gamma = sqrt(S2) / c
    each player: mu += (s'^2 / S2) * Omega,  s = s' * sqrt(max(1 - (s'^2 / S2) * delta, kappa))
    shown rating (ordinal) = mu - 3 s

A new player is mu 25, s 25/3. The crew: Ann and Cy (seats 1 and 3, side 0) against Bob and
Di (seats 2 and 4, side 1), straight-42 carried over from paper, each game decided by its one
hand (docs/rules.md 9: first to 7 marks wins):

Game 1, at 6 to 0, Ann bids 30 and makes it: Ann and Cy win 7 to 0.
    s' = sqrt(69.444444 + 0.006944) = 8.333750, s'^2 = 69.451389
    M = 50 both, S2 = 138.902778 both, beta^2 = 17.361111
    c = sqrt(2 * (138.902778 + 17.361111)) = 17.678455
    exp(50 / c) = 16.916702 both, so p = 0.5 for each side
    gamma = sqrt(138.902778) / 17.678455 = 0.666670
    Omega = +-0.5 * 138.902778 / 17.678455 = +-3.928589
    delta = 0.25 * 138.902778 / 312.527778 * 0.666670 = 0.074075
    mu = 25 +- 0.5 * 3.928589 = 26.964295 (Ann, Cy) and 23.035705 (Bob, Di)
    s = 8.333750 * sqrt(1 - 0.5 * 0.074075) = 8.177963 (all four)
    shown: 26.964295 - 24.533888 = 2.430407 (Ann, Cy); 23.035705 - 24.533888 = -1.498182

Game 2, at 0 to 6, Bob bids 30 and makes it: Bob and Di win 7 to 0, an upset.
    s' = sqrt(8.177963^2 + 0.006944) = 8.178387, s'^2 = 66.886017
    M = 53.928589 (Ann + Cy), 46.071411 (Bob + Di); S2 = 133.772034 both
    c = sqrt(2 * (133.772034 + 17.361111)) = 17.385807
    exp(M / c) = exp(3.101874) = 22.239597 (Ann + Cy), exp(2.649944) = 14.153242 (Bob + Di)
    p = 14.153242 / 36.392839 = 0.388902 for Bob and Di, 0.611098 for Ann and Cy
    gamma = sqrt(133.772034) / 17.385807 = 0.665254
    Bob, Di (winners): Omega = (1 - 0.388902) * 133.772034 / 17.385807 = 4.701987
    Ann, Cy (losers):  Omega = -0.611098 * 133.772034 / 17.385807 = -4.701987
    delta = 0.388902 * 0.611098 * 133.772034 / 302.266288 * 0.665254 = 0.069970 (both)
    mu = 26.964295 - 0.5 * 4.701987 = 24.613301 (Ann, Cy); 23.035705 + 2.350994 = 25.386699
    s = 8.178387 * sqrt(1 - 0.5 * 0.069970) = 8.034052 (all four)
    shown: 24.613301 - 24.102157 = 0.511144 (Ann, Cy); 25.386699 - 24.102157 = 1.284542

The crew's average player afterwards: mu (2 * 24.613301 + 2 * 25.386699) / 4 = 25, s 8.034052.
A pair's chance against an average pair is Phi((M - M_avg) / sqrt(2 beta^2 + S2 + S2_avg)),
with S2 the sum of s^2 (no tau: predict_win does not add it):
    Ann + Cy: (49.226602 - 50) / sqrt(34.722222 + 4 * 64.545996) = -0.773398 / 17.114503
              = -0.045190, Phi = 0.481978; Bob + Di: +0.045190, Phi = 0.518022.
Career points (2 a win, 1 a tie): 2 each, one win apiece. Two rated games each: provisional.
"""

import pytest

import rules
import stats

ANN, BOB, CY, DI = "ann", "bob", "cy", "di"


def decided_game(game_id, start, bidder, order):
    """A straight-42 game carried over at `start`, decided by `bidder` making 30."""
    rs = rules.get_ruleset("straight-42")
    body = {"bidder": bidder, "bid": 30, "result": {"captured": 35}}
    state = rules.replay(rs, [body], 0, start)
    assert state.game_over
    summary = stats.game_summary(
        rs, [(body, state.hands[0].to_dict())], start, state.totals, True, state.winner
    )
    return stats.GameEntry(game_id, summary, (ANN, BOB, CY, DI), (order,))


GAME_1 = decided_game("g1", [6, 0], 0, 1)  # Ann and Cy win
GAME_2 = decided_game("g2", [0, 6], 1, 2)  # Bob and Di win


def test_after_one_game_the_winners_rise_and_the_losers_fall():
    players = stats.crew_ratings([GAME_1])["players"]
    for name, mu in ((ANN, 26.964295), (CY, 26.964295), (BOB, 23.035705), (DI, 23.035705)):
        assert players[name]["mu"] == pytest.approx(mu, abs=1e-4)
        assert players[name]["sigma"] == pytest.approx(8.177963, abs=1e-4)
    assert players[ANN]["rating"] == pytest.approx(2.43, abs=0.005)
    assert players[BOB]["rating"] == pytest.approx(-1.50, abs=0.005)


def test_after_the_upset_the_second_game_moves_them_back_past_each_other():
    result = stats.crew_ratings([GAME_2, GAME_1])  # given out of order: replayed by `order`
    players = result["players"]
    for name, mu, shown in ((ANN, 24.613301, 0.51), (CY, 24.613301, 0.51), (BOB, 25.386699, 1.28)):
        assert players[name]["mu"] == pytest.approx(mu, abs=1e-4)
        assert players[name]["sigma"] == pytest.approx(8.034052, abs=1e-4)
        assert players[name]["rating"] == pytest.approx(shown, abs=0.005)
    assert players[ANN]["history"] == [{"game": 1, "rating": 2.43}, {"game": 2, "rating": 0.51}]
    assert players[DI]["history"] == [{"game": 1, "rating": -1.5}, {"game": 2, "rating": 1.28}]
    assert result["rated_games"] == ["g1", "g2"]
    assert result["average"] == {"mu": pytest.approx(25.0), "sigma": pytest.approx(8.0341)}


def test_partnership_chances_career_points_and_provisional():
    result = stats.crew_ratings([GAME_1, GAME_2])
    pairs = result["partnerships"]
    assert pairs[f"{ANN}+{CY}"]["chance"] == pytest.approx(0.4820, abs=1e-4)
    assert pairs[f"{BOB}+{DI}"]["chance"] == pytest.approx(0.5180, abs=1e-4)
    assert {k: (p["games"], p["wins"], p["losses"]) for k, p in pairs.items()} == {
        f"{ANN}+{CY}": (2, 1, 1),
        f"{BOB}+{DI}": (2, 1, 1),
    }
    for line in result["players"].values():
        assert (line["career"], line["games"], line["provisional"]) == (2, 2, True)
    assert stats.PROVISIONAL_GAMES == 5  # docs/crews.md "Ratings" says five


def test_a_game_with_a_stranger_or_still_in_play_moves_no_rating():
    """docs/crews.md "Ratings": only a finished game with every seat named is rated; a
    finished game with a stranger still earns its career points."""
    stranger = stats.GameEntry("g3", GAME_1.summary, (ANN, BOB, CY, None), (3,))
    rs = rules.get_ruleset("straight-42")
    in_play = stats.GameEntry(
        "g4", stats.game_summary(rs, [], None, [0, 0], False, None), (ANN, BOB, CY, DI), (4,)
    )
    result = stats.crew_ratings([stranger, in_play])
    assert result["rated_games"] == []
    assert result["players"][ANN] == {
        "rating": 0.0,
        "mu": 25.0,
        "sigma": 8.3333,
        "games": 0,
        "provisional": True,
        "career": 2,
        "history": [],
    }
    assert DI not in result["players"]


def test_a_tie_pulls_the_sides_together_and_earns_a_career_point_each():
    """docs/crews.md "Ratings": a tied game (docs/rules.md 9: a marks game capped at
    max_hands can end level) ranks both sides level: the side rated higher comes down, the
    other goes up, and everyone at the table earns 1 career point."""
    rs = rules.get_ruleset("straight-42", {"max_hands": 2})
    bodies = [
        {"bidder": 1, "bid": 30, "result": {"declared": "made"}},
        {"bidder": 0, "bid": 30, "result": {"declared": "made"}},
    ]
    state = rules.replay(rs, bodies, 0)
    assert (state.game_over, state.winner) == (True, None)
    pairs = [(b, h.to_dict()) for b, h in zip(bodies, state.hands, strict=True)]
    tied = stats.game_summary(rs, pairs, None, state.totals, True, None)
    result = stats.crew_ratings([GAME_1, stats.GameEntry("g3", tied, (ANN, BOB, CY, DI), (3,))])
    after_one = stats.crew_ratings([GAME_1])["players"]
    players = result["players"]
    assert players[ANN]["mu"] < after_one[ANN]["mu"]  # Ann and Cy were rated higher
    assert players[BOB]["mu"] > after_one[BOB]["mu"]
    assert players[ANN]["sigma"] < after_one[ANN]["sigma"]  # a game more: surer of both
    assert (players[ANN]["career"], players[BOB]["career"]) == (3, 1)
    assert result["partnerships"][f"{ANN}+{CY}"]["ties"] == 1
