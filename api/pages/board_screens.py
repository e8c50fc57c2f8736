"""The board's screens (docs/tournaments.md "The board"): a page model too big for one 16:9
screen is cut into screens that the board shows in turn, each of which fits.

Pure, like api/pages/board_view.py: it reads the page model only. Heights are estimated in `rem`
of api/static/board.css (1rem is 1/100 of a 16:9 screen's width, so the screen is 56.25rem
tall); the estimates are checked against a real browser by tests/pwa/test_board_screens.py
(nothing clipped, nothing overlapping, at 1920x1080 and 1280x720).

An event that fits today stays one screen. A bigger one gets, in this order: the tables
(denser cards when there are many, several screens past 40); the round-robin standings in
columns; each bracket's rounds in play, cut into parts by position when the first shown round
is too tall; the teams entered in columns. Blocks that fit together share a screen.
"""

import math

MAIN_REM = 50.0  # the main column's height under the header bar

GAP = 0.6  # between two blocks of the main column

HEADING = 1.8  # a block's h2 and its margin

CARD, CARD_GAP, CARDS_PER_ROW = 7.7, 0.6, 4  # a table card (board.css .card)

DENSE_CARD, DENSE_GAP, DENSE_PER_ROW = 5.1, 0.4, 5  # .cards.dense: one screen of 40

BOX, BOX_GAP, ROUND_HEADING = 2.27, 0.15, 1.1  # a bracket's match box, a round's h3

RR_ROW = 1.82  # a round-robin table's row (and its head)

NAME_ROW = 1.56  # a name among the teams entered

IDLE_LINE = 1.8  # "The bracket is drawn when ..."

SECTION_ALONE = 16  # match boxes one bracket part may stack on a screen of its own

MAX_COLUMNS = 6  # rounds shown side by side: six keep a name's box wide enough to read

RR_COLUMNS = 3  # standings side by side on a screen

ENTERED_COLUMNS = (4, 5)  # names side by side: four as ever, five for a big field

DECIDED = ("played", "bye")


def tables_height(count, dense=False):
    """The height of the tables block with `count` cards."""
    if dense:
        card, gap, per_row = DENSE_CARD, DENSE_GAP, DENSE_PER_ROW
    else:
        card, gap, per_row = CARD, CARD_GAP, CARDS_PER_ROW
    rows = math.ceil(count / per_row)
    return HEADING + rows * (card + gap) - gap


def section_height(tall):
    """The height of a bracket section whose tallest round has `tall` match boxes."""
    return ROUND_HEADING + tall * (BOX + BOX_GAP) - BOX_GAP


def rr_height(rows):
    """The height of a round-robin table of `rows` teams (its head row included)."""
    return HEADING + (rows + 1) * RR_ROW


def entered_height(count, columns):
    """The height of the teams entered, `count` names in `columns` columns."""
    return HEADING + math.ceil(count / columns) * NAME_ROW + IDLE_LINE


def podium_height():
    """The final standings' three boxes."""
    return HEADING + 5.0


