"""The /s/ page's content: big totals with tally marks (or points and what is left to go),
who shakes next, who won and why, and hand by hand from the carried-over score."""

from rules.words import end_words

# Seven marks are the seven strokes of "ALL" (A: 3, L: 2, L: 2), as on the phone's sheet
# (pwa/js/views/score-sheet.js); drawn as SVG paths because no common font has tally glyphs.
ALL_STROKES = (
    "M6 52 L22 4",
    "M22 4 L38 52",
    "M12 36 L32 36",
    "M58 4 L58 52",
    "M58 52 L84 52",
    "M104 4 L104 52",
    "M104 52 L130 52",
)

MAX_TALLY = 35  # five full "ALL"s; beyond this, digits read better than strokes


def tally(n):
    """The strokes for `n` marks, in words of "ALL" (a list of path lists), or None when
    digits read better (negative or more than MAX_TALLY)."""
    if not 0 <= n <= MAX_TALLY:
        return None
    full, rest = divmod(n, len(ALL_STROKES))
    return [list(ALL_STROKES)] * full + ([list(ALL_STROKES[:rest])] if rest else [])


def bid_label(bid, ruleset):
    """A bid in words: "31", "2 marks", "Nel-o (1 mark, doubles high)", "Plunge (4 marks)"."""
    if bid is None:
        return "all passed"
    if isinstance(bid, dict):
        marks = bid.get("marks", 1)
        name = {"nello": "Nel-o"}.get(bid.get("contract"), str(bid.get("contract", "")).title())
        extra = f", doubles {bid['doubles'].replace('_', ' ')}" if bid.get("doubles") else ""
        return f"{name} ({marks} mark{'s' * (marks != 1)}{extra})"
    mark = ruleset.mark_value
    if bid >= mark and bid % mark == 0:
        marks = bid // mark
        return f"{marks} mark{'s' * (marks != 1)}"
    return str(bid)


def is_all_tricks(bid, ruleset):
    """Whether a bid needs every trick (mark bids and contracts) rather than a count."""
    return not isinstance(bid, int) or bid >= ruleset.mark_value


def count_label(body, bid, ruleset):
    """What the bidders took, in a player's words: "took 30", "all tricks", "lost a trick",
    "no tricks", "1 trick", or every side's points ("5 / 1 / 1")."""
    result = body.get("result") or {}
    if not result and any(p.get("kind") == "renege" for p in body.get("penalties") or []):
        return "renege"
    if "tricks" in result:
        tricks = result["tricks"]
        return "no tricks" if tricks == 0 else f"{tricks} trick{'s' * (tricks != 1)}"
    if result.get("declared") == "set" and is_all_tricks(bid, ruleset):
        return "lost a trick"
    if result.get("declared") == "made" and is_all_tricks(bid, ruleset):
        return "all tricks"
    if "captured" in result:
        if result["captured"] == ruleset.points_per_hand and is_all_tricks(bid, ruleset):
            return "all tricks"
        return f"took {result['captured']}"
    if "by_side" in result:
        return " / ".join(str(p) for p in result["by_side"])
    return result.get("declared") or "–"


# The phone names seats by where they sit when nobody types a name; a reader of the link
# does not sit there, so those words give way to the team's name.
SEAT_WORDS = frozenset({"You", "Left", "Partner", "Right"})


def seat_names(game, ruleset):
    """A display name per seat for a reader of the link: "Ann (Rangers)" for a named player,
    the team's name for a seat the phone only knows by its place at the table."""
    teams = game.teams or []
    names = []
    for seat in range(ruleset.players):
        side = ruleset.sides[seat]
        team = teams[side] if side < len(teams) else {}
        team_name = team.get("name") or f"Team {side + 1}"
        index = [s for s, sd in enumerate(ruleset.sides) if sd == side].index(seat)
        players = team.get("players") or []
        player = players[index] if index < len(players) else ""
        seat_word = player in SEAT_WORDS or player.startswith("Seat ") or player == team_name
        names.append(team_name if not player or seat_word else f"{player} ({team_name})")
    return names


def plural_side(ruleset, side):
    """Whether a side reads as plural (a team) or singular (one player)."""
    return ruleset.sides.count(side) > 1


def end_sentence(state, ruleset, team_names, hands):
    """Why a finished game ended, as the phone says it: the table of rules/words.py, which
    pwa/js/words.js keeps string for string (endSentence)."""
    winner = state.get("winner")
    if not state.get("game_over") or winner is None:
        return None
    reason = state.get("end_reason")
    if reason is None:  # a game row cached before the engine recorded why: read the totals
        if not hands:
            reason = "paper_score"
        elif state["totals"][winner] >= ruleset.target or not ruleset.max_hands:
            reason = "target"
        else:
            reason = "hand_limit"
    unit = "points" if ruleset.scoring == "points" else "marks"
    return end_words(
        reason,
        "past",
        team_names[winner],
        plural_side(ruleset, winner),
        f"{ruleset.target} {unit}",
        ruleset.max_hands,
        len(set(ruleset.sides)),
    )


