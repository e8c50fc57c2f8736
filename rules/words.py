"""Values in a table's words for error messages (bids, seats, trumps and bad inputs), and
why a game ended.

Messages are read by a person at the table (docs/rules.md): no field paths, knob names or
Python reprs. Programs read the stable `code` and the developer's `field` instead.
"""

import re

CONTRACT_WORDS = {
    "nello": "nel-o",
    "plunge": "plunge",
    "splash": "splash",
    "sevens": "sevens",
    "dip": "dip",
    "dive": "dive",
}
DOUBLES_WORDS = {"high": "doubles high", "low": "doubles low", "own_suit": "doubles their own suit"}
TRUMP_WORDS = {
    "doubles": "doubles",
    "follow_me": "follow-me",
    "none": "no trump",
    "sevens": "sevens",
}


def plural(count, word):
    """'1 mark', '2 marks'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def seat_words(seat):
    """A seat as the table counts it, from 1: 'seat 1' is the first seat (index 0)."""
    return f"seat {seat + 1}"


def said(value):
    """A bad input value quoted for a person: text in quotes, a number as it is, else 'that'."""
    if isinstance(value, bool):
        return "\u201ctrue\u201d" if value else "\u201cfalse\u201d"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return f"\u201c{value[:40]}\u201d"
    return "that"


def bid_words(rs, bid):
    """A checked Bid in words: '30', '2 marks (84)', 'a 4-mark plunge', 'nel-o for 1 mark'."""
    if bid.kind == "points":
        return str(bid.value)
    if bid.kind == "marks":
        return f"{plural(bid.marks, 'mark')} ({bid.value})"
    name = CONTRACT_WORDS[bid.kind]
    if bid.kind == "nello":
        return f"nel-o for {plural(bid.marks, 'mark')}, {DOUBLES_WORDS[bid.doubles]}"
    return f"a {bid.marks}-mark {name}"


def trump_words(trump):
    """A trump in words: '5s', 'doubles', 'follow-me', else the value quoted."""
    if isinstance(trump, int) and not isinstance(trump, bool):
        return f"{trump}s"
    if isinstance(trump, str) and trump in TRUMP_WORDS:
        return TRUMP_WORDS[trump]
    return said(trump)


def choices(words):
    """'a, b or c'."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


# The ruleset settings in words, for BAD_OVERRIDE messages.
KNOB_WORDS = {
    "id": "the ruleset's id",
    "name": "the ruleset's name",
    "description": "the ruleset's description",
    "players": "the number of players",
    "sides": "the seating of the teams",
    "tricks": "the number of tricks",
    "trick_value": "the value of a trick",
    "count_tiles": "the count dominoes",
    "points_per_hand": "the points in a hand",
    "min_bid": "the lowest bid",
    "bid_step": "the step between point bids",
    "mark_value": "the one-mark bid",
    "max_point_bid": "the highest point bid",
    "scoring": "the scoring",
    "target": "the target",
    "max_hands": "the most hands in a game",
    "all_pass": "what happens when everyone passes",
    "opening_limit_marks": "the most marks an opening bid may have",
    "mark_escalation": "how far a mark bid may raise",
    "max_marks": "the most marks anyone may bid",
    "set_rule": "what a set costs",
    "bid_rounds": "how many times each player may bid",
    "nello": "nel-o",
    "nello_levels": "the marks nel-o is played for",
    "nello_marks": "the marks for nel-o",
    "nello_doubles": "how the doubles play in nel-o",
    "nello_dealer_only": "nel-o only for the forced dealer",
    "plunge": "the plunge",
    "plunge_marks": "the marks for a plunge",
    "plunge_doubles": "the doubles a plunge needs",
    "splash": "the splash",
    "splash_marks": "the marks for a splash",
    "splash_doubles": "the doubles a splash needs",
    "dip": "the dip",
    "dip_marks": "the marks for a dip",
    "dip_doubles": "the doubles a dip needs",
    "dive": "the dive",
    "dive_marks": "the marks for a dive",
    "dive_doubles": "the doubles a dive needs",
    "sevens": "sevens",
    "follow_me": "follow-me",
    "doubles_trump": "doubles as trump",
    "top_suit": "the highest suit",
    "check_totals": "checking points against the tiles",
    "shoot_over": "shoot it over",
    "table_talk_warning_first": "a warning for first table talk",
    "both_past_target": "who wins when both sides pass the target",
}