def rows_that_fit(row, room):
    """How many rows of height `row` fit in `room` rem."""
    return max(1, int(room // row))


def block(kind, title, height, **payload):
    """One block of a screen's main column."""
    return {"kind": kind, "title": title, "height": height, **payload}


def whole_page_blocks(page):
    """The page as today's one screen shows it, as blocks."""
    blocks = []
    if page["podium"]:
        blocks.append(block("podium", "Final standings", podium_height()))
    if page["tables"] and not page["finished"]:
        height = tables_height(len(page["tables"]))
        blocks.append(block("tables", "Tables", height, cards=page["tables"], dense=False))
    if page["round_robin"]:
        rows = page["round_robin"]
        blocks.append(
            block("rr", "Round robin", rr_height(len(rows)), columns=[rows], ranked=False)
        )
    for s in page["sections"]:
        blocks.append(block("section", s["title"], section_height(s["tall"]), section=s))
    if page["entered"]:
        names = page["entered"]
        blocks.append(
            block("entered", "Teams entered", entered_height(len(names), 4), names=names, cols=4)
        )
    return blocks


def chunks(items, count):
    """`items` cut into `count` runs of nearly equal length, in order."""
    size = math.ceil(len(items) / count)
    return [items[i : i + size] for i in range(0, len(items), size)]


def table_blocks(cards):
    """The tables: one block of normal cards when they fit a screen, else dense cards, 40 a
    screen (titled "Tables 1-40", "Tables 41-50" when there are several)."""
    room = MAIN_REM - HEADING + CARD_GAP
    normal = rows_that_fit(CARD + CARD_GAP, room) * CARDS_PER_ROW
    if len(cards) <= normal:
        return [block("tables", "Tables", tables_height(len(cards)), cards=cards, dense=False)]
    dense = rows_that_fit(DENSE_CARD + DENSE_GAP, room + DENSE_GAP - CARD_GAP) * DENSE_PER_ROW
    runs = chunks(cards, math.ceil(len(cards) / dense))
    out = []
    for i, run in enumerate(runs):
        title = "Tables"
        if len(runs) > 1:
            title = f"Tables {run[0]['table']}–{run[-1]['table']}"
        height = tables_height(len(run), True)
        out.append(block("tables", title, height, cards=run, dense=True, part=i + 1))
    return out


def rr_blocks(rows):
    """The standings in up to three columns a screen, ranked, over as many screens as need."""
    per_column = rows_that_fit(RR_ROW, MAIN_REM - HEADING) - 1
    screens = math.ceil(len(rows) / (per_column * RR_COLUMNS))
    out = []
    start = 0
    for i, run in enumerate(chunks(rows, screens)):
        columns = math.ceil(len(run) / per_column)
        ranked = [{**row, "rank": start + n + 1} for n, row in enumerate(run)]
        start += len(run)
        title = "Round robin" + (f" · part {i + 1} of {screens}" if screens > 1 else "")
        cols = chunks(ranked, columns)
        height = rr_height(max(len(c) for c in cols))
        out.append(block("rr", title, height, columns=cols, ranked=True, part=i + 1))
    return out


def entered_blocks(names):
    """The teams entered in four or five columns, over as many screens as need."""
    room = MAIN_REM - HEADING - IDLE_LINE
    per_column = rows_that_fit(NAME_ROW, room)
    few, many = ENTERED_COLUMNS
    cols = few if len(names) <= few * per_column else many
    screens = math.ceil(len(names) / (cols * per_column))
    out = []
    for i, run in enumerate(chunks(names, screens)):
        title = "Teams entered" + (f" · part {i + 1} of {screens}" if screens > 1 else "")
        height = entered_height(len(run), cols)
        out.append(block("entered", title, height, names=run, cols=cols, part=i + 1))
    return out


def first_open(rounds):
    """The index of the earliest round with a match still to be decided (None: all are)."""
    return next(
        (i for i, r in enumerate(rounds) if any(m["status"] not in DECIDED for m in r["matches"])),
        None,
    )


def rounds_in_play(rounds):
    """The rounds worth a hall's look: from the earliest round with a match still to be
    decided, at most MAX_COLUMNS of them (the last MAX_COLUMNS once all is decided)."""
    first = first_open(rounds)
    if first is None:
        first = max(0, len(rounds) - MAX_COLUMNS)
    return rounds[first : first + MAX_COLUMNS]


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


def section_blocks(section):
    """A bracket's rounds in play, in as few parts as keep each within SECTION_ALONE boxes."""
    shown = {**section, "rounds": rounds_in_play(section["rounds"])}
    parts = 1
    while max(math.ceil(len(r["matches"]) / parts) for r in shown["rounds"]) > SECTION_ALONE:
        parts *= 2
    return [
        block("section", s["title"], section_height(s["tall"]), section=s)
        for s in cut_section(shown, parts)
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
        blocks.append(block("podium", "Final standings", podium_height()))
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


def screens(page):
    """The page's screens: [{title, blocks}], one screen (titled "") when all fits as today."""
    whole = whole_page_blocks(page)
    height = sum(b["height"] for b in whole) + GAP * max(0, len(whole) - 1)
    if height <= MAIN_REM:
        return [{"title": "", "blocks": named(whole)}]
    packed = pack(named(split_blocks(page)))
    if len(packed) == 1:
        return [{"title": "", "blocks": packed[0]}]
    return [{"title": " and ".join(b["title"] for b in bs), "blocks": bs} for bs in packed]


def screen_number(asked, count):
    """The screen to show for the query's `screen` (text or None): 1 unless it names one of
    the `count` screens (a garbage or out-of-range value is no error on a public page)."""
    try:
        number = int(asked)
    except (TypeError, ValueError):
        return 1
    return number if 1 <= number <= count else 1