def match_lines(match, team_names, game_over, game_winner):
    """(the winner line's ending, the match line) for a game of a match; (None, None) for a
    casual game. The match line: "Match, first to 2 games: Rangers 1, Aggies 0. This is
    game 2." while it goes on, "Aggies took the match 2–0." once decided (as the phone's
    game-over screen says it), or the director's word on a tournament match it settled
    (`settled`: "Owls forfeited the match: Rangers goes on."). Else, as the phone's
    game-over screen says it). The game that decided it says so on its winner line: "Aggies
    won the game and the match." The score is the one derived from the match's games."""
    if not match:
        return None, None
    if match.get("settled"):  # the director's word (a forfeit, a no-show, a correction)
        return None, match["settled"]
    a, b = match["score"]
    if match["decided"]:
        winner = team_names[match["winner"]]
        line = f"{winner} took the match {max(a, b)}–{min(a, b)}."
        deciding = game_over and game_winner == match["winner"] and match["game_no"] == a + b
        return (" the game and the match" if deciding else None), line
    tense = "was" if game_over else "is"
    line = (
        f"Match, first to {match['first_to']} games: {team_names[0]} {a}, "
        f"{team_names[1]} {b}. This {tense} game {match['game_no']}."
    )
    return None, line


def score_line(totals):
    """ "3 – 2": every side's running score, in the order of the score boxes above."""
    return " – ".join(str(total) for total in totals)


def hand_rows(view, seat_names, team_names, ruleset):
    """The carried-over score first (so the history adds up), then one row per hand: number,
    bidder and bid, what they took, made or set and the award, the running score."""
    rows = []
    if view.get("start_totals") and any(view["start_totals"]):
        rows.append(
            {
                "hand_no": "",
                "bid": "Carried over from paper",
                "count": "",
                "outcome": "carried",
                "result": "",
                "award": "",
                "score": score_line(view["start_totals"]),
            }
        )
    for hand in view["hands"]:
        result = hand["result"]
        bidder = result.get("bidder")
        bid = result.get("bid")
        awarded = [(team_names[i], a) for i, a in enumerate(result.get("awarded", [])) if a]
        outcome = result.get("outcome", "")
        rows.append(
            {
                "hand_no": hand["hand_no"],
                "bid": "all passed"
                if bidder is None
                else f"{seat_names[bidder]}, {bid_label(bid, ruleset)}",
                "count": "" if bidder is None else count_label(hand["hand"], bid, ruleset),
                "outcome": outcome,
                "result": "reshuffled" if outcome == "reshuffle" else outcome,
                "award": ", ".join(
                    f"{name} +{a}" if a > 0 else f"{name} {a}" for name, a in awarded
                )
                or "no score",
                "score": score_line(result.get("totals", [])),
            }
        )
    return rows


def verb(seats, ruleset, seat, word):
    """ "shakes" for one named player, "shake" for a team named in a seat's place."""
    one = ruleset.sides.count(ruleset.sides[seat]) == 1 or seats[seat].endswith(")")
    return f"{word}s" if one else word


def build(game, ruleset, view):
    """Everything share.html shows (names are escaped by the template, never here)."""
    team_names = [team["name"] for team in view["teams"]]
    marks = ruleset.scoring == "marks"
    unit = "marks" if marks else "points"
    scores = [
        {
            "team": name,
            "total": total,
            "tally": tally(total) if marks else None,
            "to_go": None if marks or view["game_over"] else max(0, ruleset.target - total),
            "words": f"{total} {'mark' if marks and total == 1 else unit}",
        }
        for name, total in zip(team_names, view["totals"], strict=False)
    ]
    winner = view["winner"]
    headline = " – ".join(f"{s['team']} {s['total']}" for s in scores)
    seats = seat_names(game, ruleset)
    state = {**(game.state or {}), **{k: view[k] for k in ("totals", "game_over", "winner")}}
    next_turn = None
    if not view["game_over"]:
        dealer = view["next_dealer"]
        first = (dealer + 1) % ruleset.players
        next_turn = (
            f"Hand {view['next_hand_no']}: {seats[dealer]} "
            f"{verb(seats, ruleset, dealer, 'shake')}; "
            f"{seats[first]} {verb(seats, ruleset, first, 'bid')} first."
        )
    won_also, match_line = match_lines(view.get("match"), team_names, view["game_over"], winner)
    return {
        "title": f"{headline} · Tally 42",
        "headline": headline,
        "score_head": "Score",
        "scores": scores,
        "unit": unit,
        "target": ruleset.target,
        "ruleset_name": ruleset.name,
        # "Straight 42, to 7 marks"; "42 for 250 points" already says its target
        "rules_line": ruleset.name
        if str(ruleset.target) in ruleset.name
        else f"{ruleset.name}, to {ruleset.target} {unit}",
        "live": not view["game_over"],
        "winner": None if winner is None else team_names[winner],
        "winner_line": None if winner is None else f"{team_names[winner]} won{won_also or ''}.",
        "match_line": match_line,
        "why": end_sentence(state, ruleset, team_names, view["hands"]),
        "next_turn": next_turn,
        "rows": hand_rows(view, seats, team_names, ruleset),
    }
