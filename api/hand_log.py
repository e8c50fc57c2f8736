"""The hand log: record, replace and undo hands under rules/ (re-scored by replaying the log)."""

import threading
from contextlib import contextmanager

from rules import RulesError

from .db import write_transaction
from .errors import abort, field_errors
from .logic import content_hash, game_view, hand_view, locked_game, replay, state_without_hands
from .models import Hand, HandRow, IdempotencyKey, insert_statement, run, utcnow

_in_flight = set()
_in_flight_lock = threading.Lock()


@contextmanager
def in_flight(game_id, key):
    """Mark an idempotency key as being processed; 409 if this process already is."""
    token = (str(game_id), key)
    with _in_flight_lock:
        if token in _in_flight:
            abort(409, "a request with this Idempotency-Key is still being processed",
                  headers={"Retry-After": "1"})
        _in_flight.add(token)
    try:
        yield
    finally:
        with _in_flight_lock:
            _in_flight.discard(token)


def record_hand(game_id, data, key):
    """Record a new hand under an Idempotency-Key; returns (status, response, game view).

    Same key and body: the stored response. Same key, other body: 422. The same hand_no with
    the same content: the stored hand; with other content: 409 carrying the stored hand.
    A gap in hand numbers: 409. Raises RulesError (422) when rules/ rejects the hand.
    """
    hand_no = data.pop("hand_no")
    request_hash = content_hash({"hand_no": hand_no, "hand": data})
    with in_flight(game_id, key), write_transaction():
        game = locked_game(game_id)
        stored = IdempotencyKey.find(game.id, key)
        if stored is not None:
            if stored.request_hash != request_hash:
                abort(422, "this Idempotency-Key was used with another request body",
                      rule_code="IDEMPOTENCY_KEY_REUSED")
            return stored.status, stored.response, game_view(game)
        hands = game.ordered_hands()
        response, hands, writes = _append_hand(game, hands, hand_no, data)
        run([*writes, insert_statement(IdempotencyKey, game=game.id, key=key,
                                       request_hash=request_hash, status=201,
                                       response=response, created_at=utcnow())])
        return 201, response, game_view(game, hands)


def _append_hand(game, hands, hand_no, body):
    """Score `body` as hand `hand_no`, or match it to the stored hand of that number; returns
    (hand view, the new log, the statements that store it)."""
    next_no = len(hands) + 1
    if hand_no < next_no:
        existing = hands[hand_no - 1]
        if existing.body == body:
            return hand_view(existing), hands, []
        abort(409, f"hand {hand_no} is already recorded with other content",
              stored_hand=hand_view(existing))
    if hand_no > next_no:
        abort(409, f"the next hand is {next_no}; hand {hand_no} cannot be recorded yet",
              errors=field_errors("hand_no", f"expected {next_no}"))
    state = replay(game, [h.body for h in hands] + [body])
    now = utcnow()
    hand = HandRow(hand_no, body, state["hands"][-1])
    writes = [
        insert_statement(Hand, game=game.id, hand_no=hand_no, body=body, result=hand.result,
                         created_at=now, updated_at=now),
        _state_update(game, state),
    ]
    return hand_view(hand), [*hands, hand], writes


def _state_update(game, state, set_aside=None):
    """The statement caching the replayed totals on the game row (and its set-aside record:
    None clears it, as every write to the log does)."""
    return game.state_update(state_without_hands(state), set_aside)


def _locked_log(game_id, hand_no, check_etag):
    """Lock the game, check If-Match against it, and return (game, hands); 404 no such hand."""
    game = locked_game(game_id)
    hands = game.ordered_hands()
    check_etag(game_view(game, hands))
    if hand_no > len(hands):
        abort(404, f"there is no hand {hand_no}")
    return game, hands


def _fitting_hands(error, hand_no):
    """How many hands of the log fit when replaying it raised `error` (the game ends after
    them), or None when the error is not a game ending before later hands at or after the
    edited hand `hand_no`."""
    if error.code == "GAME_OVER" and error.hand_index is not None and error.hand_index >= hand_no:
        return error.hand_index
    return None


