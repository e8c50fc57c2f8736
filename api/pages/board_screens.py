"""The board's screens (docs/tournaments.md "The board"): a page model too big for one 16:9
screen is cut into screens that the board shows in turn, each of which fits, and each drawn
as big as its room allows.

Pure, like api/pages/board_view.py: it reads the page model only. Heights are estimated in `rem`
of api/static/board.css (1rem is 1/100 of a 16:9 screen's width, so the screen is 56.25rem
tall) by api/pages/board_measure.py, from the names each block shows (names wrap, never cut);
the estimates are checked against a real browser by tests/pwa/test_board_fit.py and
tests/pwa/test_board_screens.py (nothing clipped, nothing overlapping, every name whole, at
1920x1080 and 1280x720).

An event that fits stays one screen. A bigger one gets, in this order: the tables (denser
cards when that takes fewer screens); the round-robin standings in columns; each bracket's
rounds in play, cut into parts by position when they are too tall; the teams entered in
columns. Blocks that fit together share a screen.
"""

import math

from . import board_measure as measure

MAIN_REM = 50.0  # the main column's height under the header bar

GAP = 0.6  # between two blocks of the main column

SCALES = (
    2.0,
    1.9,
    1.8,
    1.7,
    1.6,
    1.5,
    1.4,
    1.3,
    1.2,
    1.1,
    1.0,
)  # a screen's type grows into its free room, up to 2x

MAX_COLUMNS = 6  # rounds shown side by side: six keep a name's box wide enough to read

FEWEST_COLUMNS = 3  # a tall bracket shows fewer rounds, wider, before it takes more parts

RR_COLUMNS = 3  # standings side by side on a screen

ENTERED_COLUMNS = (4, 5)  # names side by side: four as ever, five for a big field

DECIDED = ("played", "bye")


def block(kind, title, height, **payload):
    """One block of a screen's main column (its `height` at scale 1, set again with the
    screen's scale `k` once the screens are cut)."""
    return {"kind": kind, "title": title, "height": height, "k": 1.0, **payload}


def podium_block(page):
    places = page["podium"]
    return block("podium", "Final standings", measure.podium_height(places), places=places)


def whole_page_blocks(page):
    """The page as one screen shows it, as blocks."""
    blocks = []
    if page["podium"]:
        blocks.append(podium_block(page))
    if page["tables"] and not page["finished"]:
        cards = page["tables"]
        height = measure.tables_height(cards, False)
        blocks.append(block("tables", "Tables", height, cards=cards, dense=False))
    if page["round_robin"]:
        cols = [page["round_robin"]]
        height = measure.rr_height(cols, False)
        blocks.append(block("rr", "Round robin", height, columns=cols, ranked=False))
    for s in page["sections"]:
        blocks.append(
            block(
                "section",
                s["title"],
                measure.section_height(s["rounds"], 1.0, s["title"]),
                section=s,
            )
        )
    if page["entered"]:
        names = page["entered"]
        height = measure.entered_height(names, 4)
        blocks.append(block("entered", "Teams entered", height, names=names, cols=4))
    return blocks


def chunks(items, count):
    """`items` cut into `count` runs of nearly equal length, in order."""
    size = math.ceil(len(items) / count)
    return [items[i : i + size] for i in range(0, len(items), size)]


def fitting_runs(items, fits):
    """`items` cut into the fewest runs of nearly equal length for which `fits(run)` holds of
    every run (one item a run at worst)."""
    for count in range(1, len(items) + 1):
        runs = chunks(items, count)
        if all(fits(run) for run in runs):
            return runs
    return [[item] for item in items]


def table_blocks(cards):
    """The tables: normal cards, or dense ones (five a row) when that takes fewer screens,
    over as many screens as the names need (titled "Tables 1-20", "Tables 21-40")."""
    layouts = []
    for dense in (False, True):
        runs = fitting_runs(cards, lambda run, d=dense: measure.tables_height(run, d) <= MAIN_REM)
        layouts.append((len(runs), dense, runs))
    _count, dense, runs = min(layouts, key=lambda layout: layout[0])
    out = []
    for i, run in enumerate(runs):
        title = "Tables"
        if len(runs) > 1:
            title = f"Tables {run[0]['table']}–{run[-1]['table']}"
        height = measure.tables_height(run, dense)
        out.append(block("tables", title, height, cards=run, dense=dense, part=i + 1))
    return out


