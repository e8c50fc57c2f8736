"""One name for one match, in words (docs/tournaments.md "Naming a match"): the same on the
board, the director's phone and the table's phone, which read it from the event's views.

"W1.3" is the short code: the bracket's letter (W winners', L losers', G grand final,
P championship, R round robin), the round, the match in its round. It is shown only where
space forces it (a bracket's match box, "winner of W1.3"), and explained there.
"""

import re

CODE = re.compile(r"^([A-Z])(\d+)(?:\.(\d+))?$")

BRACKET_WORDS = {"W": "Winners'", "L": "Losers'", "P": "Championship"}

FROM_END = {0: "Final", 1: "Semifinal", 2: "Quarterfinal"}

CODE_WORDS = {  # what a code means, said once on a screen that shows codes
    "single-elimination": "W1.3 is round 1, match 3",
    "double-elimination": "W1.3 is the winners' round 1, match 3; L2.1 the losers' round 2",
    "round-robin-playoff": "P1.2 is the championship's round 1, match 2",
}


def match_name(code, fmt, last):
    """The name of the match `code` ("W1.3") of an event of format `fmt`; `last` is each
    bracket's last round ({"W": 5, "L": 8}). "Final", "Semifinal 2", "Winners' round 1,
    match 3", "Losers' final", "Grand final", "Round 2, match 5" (a round robin)."""
    found = CODE.match(code)
    if not found:
        return code
    letter, number, no = found.group(1), int(found.group(2)), found.group(3)
    if letter == "G":
        return "Grand final" if number == 1 else "Grand final, deciding match"
    if letter in "RSD":  # a round robin's, a Swiss's or drawn rounds' round
        return f"Round {number}, match {no}"
    from_end = last.get(letter, number) - number
    cut = fmt in ("swiss", "drawn")  # their W matches are the championship after the rounds
    if letter == "P" or fmt == "single-elimination" or cut:
        if from_end in FROM_END:
            return FROM_END[from_end] + ("" if from_end == 0 else f" {no}")
        prefix = "Championship round" if letter == "P" or cut else "Round"
        return f"{prefix} {number}, match {no}"
    if from_end == 0:
        return f"{BRACKET_WORDS[letter]} final"
    return f"{BRACKET_WORDS[letter]} round {number}, match {no}"


def last_rounds(matches):
    """Each bracket's last round, from matches with `bracket` and `round`."""
    last = {}
    for m in matches:
        last[m["bracket"]] = max(last.get(m["bracket"], 0), m["round"])
    return last