def _too_long_after_edit(hand_no, fit, hands):
    """422 GAME_OVER naming the hands an edit of hand `hand_no` would leave after the end."""
    later = [h.hand_no for h in hands[fit:]]
    span = f"hand {later[0]}" if len(later) == 1 else f"hands {later[0]} to {later[-1]}"
    abort(422, f"with this change to hand {hand_no} the game is over after hand {fit}, so "
          f"{span} no longer fit; save it with those hands set aside, or change it",
          errors=field_errors(None, f"the game would be over after hand {fit}"),
          rule_code="GAME_OVER", hand_no=fit + 1, no_longer_fit=later)


def replace_hand(game_id, hand_no, body, check_etag, set_aside=False):
    """Replace hand `hand_no` and re-score every later hand; returns (hand view, game view).

    `check_etag(game_view)` raises 412 when the client's If-Match is stale. 404 for a hand
    that does not exist; RulesError (422) if the edit makes any hand invalid. When the edit
    ends the game at hand k while hands k+1.. follow, those are refused (422 GAME_OVER with
    `no_longer_fit`) or, with `set_aside`, taken off the log in this same transaction and kept
    on the game (its `set_aside` record) so restore_set_aside can undo the edit.
    """
    with write_transaction():
        game, hands = _locked_log(game_id, hand_no, check_etag)
        previous = hands[hand_no - 1].body
        hands[hand_no - 1].body = body
        record, writes = None, []
        try:
            state = replay(game, [h.body for h in hands])
        except RulesError as error:
            fit = _fitting_hands(error, hand_no)
            if fit is None:
                raise
            if not set_aside:
                _too_long_after_edit(hand_no, fit, hands)
            record = {"hand_no": hand_no, "previous": previous, "first_hand_no": fit + 1,
                      "hands": [h.body for h in hands[fit:]]}
            del hands[fit:]
            writes.append(Hand.remove_from(game.id, fit + 1))
            state = replay(game, [h.body for h in hands])
        for hand, result in zip(hands[hand_no - 1:], state["hands"][hand_no - 1:], strict=True):
            hand.result = result
            writes.append(Hand.rewrite(game.id, hand))
        run([*writes, _state_update(game, state, record)])
        return hand_view(hands[hand_no - 1]), game_view(game, hands)


def restore_set_aside(game_id, check_etag):
    """Undo the edit that set hands aside: hand n's previous body back, the set-aside hands
    re-appended, the log re-scored, nothing set aside any more; returns the game view.

    409 when nothing is set aside (any later write to the log clears it).
    """
    with write_transaction():
        game = locked_game(game_id)
        hands = game.ordered_hands()
        check_etag(game_view(game, hands))
        record = game.set_aside
        if record is None:
            abort(409, "no hands are set aside: there is nothing to put back",
                  rule_code="NOTHING_SET_ASIDE")
        hand_no, first = record["hand_no"], record["first_hand_no"]
        hands[hand_no - 1].body = record["previous"]
        added = [HandRow(first + i, body, None) for i, body in enumerate(record["hands"])]
        hands += added
        state = replay(game, [h.body for h in hands])
        for hand, result in zip(hands, state["hands"], strict=True):
            hand.result = result
        now = utcnow()
        writes = [Hand.rewrite(game.id, h) for h in hands[hand_no - 1:first - 1]]
        writes += [insert_statement(Hand, game=game.id, hand_no=h.hand_no, body=h.body,
                                    result=h.result, created_at=now, updated_at=now)
                   for h in added]
        run([*writes, _state_update(game, state)])
        return game_view(game, hands)


def delete_last_hand(game_id, hand_no, check_etag):
    """Undo the last hand; returns the game view. 404 no such hand, 409 not the last one."""
    with write_transaction():
        game, hands = _locked_log(game_id, hand_no, check_etag)
        if hand_no != len(hands):
            abort(409, f"only the last hand ({len(hands)}) can be undone; edit others with PUT")
        removed = hands.pop()
        state = replay(game, [h.body for h in hands])
        run([Hand.remove(game.id, removed.hand_no), _state_update(game, state)])
        return game_view(game, hands)