def rr_blocks(rows):
    """The standings ranked, in two or three columns a screen (whichever takes fewer
    screens), over as many screens as need."""
    ranked = [{**row, "rank": n + 1} for n, row in enumerate(rows)]
    best = None
    for columns in (RR_COLUMNS, 2):

        def fits(run, columns=columns):
            cols = chunks(run, min(columns, len(run)))
            return measure.rr_height(cols, True) <= MAIN_REM

        runs = fitting_runs(ranked, fits)
        if best is None or len(runs) < len(best[1]):
            best = (columns, runs)
    columns, runs = best
    out = []
    for i, run in enumerate(runs):
        title = "Round robin" + (f" · part {i + 1} of {len(runs)}" if len(runs) > 1 else "")
        cols = chunks(run, min(columns, len(run)))
        height = measure.rr_height(cols, True)
        out.append(block("rr", title, height, columns=cols, ranked=True, part=i + 1))
    return out


def entered_blocks(names):
    """The teams entered in four or five columns, over as many screens as need."""
    few, many = ENTERED_COLUMNS
    cols = few if measure.entered_height(names, few) <= MAIN_REM else many
    runs = fitting_runs(names, lambda run: measure.entered_height(run, cols) <= MAIN_REM)
    out = []
    for i, run in enumerate(runs):
        title = "Teams entered" + (f" · part {i + 1} of {len(runs)}" if len(runs) > 1 else "")
        height = measure.entered_height(run, cols)
        out.append(block("entered", title, height, names=run, cols=cols, part=i + 1))
    return out


def first_open(rounds):
    """The index of the earliest round with a match still to be decided (None: all are)."""
    return next(
        (i for i, r in enumerate(rounds) if any(m["status"] not in DECIDED for m in r["matches"])),
        None,
    )


def rounds_in_play(rounds, columns=MAX_COLUMNS):
    """The rounds worth a hall's look: from the earliest round with a match still to be
    decided, at most `columns` of them (the last `columns` once all is decided)."""
    first = first_open(rounds)
    if first is None:
        first = max(0, len(rounds) - columns)
    return rounds[first : first + columns]


def part_of(index, count, parts):
    """Which part (0-based) the `index`-th of a round's `count` matches falls in."""
    return index * parts // count


def cut_section(section, parts):
    """`section` cut into `parts` sub-brackets by position: part i takes the i-th `parts`-th
    of every round's matches, so it holds what its first round's matches feed."""
    out = []
    for i in range(parts):
        rounds = []
        for r in section["rounds"]:
            n = len(r["matches"])
            mine = [m for j, m in enumerate(r["matches"]) if part_of(j, n, parts) == i]
            if mine:
                rounds.append({**r, "matches": mine})
        if not rounds:
            continue
        # a part whose first rounds are all decided starts at its own round in play
        rounds = rounds[first_open(rounds) or 0 :]
        title = section["title"] + (f" · part {i + 1} of {parts}" if parts > 1 else "")
        tall = max(len(r["matches"]) for r in rounds)
        out.append({**section, "title": title, "rounds": rounds, "tall": tall, "part": i + 1})
    return out


def section_cut(section):
    """A bracket's rounds in play cut into the fewest parts by position that each fit a
    screen, showing fewer rounds side by side (wider, so names take fewer lines) down to
    FEWEST_COLUMNS before taking more parts."""
    most = max(len(r["matches"]) for r in section["rounds"])
    parts = 1
    while True:
        # a part's tallest round holds at least this many boxes, each of two lines at least
        if parts < most and most / parts * measure.LEAST_BOX > MAIN_REM:
            parts *= 2
            continue
        for columns in range(MAX_COLUMNS, FEWEST_COLUMNS - 1, -1):
            shown = {**section, "rounds": rounds_in_play(section["rounds"], columns)}
            cut = cut_section(shown, parts)
            if all(measure.section_height(s["rounds"], 1.0, s["title"]) <= MAIN_REM for s in cut):
                return cut
        if parts >= most:
            return cut  # one match a round a part: more parts would not help
        parts *= 2


