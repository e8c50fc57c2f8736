"""Progressive parties (docs/tournaments.md "Progressive parties"; individuals,
tables of four, new partners every round, fair sit-outs, individual totals).

Properties for 4 to 64 players, the stated schedule guarantees for 8, 12, 16, 20, 24 and
40 players, worked standings by hand, and every refusal.
"""

from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from brackets.errors import BracketError, CorrectionError, ResultError
from brackets.matching import pair_avoiding
from brackets.party import ProgressiveParty, TableResult
from brackets.progressive import schedule

# docs/tournaments.md "Progressive parties": players -> (rounds with no repeat partner, no
# one meets an opponent more than this many times in those rounds, first round that may
# repeat an opponent). Every seed tried when the table was written held it (0-199).
GUARANTEES = {8: (7, 4, 2), 12: (11, 4, 3), 16: (15, 4, 3), 20: (19, 4, 4), 24: (23, 4, 4)}
GUARANTEES[40] = (39, 4, 7)


def names(count):
    """Player names in entry order."""
    return [f"player {n:02d}" for n in range(1, count + 1)]


def meetings(rounds):
    """(partner counts, opponent counts, first round repeating each) over `rounds`."""
    partners, opponents, first = Counter(), Counter(), {}
    for party_round in rounds:
        for seat in party_round.tables:
            for side in (seat.north, seat.south):
                key = frozenset(side)
                partners[key] += 1
                if partners[key] > 1:
                    first.setdefault("partner", party_round.number)
            for a in seat.north:
                for b in seat.south:
                    opponents[frozenset((a, b))] += 1
                    if opponents[frozenset((a, b))] > 1:
                        first.setdefault("opponent", party_round.number)
    return partners, opponents, first


