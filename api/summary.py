"""The /s/ page's content: score as tally marks (or points), the winner, hand by hand."""

# Seven marks are the seven strokes of "ALL" (A: 3, L: 2, L: 2), as on the phone's sheet
# (pwa/js/views/score-sheet.js); drawn as SVG paths because no common font has tally glyphs.
ALL_STROKES = (
    "M6 52 L22 4", "M22 4 L38 52", "M12 36 L32 36", "M58 4 L58 52", "M58 52 L84 52",
    "M104 4 L104 52", "M104 52 L130 52",
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


def count_label(body):
    """What the bidders took, as entered: points, nel-o tricks, or every side's points."""
    result = body.get("result") or {}
    if "captured" in result:
        return str(result["captured"])
    if "tricks" in result:
        return f"{result['tricks']} tricks"
    if "by_side" in result:
        return " / ".join(str(p) for p in result["by_side"])
    return "–"


def seat_names(game, ruleset):
    """A display name per seat: the player's name if given, else "Seat n"."""
    names = [f"Seat {seat + 1}" for seat in range(ruleset.players)]
    for side, team in enumerate(game.teams):
        seats = [s for s, sd in enumerate(ruleset.sides) if sd == side]
        for seat, player in zip(seats, team.get("players", []), strict=False):
            names[seat] = player
    return names


def hand_rows(view, seat_names, team_names, ruleset):
    """One row per hand: number, bidder, bid, count, made/set, award."""
    rows = []
    for hand in view["hands"]:
        result = hand["result"]
        bidder = result.get("bidder")
        awarded = [(team_names[i], a) for i, a in enumerate(result.get("awarded", [])) if a]
        rows.append({
            "hand_no": hand["hand_no"],
            "bidder": "–" if bidder is None else seat_names[bidder],
            "bid": bid_label(result.get("bid"), ruleset),
            "count": count_label(hand["hand"]),
            "outcome": result.get("outcome", ""),
            "award": ", ".join(f"{name} +{a}" if a > 0 else f"{name} {a}" for name, a in awarded)
            or "–",
        })
    return rows


def build(game, ruleset, view):
    """Everything share.html shows (names are escaped by the template, never here)."""
    team_names = [team["name"] for team in view["teams"]]
    marks = ruleset.scoring == "marks"
    scores = [
        {"team": name, "total": total, "tally": tally(total) if marks else None}
        for name, total in zip(team_names, view["totals"], strict=False)
    ]
    winner = view["winner"]
    headline = " – ".join(f"{s['team']} {s['total']}" for s in scores)
    return {
        "title": f"{headline} · Tally 42",
        "headline": headline,
        "scores": scores,
        "unit": "marks" if marks else "points",
        "target": ruleset.target,
        "ruleset_name": ruleset.name,
        "live": not view["game_over"],
        "winner": None if winner is None else team_names[winner],
        "rows": hand_rows(view, seat_names(game, ruleset), team_names, ruleset),
    }