def section_blocks(section):
    """A bracket's rounds in play, in as few parts as fit."""
    return [
        block(
            "section", s["title"], measure.section_height(s["rounds"], 1.0, s["title"]), section=s
        )
        for s in section_cut(section)
    ]


def pack(blocks):
    """Blocks onto screens in order, a new screen whenever the next block would not fit."""
    screens = []
    used = 0.0
    for b in blocks:
        if screens and used + GAP + b["height"] <= MAIN_REM:
            screens[-1].append(b)
            used += GAP + b["height"]
        else:
            screens.append([b])
            used = b["height"]
    return screens


def split_blocks(page):
    """The page's blocks for a board of several screens."""
    blocks = []
    if page["podium"]:
        blocks.append(podium_block(page))
    if page["tables"] and not page["finished"]:
        blocks += table_blocks(page["tables"])
    if page["round_robin"]:
        blocks += rr_blocks(page["round_robin"])
    for s in page["sections"]:
        blocks += section_blocks(s)
    if page["entered"]:
        blocks += entered_blocks(page["entered"])
    return blocks


def named(blocks):
    """Each block's `name`, the data-part board-live.js swaps it by: "tables", "bracket-W",
    and with a part number when a block is one of several ("bracket-W-2", "tables-2")."""
    for b in blocks:
        base = f"bracket-{b['section']['key']}" if b["kind"] == "section" else b["kind"]
        part = b["section"].get("part") if b["kind"] == "section" else b.get("part")
        b["name"] = f"{base}-{part}" if part and part > 1 else base
    return blocks


def used(blocks, scales, memo=None):
    """The main column's height that `blocks` take, each at its scale, with the gaps
    (`memo`: heights already measured, by block index and scale)."""
    memo = {} if memo is None else memo
    total = GAP * max(0, len(blocks) - 1)
    for i, (b, k) in enumerate(zip(blocks, scales, strict=True)):
        if (i, k) not in memo:
            memo[i, k] = measure.height(b, k)
        total += memo[i, k]
    return total


def scaled(blocks):
    """`blocks` as big as the screen's room allows: all at the biggest scale (SCALES) at
    which they fit together, then each in turn (the tables first, as they come) bigger
    still while the room lasts. Sets each block's `k` and its `height` there. From the
    biggest down: a height is not monotonic in k (fewer, wider cards a row)."""
    n = len(blocks)
    memo = {}
    k = next((k for k in SCALES if used(blocks, [k] * n, memo) <= MAIN_REM), 1.0)
    scales = [k] * n
    for i in range(n):
        for bigger in (s for s in SCALES if s > k):
            trial = scales[:i] + [bigger] + scales[i + 1 :]
            if used(blocks, trial, memo) <= MAIN_REM:
                scales = trial
                break
    for i, (b, k) in enumerate(zip(blocks, scales, strict=True)):
        b["k"] = k
        b["height"] = memo[i, k] if (i, k) in memo else measure.height(b, k)
        if b["kind"] == "section":  # a team's short name where its full name would wrap
            measure.pick_short_names(b["section"], k)
    return blocks


def screens(page):
    """The page's screens: [{title, blocks}], one screen (titled "") when all fits; each
    screen's type as big as its room allows."""
    whole = whole_page_blocks(page)
    if used(whole, [1.0] * len(whole)) <= MAIN_REM:
        return [{"title": "", "blocks": scaled(named(whole))}]
    packed = pack(named(split_blocks(page)))
    if len(packed) == 1:
        return [{"title": "", "blocks": scaled(packed[0])}]
    return [{"title": " and ".join(b["title"] for b in bs), "blocks": scaled(bs)} for bs in packed]


def screen_number(asked, count):
    """The screen to show for the query's `screen` (text or None): 1 unless it names one of
    the `count` screens (a garbage or out-of-range value is no error on a public page)."""
    try:
        number = int(asked)
    except (TypeError, ValueError):
        return 1
    return number if 1 <= number <= count else 1
