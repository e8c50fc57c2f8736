"""The hand log: record, replace and undo hands under rules/, each write scored from a state
already scored (the game row's cached state, or the hand before the edit) instead of the whole
log, so a hand costs the same at hand 200 as at hand 1."""

import threading
from contextlib import contextmanager

import rules
from rules import GameFlowError, RulesError

from ..core.errors import Conflict, Invalid, NotFound, field_errors
from ..events import reopen, settlement
from ..events.settlement import refuse_settled
from ..events.tables import refuse_signed
from ..games.clock import with_time
from ..games.rulesets import game_ruleset
from ..games.service import content_hash, locked_game
from ..games.views import game_view, hand_view
from ..live.hub import changed, notify_statement
from ..parties.access import lock_party_of_game
from ..store.base import insert_statement, run, utcnow
from ..store.crews import crew_moved
from ..store.db import write_transaction
from ..store.games import Hand, HandRow, IdempotencyKey

# The longest game the server keeps: real games end within a few dozen hands (a marks game
# by its hand limit, a points game by its target); this bounds what one edit re-scores.
MAX_GAME_HANDS = 500

_in_flight = set()

_in_flight_lock = threading.Lock()


@contextmanager
def in_flight(game_id, key):
    """Mark an idempotency key as being processed; 409 STILL_PROCESSING (with Retry-After)
    if this process already is: the first request has not finished, so the sender should send
    the same request again shortly, not treat it as a clash with another phone."""
    token = (str(game_id), key)
    with _in_flight_lock:
        if token in _in_flight:
            raise Conflict(
                "this hand is still being saved from an earlier try: send it again in a moment",
                headers={"Retry-After": "1"},
                rule_code="STILL_PROCESSING",
            )
        _in_flight.add(token)
    try:
        yield
    finally:
        with _in_flight_lock:
            _in_flight.discard(token)


def start_state(game):
    """The state before hand 1 (paper totals may already end the game)."""
    state = rules.replay(game_ruleset(game), [], game.first_dealer, game.start_totals).to_dict()
    del state["hands"]
    return with_time(game, state)


def _state_after(game, row):
    """The state after a stored hand, from its result and counts (None if it has no counts:
    stored by an older release)."""
    if row.counts is None:
        return None
    result = row.result
    state = rules.replay(
        game_ruleset(game),
        [],
        result["next_dealer"],
        result["totals"],
        scored_hands=row.counts["scored_hands"],
        warnings=row.counts["warnings"],
    ).to_dict()
    del state["hands"]
    state["next_hand_no"] = row.hand_no + 1
    return with_time(game, state)


def _cached_state(game):
    """The game row's cached state when it carries the counts (a release before them did not:
    then None)."""
    state = game.state
    return state if "scored_hands" in state and "warnings" in state else None


def _log_from(game, hand_no):
    """(state before hand m, hands m..last) for the smallest m <= hand_no this needs: m is
    hand_no itself, read with the hand before it (its result and counts give the state), or 1
    when that hand has no counts."""
    if hand_no > 1:
        rows = game.hands_from(hand_no - 1)
        before = _state_after(game, rows[0])
        if before is not None:
            return before, rows[1:]
    return start_state(game), game.hands_from(1)


def score(game, before, rows):
    """Score `rows` (consecutive hands, bodies set) in order from `before`, the state before
    the first of them: sets each row's result and counts, returns the state after the last.

    Raises RulesError naming the log's hand (`hand_index`), GAME_OVER for a hand after the end.
    """
    ruleset = game_ruleset(game)
    state = before
    for row in rows:
        if state["game_over"]:
            on_time = state.get("end_reason") == "time"  # rules.md 37: the game ended on time
            raise GameFlowError(
                f"hand {row.hand_no} would come after the end of the game"
                + (": time was called, and it ended on time" if on_time else ""),
                "GAME_OVER",
                "hand",
                row.hand_no - 1,
            )
        try:
            after = rules.replay(
                ruleset,
                [row.body],
                state["next_dealer"],
                state["totals"],
                scored_hands=state["scored_hands"],
                warnings=state["warnings"],
            ).to_dict()
        except RulesError as error:
            error.hand_index = row.hand_no - 1
            raise
        row.result = after.pop("hands")[0]
        row.counts = {"scored_hands": after["scored_hands"], "warnings": after["warnings"]}
        after["next_hand_no"] = row.hand_no + 1
        state = with_time(game, after)  # time called ends the game on the log (rules.md 36)
        if state["end_reason"] == "time":  # the hand that ended it says so (rules.md 37)
            row.result = {**row.result, "game_over": True, "winner": state["winner"]}
            row.result["end_reason"] = "time"
    return state