# Input fields in words (the last part of a field path, without indexes).
FIELD_WORDS = {
    "dealer": "The dealer's seat",
    "first_dealer": "The first dealer's seat",
    "bidder": "The bidder's seat",
    "seat": "The seat",
    "scored_hands": "The hands played",
    "totals": "Each score",
    "start_totals": "Each starting score",
    "captured": "The points taken",
    "by_side": "Each side's points",
    "tricks": "The tricks taken",
    "bid": "The bid",
    "marks": "The marks of a bid",
    "doubles_held": "The doubles held",
    "side": "The side",
    "points_by_side": "Each side's points",
}


def field_words(field):
    """What an input field is, for a person: 'result.captured' -> 'The points taken'."""
    last = str(field).split(".")[-1].split("[")[0]
    if last.startswith("bids"):
        return "A bid in the auction"
    return FIELD_WORDS.get(last, "That value")


# The values of the ruleset's choices in words.
OPTION_WORDS = {
    "forced": "the dealer must bid",
    "reshuffle": "reshuffle",
    "plus_one": "one more mark each time",
    "double": "double the marks",
    "opponents_score": "the opponents score",
    "bidder_loses_bid": "the bidder loses the bid",
    "once": "once each",
    "until_pass": "round until all but one pass",
    "bidder_out": "the bidder who made it goes out",
    "higher_total": "the higher total wins",
    "high": "high",
    "low": "low",
    "own_suit": "their own suit",
    "marks": "marks",
    "points": "points",
}

# Why a game ended (the engine's `end_reason`), said two ways: "past" on the game-over screen
# and the share page, "now" in the hand that ends it ("Ends the game: Us reach 7 marks").
# pwa/js/words.js has the same table, string for string (tests/rules/test_end_words.py).
# {winner}, {goal} ("7 marks"), {hands} (the hand limit) and {all} ("both sides") are filled
# in; {reach|reaches} is the verb for a team (several players) or for one player.
END_WORDS = {
    "target": {
        "past": "{winner} reached {goal} first.",
        "now": "{winner} {reach|reaches} {goal}",
    },
    "bidder_out": {
        "past": "More than one side reached {goal} in the last hand; {winner} made the bid, "
        "and the bidders go out first.",
        "now": "{all} pass {goal}: the bidders made it, so {winner} {go|goes} out",
    },
    "higher_total": {
        "past": "More than one side reached {goal} in the last hand; {winner} {have|has} the "
        "higher score.",
        "now": "{all} pass {goal}: the higher total wins",
    },
    "hand_limit": {
        "past": "All {hands} hands are played; {winner} {were|was} ahead.",
        "now": "that was the last of {hands} hands",
    },
    "time": {
        "past": "Time was called; {winner} {were|was} ahead after the last hand.",
        "now": "time is called: {winner} {win|wins} on time",
    },
    "paper_score": {
        "past": "The score carried over from paper had already decided it: {winner} {win|wins}.",
        "now": "the score carried over already decides it",
    },
    "other": {"past": "{winner} {win|wins}.", "now": "{winner} {win|wins}"},
}


def end_words(reason, tense, winner, many, goal, hands, sides):
    """Why a game ended, from END_WORDS: `tense` "past" or "now"; `winner` the winning side's
    name (None: nobody, then "" for a sentence that needs the name); `many` whether it is a
    team; `goal` "7 marks"; `hands` the hand limit; `sides` how many sides play."""
    template = END_WORDS.get(reason, END_WORDS["other"])[tense]
    if winner is None and "{winner}" in template:
        return ""
    values = {
        "winner": winner,
        "goal": goal,
        "hands": str(hands),
        "all": "both sides" if sides == 2 else "more than one side",
    }

    def fill(found):  # one pass: a name holding "{goal}" is not filled in again
        plural, singular = found.group(1), found.group(2)
        if singular is not None:
            return plural if many else singular
        return values[plural]

    return _SLOT.sub(fill, template)


_SLOT = re.compile(r"\{(\w+)(?:\|(\w+))?\}")
