"""A game: replay a log of hands into running totals, game over, winner and next dealer."""

from dataclasses import dataclass, field

from .auction import check_seat
from .clock import DECIDED, time_call, time_status
from .errors import BadInputError, GameFlowError, RulesError
from .hand import check_totals_list, score_hand
from .scoring import check_ruleset, game_status

MAX_HANDS_IN_LOG = 10_000


@dataclass
class GameState:
    """The state after a log of hands: totals, game over, winner, who deals next."""

    totals: list
    game_over: bool
    winner: int | None
    next_dealer: int
    hands: list = field(default_factory=list)
    sides: int = 2
    end_reason: str | None = None
    scored_hands: int = 0  # made-or-set hands so far (reshuffles are not), for max_hands
    warnings: dict = field(default_factory=dict)  # side -> table-talk count so far
    time: dict | None = None  # once time is called: the call and its phase (docs/rules.md 36)

    def warning_counts(self):
        """The table-talk counts as a list, one per side (JSON has no integer keys)."""
        return [self.warnings.get(side, 0) for side in range(self.sides)]

    @property
    def next_hand_no(self):
        """The 1-based number of the next hand (a reshuffle is a hand too)."""
        return len(self.hands) + 1

    def to_dict(self):
        """Return the game state as the API sends it (docs/rules.md)."""
        return {
            "totals": list(self.totals),
            "game_over": self.game_over,
            "winner": self.winner,
            "next_dealer": self.next_dealer,
            "next_hand_no": self.next_hand_no,
            "hands": [h.to_dict() for h in self.hands],
            "sides": self.sides,
            "end_reason": self.end_reason,
            "scored_hands": self.scored_hands,
            "warnings": self.warning_counts(),
            **({} if self.time is None else {"time": dict(self.time)}),
        }

    def apply_time(self, call):
        """End the game on time when `call` (a TimeCall) says so after the hands so far
        (docs/rules.md 36-37); record the call and its phase. A game already over (say, a
        side reached the target in the hand in play) stays as it ended."""
        if self.game_over:
            self.time = {**call.to_dict(), "phase": DECIDED}
            return
        over, winner, phase = time_status(self.totals, len(self.hands), call)
        self.time = {**call.to_dict(), "phase": phase}
        if over:  # the hand that ended it says so too, as a hand reaching the target does
            self.game_over, self.winner, self.end_reason = True, winner, "time"
            if self.hands:
                last = self.hands[-1]
                last.game_over, last.winner, last.end_reason = True, winner, "time"


def replay(
    ruleset,
    hands,
    first_dealer=0,
    start_totals=None,
    *,
    scored_hands=0,
    warnings=None,
    time_called=None,
):
    """Score a log of hands in order and return the GameState.

    `start_totals` carries totals over from a paper score (default all zero). To resume a log
    from a state already scored (a cached GameState), pass its next dealer as `first_dealer`,
    its totals as `start_totals`, and its `scored_hands` and `warnings` (a list of table-talk
    counts per side, as to_dict gives, or a dict side -> count); the returned state then holds
    only the hands given, with the counts carried on. The dealer passes clockwise every hand,
    reshuffles included (docs/rules.md 3, 7). Raises RulesError with
    `hand_index` set to the rejected hand; a hand after the game is over is GAME_OVER.
    The game also ends in marks mode after `max_hands` made-or-set hands: the leader wins,
    or nobody on a tie (docs/rules.md 9). `time_called` ({"hands": k, "in_play": bool}, for
    a log from hand 1) ends it on time: the hand in play is finished, then the leader wins
    (docs/rules.md 36-37); the state's `time` then says the phase the table is in.
    """
    check_ruleset(ruleset)
    if not isinstance(hands, list) or len(hands) > MAX_HANDS_IN_LOG:
        raise BadInputError(
            f"The hands must be a list of at most {MAX_HANDS_IN_LOG:,} hands.", field="hands"
        )
    dealer = check_seat(ruleset, first_dealer, "first_dealer")
    if start_totals is None:
        start_totals = [0] * ruleset.side_count
    totals = check_totals_list(ruleset, start_totals, "start_totals")
    scored, warnings = _check_counts(ruleset, scored_hands, warnings)
    call = None if time_called is None else time_call(time_called)
    over, winner, _ = game_status(ruleset, totals, scored)  # paper totals may already end it
    state = GameState(
        totals,
        over,
        winner,
        dealer,
        [],
        ruleset.side_count,
        "paper_score" if over else None,
        scored,
        warnings,
    )
    if call is not None:
        state.apply_time(call)
    for index, hand in enumerate(hands):
        if state.game_over:
            raise GameFlowError(
                f"Hand {index + 1} comes after the game was over: no more hands.",
                "GAME_OVER",
                "hand",
                index,
            )
        try:
            result = score_hand(
                ruleset,
                hand,
                state.next_dealer,
                state.totals,
                scored_hands=scored,
                warnings=warnings,
            )
        except RulesError as error:
            error.hand_index = index
            raise
        scored += result.scored
        state.scored_hands = scored
        state.hands.append(result)
        state.totals, state.next_dealer = result.totals, result.next_dealer
        state.game_over, state.winner = result.game_over, result.winner
        state.end_reason = result.end_reason
        if call is not None:
            state.apply_time(call)
    return state


def _check_counts(ruleset, scored_hands, warnings):
    """(scored_hands, warnings as a new dict side -> count) for replay; BAD_INPUT if unfit."""
    if type(scored_hands) is not int or not 0 <= scored_hands <= MAX_HANDS_IN_LOG:
        raise BadInputError(
            "The hands scored so far must be a whole number from 0.", field="scored_hands"
        )
    if warnings is None:
        return scored_hands, {}
    if isinstance(warnings, list) and len(warnings) == ruleset.side_count:
        warnings = dict(enumerate(warnings))
    if not (
        isinstance(warnings, dict)
        and all(
            type(k) is int and 0 <= k < ruleset.side_count and type(v) is int and v >= 0
            for k, v in warnings.items()
        )
    ):
        raise BadInputError(
            "Table-talk counts must be one whole number from 0 per side.", field="warnings"
        )
    return scored_hands, {side: count for side, count in warnings.items() if count}