def _state_update(game, state, set_aside=None):
    """The statement caching `state` on the game row with a new revision (in the ETag), and
    its set-aside record (None clears it, as every write to the log does)."""
    revision = game.state.get("revision", 0) + 1
    return game.state_update({**state, "revision": revision}, set_aside)


def restate(game):
    """(the state after the game's last hand derived again, with its call of time as it
    stands now, the statement caching it): for a new call of time (api/play/time_call.py),
    which changes no hand."""
    next_no = game.state["next_hand_no"]
    state = _state_after(game, game.hands_from(next_no - 1)[0]) if next_no > 1 else None
    if state is None:  # no hand yet, or hands stored by an older release without counts
        state = score(game, start_state(game), game.ordered_hands())
    return state, _state_update(game, state, game.set_aside)


def _rewrites(game_id, rows, old):
    """Statements storing the rows whose body, result or counts changed (`old`: hand_no ->
    (body, result, counts) as read)."""
    return [
        Hand.rewrite(game_id, row)
        for row in rows
        if old.get(row.hand_no) != (row.body, row.result, row.counts)
    ]


def _snapshot(rows):
    """hand_no -> (body, result, counts) of rows as read, to write back only what changed."""
    return {row.hand_no: (row.body, row.result, row.counts) for row in rows}


def _state_writes(game, state, set_aside=None):
    """_state_update's statement, and the one moving the game's crew's revision on (the
    crew's statistics and ratings read the log): every write to a log runs both."""
    return [_state_update(game, state, set_aside), crew_moved(game.id)]


def _outcome(game):
    """(game over, winner) from the game row's cached state: what a match's series reads."""
    return game.state["game_over"], game.state["winner"]


def _committed(game, before):
    """After a write to the log committed: this process's own streams of the game, and, when
    the write changed how the game ended (`before`: its outcome before the write) and the game
    belongs to a match, whatever the match's event can call now (api/events/). The
    hand is stored whatever that call does."""
    changed(game.id)
    if game.match_id is not None and _outcome(game) != before:
        settlement.call_after_game(game.match_id)


def record_hand(game_id, data, key):
    """Record a new hand under an Idempotency-Key; returns (status, response, game row).

    Same key and body: the stored response. Same key, other body: 422. The same hand_no with
    the same content: the stored hand; with other content: 409 carrying the stored hand.
    A gap in hand numbers: 409; past MAX_GAME_HANDS: 422 GAME_TOO_LONG; a new hand in a
    tournament match the director settled: 409 MATCH_SETTLED; in a game signed at its
    table, by any token but the director's: 409 GAME_SIGNED. Raises RulesError
    (422) when rules/ rejects the hand. Reads the game row, the key and at most one hand.
    """
    hand_no = data.pop("hand_no")
    request_hash = content_hash({"hand_no": hand_no, "hand": data})
    with in_flight(game_id, key), write_transaction():
        settled = settlement.settled(game_id=game_id)  # first: it locks the event
        lock_party_of_game(game_id)  # or the party
        game = locked_game(game_id)
        stored = IdempotencyKey.find(game.id, key)
        if stored is not None:
            if stored.request_hash != request_hash:
                raise Invalid(
                    "this Idempotency-Key was used with another request body",
                    rule_code="IDEMPOTENCY_KEY_REUSED",
                )
            return stored.status, stored.response, game
        if hand_no >= game.state["next_hand_no"]:  # a hand stored already is answered as such
            refuse_settled(settled)
            refuse_signed(game)
        before = _outcome(game)
        response, writes = _append_hand(game, hand_no, data)
        run(
            [
                *writes,
                insert_statement(
                    IdempotencyKey,
                    game=game.id,
                    key=key,
                    request_hash=request_hash,
                    status=201,
                    response=response,
                    created_at=utcnow(),
                ),
                *(notify_statement(game.id) if writes else []),
            ]
        )
    if writes:  # a replay (same key, or the same hand again) wrote nothing and calls nothing
        _committed(game, before)
    return 201, response, game


