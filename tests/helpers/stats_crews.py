"""Random crews (Hypothesis) for the crew statistics' properties."""

from hypothesis import strategies as st

import rules
import stats

PLAYERS = ("p1", "p2", "p3", "p4", "p5")


BIDS = (30, 31, 34, 35, 41, 42, 84)


@st.composite
def game(draw, index):
    """A random straight-42 or wikipedia-42 game of this crew, replayed by rules/."""
    preset = draw(st.sampled_from(("straight-42", "wikipedia-42")))
    rs = rules.get_ruleset(preset)
    start = draw(st.lists(st.integers(0, 6), min_size=2, max_size=2))
    seats = tuple(draw(st.lists(st.sampled_from((*PLAYERS, None)), min_size=4, max_size=4)))
    seats = tuple(p if p is None or seats.index(p) == i else None for i, p in enumerate(seats))
    bodies, results = [], []
    state = rules.replay(rs, [], 0, start)
    for _ in range(draw(st.integers(0, 14))):
        if state.game_over:
            break
        body = draw(hand(state.next_dealer))
        state = rules.replay(
            rs,
            [body],
            state.next_dealer,
            state.totals,  # resumed: one hand
            scored_hands=state.scored_hands,
            warnings=state.warnings,
        )
        bodies.append(body)
        results.append(state.hands[0].to_dict())
    summary = stats.game_summary(
        rs,
        list(zip(bodies, results, strict=True)),
        start,
        state.totals,
        state.game_over,
        state.winner,
    )
    return stats.GameEntry(f"g{index}", summary, seats, (index,))


@st.composite
def hand(draw, dealer):
    """A made or set hand: a forced dealer's bid after three passes, or a bidder and bid."""
    bid = draw(st.sampled_from(BIDS))
    result = {"declared": draw(st.sampled_from(("made", "set")))}
    penalties = draw(
        st.lists(
            st.builds(
                lambda kind, side: {"kind": kind, "side": side},
                st.sampled_from(("table_talk", "exposed_domino")),
                st.integers(0, 1),
            ),
            max_size=1,
        )
    )
    if draw(st.booleans()):
        body = {"bids": ["pass", "pass", "pass", bid], "result": result}
    else:
        body = {"bidder": draw(st.integers(0, 3)), "bid": bid, "result": result}
    return {**body, "penalties": penalties} if penalties else body


@st.composite
def crews(draw):
    """A crew's games."""
    count = draw(st.integers(1, 6))
    return [draw(game(i)) for i in range(count)]
