"""A game's state once time is called (docs/rules.md 36-38): the cached state is derived from
the hand log and the director's call, never a stored winner."""

import rules


def with_time(game, state):
    """`state` (the state after the log's last hand so far, `next_hand_no` set) as the call of
    time on `game` makes it: over with the side ahead once the hand in play is finished, its
    `time` saying the phase the table is in (finish the hand, one more hand, decided). A
    game without a call is left as it is; a game already over stays as it ended."""
    record = game.time_called
    if record is None:
        state.pop("time", None)
        return state
    call = rules.TimeCall(record["hands"], record["in_play"])
    phase = rules.clock.DECIDED
    if not state["game_over"]:
        over, winner, phase = rules.time_status(state["totals"], state["next_hand_no"] - 1, call)
        if over:
            state.update(game_over=True, winner=winner, end_reason="time")
    state["time"] = {**record, "phase": phase}
    return state
