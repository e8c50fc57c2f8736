"""Tally 42's rules engine: rulesets, bids, hand scoring and games (standard library only)."""

from .auction import legal_bids as _legal_bids
from .auction import winnable_bids as _winnable_bids
from .clock import TimeCall, time_call, time_status
from .count import count_points
from .errors import (
    AuctionError,
    BadInputError,
    ContractError,
    GameFlowError,
    InvalidBidError,
    PenaltyError,
    ResultError,
    RulesError,
    RulesetError,
)
from .game import GameState, replay
from .hand import HandResult, score_hand
from .presets import PRESETS, get_ruleset
from .rulesets import Ruleset
from .scoring import check_ruleset, hand_decided


def legal_bids(ruleset, auction, dealer):
    """The bids the next player may make after `auction` ("pass" first when allowed).

    Returns canonical bid encodings, [] once the auction is over; raises RulesError when
    the auction so far is illegal.
    """
    check_ruleset(ruleset)
    return _legal_bids(ruleset, auction, dealer)


def winnable_bids(ruleset, dealer, seat):
    """The bids `seat` could win the auction with, in some legal auction dealt by `dealer`.

    Canonical encodings: point bids ascending, then mark bids ascending, then contracts.
    Built from the same test `legal_bids` uses, so an offered bid is always allowed at
    some turn of `seat`. Raises RulesError for a bad ruleset, dealer or seat.
    """
    check_ruleset(ruleset)
    return _winnable_bids(ruleset, dealer, seat)


__all__ = [
    "PRESETS",
    "AuctionError",
    "BadInputError",
    "ContractError",
    "GameFlowError",
    "GameState",
    "HandResult",
    "InvalidBidError",
    "PenaltyError",
    "ResultError",
    "RulesError",
    "Ruleset",
    "RulesetError",
    "TimeCall",
    "count_points",
    "get_ruleset",
    "hand_decided",
    "legal_bids",
    "replay",
    "score_hand",
    "time_call",
    "time_status",
    "winnable_bids",
]