def partner_guarantee(count):
    """Rounds with no repeat partner: n - 1 for a multiple of 4 (the circle method), else
    half the players at the tables (Dirac's theorem: the swap search cannot get stuck)."""
    return count - 1 if count % 4 == 0 else 4 * (count // 4) // 2


@given(count=st.integers(4, 64), rounds=st.integers(1, 8), seed=st.integers(0, 2**32))
@example(count=7, rounds=10, seed=0)
@example(count=64, rounds=10, seed=1)
def test_everyone_is_seated_once_a_round_and_sit_outs_go_round(count, rounds, seed):
    """Each round everyone is at one table of four or sits out; count % 4 sit out; nobody
    sits out twice before everyone has once; no repeat partner within the guarantee; the
    same seed gives the same seating."""
    seating = schedule(names(count), rounds, seed)
    assert seating == schedule(names(count), rounds, seed)
    sat = Counter()
    for party_round in seating:
        seated = [p for seat in party_round.tables for p in (*seat.north, *seat.south)]
        assert len(party_round.sitting_out) == count % 4
        assert sorted(seated + list(party_round.sitting_out)) == names(count)
        sat.update(party_round.sitting_out)
        assert max(sat.values(), default=0) - min(sat[p] for p in names(count)) <= 1
    _, _, first = meetings(seating)
    assert first.get("partner", rounds + 1) > min(partner_guarantee(count), rounds)


@pytest.mark.parametrize("count", sorted(GUARANTEES))
def test_the_stated_guarantees_hold(count):
    """The table in docs/tournaments.md, checked on seeds 0 and 1 (40 players: seed 0)."""
    clean, most, repeat_from = GUARANTEES[count]
    for seed in (0,) if count == 40 else (0, 1):
        partners, opponents, first = meetings(schedule(names(count), clean, seed))
        assert set(partners.values()) == {1}
        assert len(partners) == count * (count - 1) // 2  # everyone partners everyone once
        assert max(opponents.values()) <= most
        assert first.get("opponent", clean + 1) >= repeat_from


def test_standings_worked_by_hand():
    """Five players, two rounds: the sit-out gets the round's average side score, rounded
    half up; ties go to most tables won, then entry order."""
    party = ProgressiveParty(["Ann", "Bo", "Cy", "Di", "Ed"], 2, seed=3)
    one, two = party.seating()
    assert len(one.sitting_out) == len(two.sitting_out) == 1
    assert one.sitting_out != two.sitting_out
    first, second = one.tables[0], two.tables[0]
    party = party.record(TableResult(first.id, 5, 2))  # average side score 3.5: credit 4
    party = party.record(TableResult(second.id, 1, 6))  # 3.5 again: credit 4
    totals = party.totals()
    expected = dict.fromkeys(party.players, 0)
    for seat, north, south in ((first, 5, 2), (second, 1, 6)):
        for player in seat.north:
            expected[player] += north
        for player in seat.south:
            expected[player] += south
    for sitter in (*one.sitting_out, *two.sitting_out):
        expected[sitter] += 4
    assert {p: line[0] for p, line in totals.items()} == expected
    lines = party.standings()
    assert [line.place for line in lines] == [1, 2, 3, 4, 5]
    keys = [(-totals[line.team][0], -totals[line.team][1]) for line in lines]
    assert keys == sorted(keys)
    sitter = one.sitting_out[0]
    line = next(line for line in lines if line.team == sitter)
    assert line.how.endswith("sat out 1")


def test_a_full_tie_goes_to_entry_order():
    """Four players, one table, one round, 3 to 3: everyone 3, tables won 0: entry order."""
    party = ProgressiveParty(["Ann", "Bo", "Cy", "Di"], 1, results=[TableResult("P1.1", 3, 3)])
    lines = party.standings()
    assert [line.team for line in lines] == ["Ann", "Bo", "Cy", "Di"]
    assert lines[0].how == "3 in all, won 0 of 1 tables"


def test_sit_out_credit_waits_for_the_whole_round():
    """Nine players: one table of round 1 in, the other not: the sitter has nothing yet."""
    party = ProgressiveParty(names(9), 1, seed=5)
    seat = party.seating(1).tables[0]
    party = party.record(TableResult(seat.id, 4, 0))
    assert not party.round_complete(1)
    assert party.totals()[party.seating(1).sitting_out[0]] == (0, 0, 0, 0)


def test_the_seating_is_kept_not_redone():
    """Each read of a party rebuilds it; the seating (64 players: ~0.15 s) is computed once."""
    assert schedule(names(64), 3, 1) is schedule(tuple(names(64)), 3, 1)
    assert schedule(names(64), 3, 1) is not schedule(names(64), 3, 2)


def test_a_round_is_hands_or_a_game():
    """hands_per_round=None: a round is a game; otherwise that many hands."""
    game = ProgressiveParty(names(4), 2)
    assert not game.round_over(5, False) and game.round_over(3, True)
    hands = ProgressiveParty(names(4), 2, hands_per_round=4)
    assert not hands.round_over(3, True) and hands.round_over(4, False)


def test_corrections_and_refusals():
    """A score can be corrected any time (the seating never depends on scores); unknown
    tables, second scores, bad scores and settings are refused."""
    party = ProgressiveParty(names(8), 2, results=[TableResult("P1.1", 2, 1)])
    fixed = party.correct(TableResult("P1.1", 0, 3))
    assert fixed.results == (TableResult("P1.1", 0, 3),)
    with pytest.raises(CorrectionError) as caught:
        party.correct(TableResult("P2.1", 1, 1))
    assert caught.value.code == "MATCH_NOT_PLAYED"
    for results, code in [
        ([TableResult("P3.1", 1, 1)], "UNKNOWN_MATCH"),
        ([TableResult("P1.1", 1, 1), TableResult("P1.1", 2, 1)], "MATCH_ALREADY_PLAYED"),
        ([TableResult("P1.1", -1, 1)], "BAD_FORMAT"),
        ([TableResult("P1.1", 1, True)], "BAD_FORMAT"),
    ]:
        with pytest.raises(BracketError) as caught:
            ProgressiveParty(names(8), 2, results=results)
        assert caught.value.code == code
    assert isinstance(ResultError("x"), BracketError)
    for players, rounds, extra in [
        (names(3), 1, {}),
        (names(8), 0, {}),
        (names(8), 61, {}),
        (names(8), 2, {"seed": 1.5}),
        (names(8), 2, {"hands_per_round": 0}),
    ]:
        with pytest.raises(BracketError):
            ProgressiveParty(players, rounds, **extra)
    with pytest.raises(BracketError):
        party.seating(3)


def test_the_swap_search_says_when_it_finds_no_pairing():
    """Only Ann and Bo may pair: Cy and Di are left with no swap, so no pairing (None)."""
    only = {frozenset(("Ann", "Bo"))}
    assert pair_avoiding(["Ann", "Bo", "Cy", "Di"], lambda a, b: {a, b} in map(set, only)) is None
    assert pair_avoiding(["Ann", "Cy", "Bo", "Di"], lambda a, b: True) == [
        ("Ann", "Cy"),
        ("Bo", "Di"),
    ]
