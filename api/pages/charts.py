"""Pictures of a game: the score race, hand by hand, as SVG with a text table beside it.

The share page (/s/<token>) draws it on the server so it works without JavaScript; the phone
draws the same picture offline with pwa/js/charts.js. Both build the same *race* first (every
side's total after each hand, the sets, the winner and the scale), and both are tested
against the same golden games (tests/charts/score-race.json), so they plot the same points.
Standard library only; every name is escaped here, since the result is inserted as markup.
"""

from html import escape

# The drawing's own coordinates; the SVG scales to the width of the page (320 px and up).
WIDTH, HEIGHT = 320, 190

LEFT, RIGHT, TOP, BOTTOM = 34, 10, 16, 24

MAX_TICKS = 6  # horizontal grid lines at most, so labels never crowd at 320 px

MAX_HAND_LABELS = 8


def tick_step(span, most=MAX_TICKS):
    """The smallest of 1, 2, 5, 10, 20, 50... that cuts `span` into at most `most` steps."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span <= factor * step * most:
                return factor * step
        step *= 10


def score_race(target, scoring, start_totals, results, winner):
    """The race a game ran: every side's total before the first hand and after each hand,
    the hands where the bidders were set (hand number and bidding side), the hands that
    were reshuffled, the winner (or None), the target, the unit and the y scale (ticks,
    lowest first).

    `results` are the engine's hand results (dicts with `totals`, `outcome`,
    `bidding_side`), as rules.replay gives and the API caches; nothing is scored again, so
    the cost is one pass over the hands.
    """
    series = [[total] for total in start_totals]
    sets, reshuffles = [], []
    for number, result in enumerate(results, start=1):
        for side, total in enumerate(result["totals"]):
            series[side].append(total)
        if result.get("outcome") == "set" and result.get("bidding_side") is not None:
            sets.append({"hand": number, "side": result["bidding_side"]})
        elif result.get("outcome") == "reshuffle":
            reshuffles.append(number)
    values = [value for line in series for value in line]
    low, high = min([0, *values]), max([target, *values])
    step = tick_step(high - low)
    bottom, top = (low // step) * step, -(-high // step) * step
    return {
        "target": target,
        "unit": "marks" if scoring == "marks" else "points",
        "series": series,
        "sets": sets,
        "reshuffles": reshuffles,
        "winner": winner,
        "ticks": list(range(bottom, top + step, step)),
    }


def race_rows(race, names):
    """The table beside the chart: a header, then [hand, total per side..., note] per row.

    The first row is the score before the first hand ("Carried over" when it came from
    paper); the note says who was set, that all passed (a reshuffle), and who won.
    """
    series = race["series"]
    hands = len(series[0]) - 1
    sets = {s["hand"]: s["side"] for s in race["sets"]}
    reshuffles = set(race["reshuffles"])
    start = "Carried over" if any(line[0] for line in series) else "Start"
    rows = [[start, *(str(line[0]) for line in series), ""]]
    for hand in range(1, hands + 1):
        notes = [f"{names[sets[hand]]} set"] if hand in sets else []
        if hand in reshuffles:
            notes.append("all passed, no score")
        if hand == hands and race["winner"] is not None:
            notes.append(f"{names[race['winner']]} won")
        rows.append([str(hand), *(str(line[hand]) for line in series), "; ".join(notes)])
    return {"head": ["Hand", *names, "Note"], "rows": rows}


def race_summary(race, names):
    """The chart's accessible name: the final score, the winner, the target, the sets."""
    series = race["series"]
    hands = len(series[0]) - 1
    score = ", ".join(f"{name} {line[-1]}" for name, line in zip(names, series, strict=True))
    words = [f"Score race: {score} after {hands} hand{'s' * (hands != 1)}."]
    if race["winner"] is not None:
        words.append(f"{names[race['winner']]} won.")
    words.append(f"{race['target']} {race['unit']} to win.")
    if race["sets"]:
        listed = ", ".join(str(s["hand"]) for s in race["sets"])
        words.append(f"Set in hand{'s' * (len(race['sets']) != 1)} {listed}.")
    return " ".join(words)


