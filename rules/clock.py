"""Time called: a game played to a time limit ends on the hand log, not on the clock
(docs/rules.md 36-38).

The call is told in hand-log terms, so the engine stays pure: how many hands were recorded
when time was called, and whether a hand was in play then. The hand in play is finished;
then the side ahead wins; while the leaders are level, one more hand is played, and again,
until a hand separates them.
"""

from dataclasses import dataclass

from .errors import BadInputError

# What the table is told, by phase: finish the hand in play; level, so one more hand; decided.
FINISH_HAND = "finish_hand"
ONE_MORE_HAND = "one_more_hand"
DECIDED = "decided"


@dataclass(frozen=True)
class TimeCall:
    """Time was called after `hands` hands of the log were recorded, with a hand in play or
    not (`in_play`): the game's last regular hand is `hands + in_play` (docs/rules.md 36)."""

    hands: int
    in_play: bool = True

    @property
    def last_hand(self):
        """The number of the hand that finishes the game's time (the hand in play, or the
        last one recorded when none was)."""
        return self.hands + (1 if self.in_play else 0)

    def to_dict(self):
        """The call as the API sends it."""
        return {"hands": self.hands, "in_play": self.in_play}


def time_call(value):
    """A TimeCall from a TimeCall or a dict {"hands": k, "in_play": bool}; BAD_INPUT if unfit."""
    if isinstance(value, TimeCall):
        return value
    if isinstance(value, dict) and set(value) <= {"hands", "in_play"}:
        hands, in_play = value.get("hands"), value.get("in_play", True)
        if type(hands) is int and 0 <= hands and type(in_play) is bool:
            return TimeCall(hands, in_play)
    raise BadInputError(
        "Time is called after a whole number of hands, with a hand in play or not.",
        field="time_call",
    )


def time_status(totals, hands_played, call):
    """(game_over, winner, phase) of a game still going on after `hands_played` hands with
    `totals`, once time was called (`call`, a TimeCall).

    Before the hand in play is finished: not over, FINISH_HAND. After it, one side alone ahead
    wins ("on time"); leaders level (two or more sides on the top total) play ONE_MORE_HAND,
    hand after hand, until one is ahead (docs/rules.md 37). A reshuffle is a hand of the log
    but changes no total, so it never separates the leaders.
    """
    if hands_played < call.last_hand:
        return False, None, FINISH_HAND
    top = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == top]
    if len(leaders) == 1:
        return True, leaders[0], DECIDED
    return False, None, ONE_MORE_HAND