def _append_hand(game, hand_no, body):
    """Score `body` as hand `hand_no` from the cached state, or match it to the stored hand of
    that number; returns (hand view, the statements that store it)."""
    next_no = game.state["next_hand_no"]
    if hand_no < next_no:
        existing = game.hand(hand_no)
        if existing.body == body:
            return hand_view(existing), []
        raise Conflict(
            f"hand {hand_no} is already recorded with other content",
            stored_hand=hand_view(existing),
        )
    if hand_no > next_no:
        raise Conflict(
            f"the next hand is {next_no}; hand {hand_no} cannot be recorded yet",
            errors=field_errors("hand_no", f"expected {next_no}"),
        )
    if hand_no > MAX_GAME_HANDS:
        raise Invalid(
            f"a game keeps at most {MAX_GAME_HANDS} hands; start a new game",
            errors=field_errors("hand_no", f"at most {MAX_GAME_HANDS}"),
            rule_code="GAME_TOO_LONG",
        )
    before = _cached_state(game)
    if before is None:  # cached by an older release: score the log once to get the counts
        before = score(game, start_state(game), game.ordered_hands())
    hand = HandRow(hand_no, body, None)
    state = score(game, before, [hand])
    return hand_view(hand), [Hand.insert(game.id, hand), *_state_writes(game, state)]


def _locked_game(game_id, check_etag):
    """Lock the game and check If-Match against it; 409 MATCH_SETTLED first when the game's
    tournament match was settled by the director (api/events/ `settled`), then 409
    GAME_SIGNED when the game was signed at its table and the token is not the director's. The event
    row is locked FOR UPDATE: an edit, undo or restore may reopen a decided match, and
    api/events/reopen.py must see the later matches' hands as committed, with none landing
    until this write commits (edits are rare; new hands keep the shared lock)."""
    refuse_settled(settlement.settled(game_id=game_id, exclusive=True))
    lock_party_of_game(game_id)  # a party's game: its party's lock, its link checked again
    game = locked_game(game_id)
    refuse_signed(game)  # a game signed at its table: the director's alone (events/tables.py)
    check_etag(game)
    return game


def _check_hand_exists(game, hand_no):
    """404 unless the log has hand `hand_no`."""
    if hand_no >= game.state["next_hand_no"]:
        raise NotFound(f"there is no hand {hand_no}")


def _fitting_hands(error, hand_no):
    """How many hands of the log fit when scoring it raised `error` (the game ends after
    them), or None when the error is not a game ending before later hands at or after the
    edited hand `hand_no`."""
    if error.code == "GAME_OVER" and error.hand_index is not None and error.hand_index >= hand_no:
        return error.hand_index
    return None


def _too_long_after_edit(hand_no, fit, later):
    """422 GAME_OVER naming the hands an edit of hand `hand_no` would leave after the end."""
    span = f"hand {later[0]}" if len(later) == 1 else f"hands {later[0]} to {later[-1]}"
    raise Invalid(
        f"with this change to hand {hand_no} the game is over after hand {fit}, so "
        f"{span} no longer fit; save it with those hands set aside, or change it",
        errors=field_errors(None, f"the game would be over after hand {fit}"),
        rule_code="GAME_OVER",
        hand_no=fit + 1,
        no_longer_fit=later,
    )