def _fmt(number):
    """A coordinate with one decimal, without a trailing ".0" (pwa/js/charts.js: fmt)."""
    text = f"{number:.1f}"
    return text[:-2] if text.endswith(".0") else text


def race_svg(race, names, id_prefix="race"):
    """The chart as an SVG string: grid and scale, the target line, one line per side (the
    winner's drawn thicker), a cross where the bidders were set, hand numbers below.

    Colours come from classes (share.css / app.css), never inline styles, so the page's
    CSP holds and dark mode follows the page.
    """
    ticks, series = race["ticks"], race["series"]
    hands = max(1, len(series[0]) - 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    low, high = ticks[0], ticks[-1]

    def x(i):
        return LEFT + i * plot_w / hands

    def y(v):
        return TOP + (high - v) * plot_h / (high - low)

    title = f"{id_prefix}-title"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="race-chart" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="{title}"><title id="{title}">'
        f"{escape(race_summary(race, names))}</title>"
    ]
    for tick in ticks:
        out.append(
            f'<line class="gridline" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_fmt(y(tick))}" '
            f'y2="{_fmt(y(tick))}"/><text class="tick" x="{LEFT - 4}" '
            f'y="{_fmt(y(tick) + 4)}" text-anchor="end">{tick}</text>'
        )
    every = tick_step(hands, MAX_HAND_LABELS)  # hand 5, 10, 15... in a long game
    for hand in range(every, len(series[0]), every):
        out.append(
            f'<text class="tick" x="{_fmt(x(hand))}" y="{HEIGHT - 8}" '
            f'text-anchor="middle">{hand}</text>'
        )
    target_y = _fmt(y(race["target"]))
    out.append(
        f'<line class="goal" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{target_y}" y2="{target_y}"/>'
    )
    # each hand's x and each total's y formatted once: a long game repeats its totals
    xs = [_fmt(x(i)) for i in range(len(series[0]))]
    ys = {v: _fmt(y(v)) for v in {v for line in series for v in line}}
    for side, line in enumerate(series):
        points = " ".join([f"{px},{ys[v]}" for px, v in zip(xs, line, strict=True)])
        won = " won" if side == race["winner"] else ""
        out.append(
            f'<polyline class="race-line s{side}{won}" data-side="{side}" points="{points}"/>'
        )
    for mark in race["sets"]:
        cx, cy = x(mark["hand"]), y(series[mark["side"]][mark["hand"]])
        out.append(
            f'<path class="set-mark s{mark["side"]}" data-hand="{mark["hand"]}" '
            f'd="M{_fmt(cx - 4)} {_fmt(cy - 4)}l8 8m0 -8l-8 8"/>'
        )
    # the target's words last, on top of the lines (its halo keeps it readable: share.css)
    out.append(
        f'<text class="goal-label" x="{WIDTH - RIGHT}" y="{_fmt(y(race["target"]) - 4)}" '
        f'text-anchor="end">{race["target"]} to win</text></svg>'
    )
    return "".join(out)


def race_legend(race, names):
    """One entry per side for the figure's caption: (side, name, final total, won?)."""
    return [
        {"side": side, "name": name, "total": line[-1], "won": side == race["winner"]}
        for side, (name, line) in enumerate(zip(names, race["series"], strict=True))
    ]


def share_figure(ruleset, view):
    """What share.html draws for a shared game's race (None before the first hand): the SVG
    (markup with every name escaped here, so the template inserts it as is), the legend, the
    table and its caption."""
    if not view["hands"]:
        return None
    names = [team["name"] for team in view["teams"]]
    start = view.get("start_totals") or [0] * len(names)
    race = score_race(
        ruleset.target,
        ruleset.scoring,
        start,
        [hand["result"] for hand in view["hands"]],
        view["winner"],
    )
    return {
        "svg": race_svg(race, names),
        "legend": race_legend(race, names),
        "sets": bool(race["sets"]),
        "table": race_rows(race, names),
        "caption": f"Score after each hand ({race['unit']})",
    }