def replace_hand(game_id, hand_no, body, check_etag, set_aside=False):
    """Replace hand `hand_no` and re-score it and every later hand (reading the hand before it
    for the state, none earlier); returns (hand view, game row).

    `check_etag(game)` raises 412 when the client's If-Match is stale. 404 for a hand
    that does not exist; RulesError (422) if the edit makes any hand invalid. When the edit
    ends the game at hand k while hands k+1.. follow, those are refused (422 GAME_OVER with
    `no_longer_fit`) or, with `set_aside`, taken off the log in this same transaction and kept
    on the game (its `set_aside` record) so restore_set_aside can undo the edit. 409
    LATER_MATCH_STARTED when the edit would reopen a decided tournament match, or change its
    winner, once a later match depending on it has a hand played (api/events/reopen.py).
    """
    with write_transaction():
        game = _locked_game(game_id, check_etag)
        _check_hand_exists(game, hand_no)
        outcome = _outcome(game)
        before, rows = _log_from(game, hand_no)
        old = _snapshot(rows)
        edited = rows[hand_no - rows[0].hand_no]
        previous, edited.body = edited.body, body
        record, writes = None, []
        try:
            state = score(game, before, rows)
        except RulesError as error:
            fit = _fitting_hands(error, hand_no)
            if fit is None:
                raise
            kept = [row for row in rows if row.hand_no <= fit]
            removed = rows[len(kept) :]
            if not set_aside:
                _too_long_after_edit(hand_no, fit, [row.hand_no for row in removed])
            record = {
                "hand_no": hand_no,
                "previous": previous,
                "first_hand_no": fit + 1,
                "hands": [row.body for row in removed],
            }
            writes.append(Hand.remove_from(game.id, fit + 1))
            rows = kept
            state = score(game, before, rows)
        reopen.check(game, outcome, state)
        run(
            [
                *writes,
                *_rewrites(game.id, rows, old),
                *_state_writes(game, state, record),
                *notify_statement(game.id),
            ]
        )
    _committed(game, outcome)
    return hand_view(edited), game


def restore_set_aside(game_id, check_etag):
    """Undo the edit that set hands aside: hand n's previous body back, the set-aside hands
    re-appended, the log re-scored from hand n, nothing set aside any more; returns
    (game view, game row).

    409 when nothing is set aside (any later write to the log clears it); 409
    LATER_MATCH_STARTED as for replace_hand.
    """
    with write_transaction():
        game = _locked_game(game_id, check_etag)
        record = game.set_aside
        if record is None:
            raise Conflict(
                "no hands are set aside: there is nothing to put back",
                rule_code="NOTHING_SET_ASIDE",
            )
        hand_no, first = record["hand_no"], record["first_hand_no"]
        outcome = _outcome(game)
        before, rows = _log_from(game, hand_no)
        old = _snapshot(rows)
        rows[hand_no - rows[0].hand_no].body = record["previous"]
        added = [HandRow(first + i, body, None) for i, body in enumerate(record["hands"])]
        state = score(game, before, rows + added)
        reopen.check(game, outcome, state)
        run(
            [
                *_rewrites(game.id, rows, old),
                *(Hand.insert(game.id, h) for h in added),
                *_state_writes(game, state),
                *notify_statement(game.id),
            ]
        )
    _committed(game, outcome)
    return game_view(game), game


def delete_last_hand(game_id, hand_no, check_etag):
    """Undo the last hand; returns (game view, game row). 404 no such hand, 409 not the last
    one, 409 LATER_MATCH_STARTED as for replace_hand. Nothing is re-scored: the hand before it
    (its result and counts) gives the state.
    The log is read once, for the game view it answers with."""
    with write_transaction():
        game = _locked_game(game_id, check_etag)
        _check_hand_exists(game, hand_no)
        last = game.state["next_hand_no"] - 1
        if hand_no != last:
            raise Conflict(f"only the last hand ({last}) can be undone; edit others with PUT")
        outcome = _outcome(game)
        hands = game.ordered_hands()
        hands.pop()
        state = _state_after(game, hands[-1]) if hands else start_state(game)
        writes = []
        if state is None:  # stored by an older release: score the log once
            old = _snapshot(hands)
            state = score(game, start_state(game), hands)
            writes = _rewrites(game.id, hands, old)
        reopen.check(game, outcome, state)
        run(
            [
                *writes,
                Hand.remove(game.id, hand_no),
                *_state_writes(game, state),
                *notify_statement(game.id),
            ]
        )
    _committed(game, outcome)
    return game_view(game, hands), game
