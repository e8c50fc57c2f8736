"""How tall the board's blocks are (docs/tournaments.md "The board"), estimated in `rem` of
api/static/board.css at a scale `k`: a block drawn at k is k times as big (its type, boxes
and gaps; `--u` in board.css), while the main column keeps its width, so a name that grows
may need another line. Names wrap (never an ellipsis), so a block's height depends on its
names: each is laid out in words of an average letter's width, on the generous side, and
tests/pwa/test_board_fit.py checks the estimates against a real browser.

Pure: it reads the blocks of api/pages/board_screens.py only.
"""

import functools
import math

MAIN_WIDTH = 71.8  # the main column: 100rem, less the side column, the gap and the padding

LETTER_EM = 0.6  # an average letter of the board's names (DejaVu Sans: 0.51 to 0.59)

BOLD_EM = 0.66  # of a winner's name, in bold (DejaVu Sans Bold: 0.58 to 0.66)

SPACE_EM = 0.32

SLACK_EM = 0.5  # kept free in every box: bold digits and capitals run wider than the average

WON = " ✓"  # after a winner's name (board.css .side.won .name::after)

HEADING = 1.8  # a block's h2 and its margin

CARD_MIN, CARD_GAP = 17.0, 0.6  # a table card's least width (board.css .cards), the gap

DENSE_PER_ROW, DENSE_GAP = 4, 0.4  # .cards.dense: many tables, four a row

BOX_GAP, ROUND_HEADING = 0.15, 1.1  # between a round's match boxes; a round's h3

TITLE_EM = 0.78  # a capital of the section's name, with its spacing

LEAST_BOX = 0.2 + 2 * 1.035 + BOX_GAP  # a match box of one line a side, and its gap

BRACKET_EDGE, ROUND_GAP = 1.64, 0.6  # the section's name up its left edge; between rounds

RR_ROW, RR_LINE = 0.38, 1.44  # a standings row's padding and border; one line of its type

NAME_LINE = 1.56  # a line among the teams entered

IDLE_LINE = 1.8  # "The bracket is drawn when ..."


def lines(text, width_em, letter=LETTER_EM):
    """How many lines `text` takes in a box `width_em` wide, wrapped at spaces (a word wider
    than the box breaks where it must: board.css `overflow-wrap: anywhere`). The width is
    taken to a twentieth of an em down, so the same name in the same box is laid out once."""
    return _lines(text, math.floor(width_em * 20) / 20, letter)


@functools.lru_cache(maxsize=16384)
def _lines(text, width_em, letter):
    width_em = max(width_em - SLACK_EM, letter)
    count, used = 0, None
    for word in text.split() or [""]:
        wide = len(word) * letter
        if used is not None and used + SPACE_EM + wide <= width_em:
            used += SPACE_EM + wide
            continue
        extra = max(1, math.ceil(wide / width_em))
        count += extra
        used = wide - (extra - 1) * width_em
    return count


def _name_lines(side, name, width_em):
    if side.get("won"):
        return lines(name + WON, width_em, BOLD_EM)
    return lines(name, width_em)


def name_lines(side, width_em):
    """The lines of one side's name (with the winner's tick)."""
    return _name_lines(side, side["name"], width_em)


def shown_name(side, width_em):
    """The name a bracket box `width_em` wide shows for a side: the team's own short name
    (`short`) where its full name would wrap onto more lines than the short one (docs/
    tournaments.md "Short names"), else the full name."""
    short = side.get("short")
    if short and _name_lines(side, short, width_em) < _name_lines(side, side["name"], width_em):
        return short
    return side["name"]


def cards_per_row(k):
    """How many normal table cards a row holds at scale `k` (CSS grid auto-fill)."""
    return max(1, int((MAIN_WIDTH + CARD_GAP * k) // ((CARD_MIN + CARD_GAP) * k)))


def card_height(card, width, k):
    """A normal table card `width` rem wide: the table's line, both names, the next match."""
    name_em = (width - 7.1 * k) / (1.45 * k)
    height = 1.0 * k + 1.8 * k
    if card["playing"]:
        height += 1.14 * k * lines(tag_words(card["playing"]), (width - 1.9 * k) / 0.95 / k)
        height += 1.74 * k * sum(name_lines(s, name_em) for s in card["playing"]["sides"])
    if card["next"]:
        height += 0.3 * k + 1.14 * k * lines(next_words(card["next"]), (width - 1.9 * k) / 0.95 / k)
    if card.get("clock"):  # the round clock's line (board_clock.py), 1.1 rem
        height += 0.2 * k + 1.25 * k * lines(card["clock"]["words"], (width - 1.9 * k) / 1.1 / k)
    return height


def dense_card_height(card, width):
    """A dense table card (scale 1): the table's number in a column of its own."""
    playing = card["playing"]
    name_em = (width - 6.8 - (2.0 if playing and playing["first_to"] > 1 else 0)) / 1.45
    height = 0.8 + 3.1
    if playing:
        height = 0.8 + max(3.1, 1.595 * sum(name_lines(s, name_em) for s in playing["sides"]))
    if card["next"]:
        height += 0.1 + 1.14 * lines(next_words(card["next"]), (width - 1.3) / 0.95)
    if card.get("clock"):  # the round clock's line (board_clock.py), 1.1 rem
        height += 0.1 + 1.25 * lines(card["clock"]["words"], (width - 1.3) / 1.1)
    return height


def tag_words(match):
    """A card's "Winners' round 1, match 3 · best of 3 · between games" (as board.html)."""
    return f"{match['name']} · {match['series']} · between games"


def next_words(match):
    """A card's "Next: A v B · ~10 min" (as board.html writes it)."""
    eta = f" · {match['eta_short']}" if match.get("eta_short") else ""
    return f"Next: {match['sides'][0]['name']} v {match['sides'][1]['name']}{eta}"


def rows_height(heights, per_row, gap):
    """A grid of items of `heights`, `per_row` a row: each row as tall as its tallest."""
    rows = [max(heights[i : i + per_row]) for i in range(0, len(heights), per_row)]
    return sum(rows) + gap * (len(rows) - 1)


def tables_height(cards, dense, k=1.0):
    """The tables block: its heading and its rows of cards."""
    if dense:
        width = (MAIN_WIDTH - (DENSE_PER_ROW - 1) * DENSE_GAP) / DENSE_PER_ROW
        heights = [dense_card_height(c, width) for c in cards]
        return HEADING + rows_height(heights, DENSE_PER_ROW, DENSE_GAP)
    per_row = cards_per_row(k)
    width = (MAIN_WIDTH - (per_row - 1) * CARD_GAP * k) / per_row
    heights = [card_height(c, width, k) for c in cards]
    return HEADING * k + rows_height(heights, per_row, CARD_GAP * k)


def box_name_em(match, width, k):
    """The width of a bracket box's names, in em of their type, in a box `width` rem wide."""
    games = any(s["games"] is not None for s in match["sides"])
    live = match["live"] and any(s["game"] is not None for s in match["sides"])
    # the box's edge and padding, its tag column, the gaps and the score columns (measured in
    # Chromium: about two rem more than their nominal widths)
    name_rem = width - (3.3 + 2.88 + 0.3 + (1.29 if games else 0) + (1.29 if live else 0)) * k
    return name_rem / (0.9 * k)


def box_height(match, width, k):
    """A bracket's match box `width` rem wide: its two sides, each name (full or short, as
    `shown_name` picks) on its lines."""
    name_em = box_name_em(match, width, k)
    said = lines(match["said"], name_em) if match.get("said") else 0  # .said, a name's type
    names = sum(_name_lines(s, shown_name(s, name_em), name_em) for s in match["sides"])
    return 0.2 * k + 1.035 * k * (said + names)


def pick_short_names(section, k):
    """Set each side's `shown` name in a bracket section drawn at scale `k` (the template
    prints it, and the full name as its title when they differ)."""
    for r, width in zip(section["rounds"], round_widths(section["rounds"], k), strict=True):
        for match in r["matches"]:
            name_em = box_name_em(match, width, k)
            for side in match["sides"]:
                side["shown"] = shown_name(side, name_em)


EMPTY_SHARE = 0.7  # a round with no team known yet takes this share of a named round's width


def round_widths(rounds, k):
    """The widths of `rounds` side by side (board.css `.round` flex-grow 1, `.round.empty`
    EMPTY_SHARE): a round with no team known yet gives the first rounds its width."""
    shares = [EMPTY_SHARE if r.get("empty") else 1.0 for r in rounds]
    free = MAIN_WIDTH - BRACKET_EDGE * k - ROUND_GAP * k * (len(rounds) - 1)
    return [free * share / sum(shares) for share in shares]


def title_length(title, k=1.0):
    """How long a section's name reads up its left edge (board.css `.bracket > h2`: capitals
    spaced .08em, .95rem): a short section is at least that tall."""
    return len(title) * TITLE_EM * 0.95 * k


def section_height(rounds, k=1.0, title=""):
    """A bracket section: as tall as its tallest round (its h3 and its boxes), or as its
    name up its edge."""
    tallest = 0.0
    for r, width in zip(rounds, round_widths(rounds, k), strict=True):
        boxes = [box_height(m, width, k) for m in r["matches"]]
        tallest = max(tallest, sum(boxes) + BOX_GAP * k * (len(boxes) - 1))
    return max(ROUND_HEADING * k + tallest, title_length(title, k))


def rr_name_em(columns, ranked, k):
    """The width of a standings table's name column, in em of its type."""
    table = (MAIN_WIDTH - 1.5 * k * (columns - 1)) / columns
    numbers = (2.6 + 3.6 * 2 + 5.4) * k if ranked else 14.0 * k
    return (table - numbers - 0.6 * k) / (1.2 * k)


def rr_row_height(row, name_em, k):
    """One row of the standings."""
    return (RR_ROW + RR_LINE * lines(row["team"], name_em)) * k


def rr_height(columns, ranked, k=1.0):
    """Standings in `columns` tables side by side: the tallest, with its head row."""
    name_em = rr_name_em(len(columns), ranked, k)
    tallest = max(sum(rr_row_height(r, name_em, k) for r in col) for col in columns)
    return HEADING * k + (RR_ROW + RR_LINE) * k + tallest


def entered_height(names, cols, k=1.0):
    """The teams entered in `cols` columns (one line's slack: a column breaks between names)."""
    width = (MAIN_WIDTH - 1.3 * k * (cols - 1)) / cols
    total = sum(lines(n, width / (1.3 * k)) for n in names)
    return (HEADING + NAME_LINE * (math.ceil(total / cols) + 1) + IDLE_LINE) * k


def podium_height(places, k=1.0):
    """The final standings: a box a place side by side, as tall as the tallest (its label,
    and its teams' names in the place's type: 2.4rem for the winners, 1.8rem else)."""
    width = (MAIN_WIDTH - 1.0 * k * (max(1, len(places)) - 1)) / max(1, len(places)) - 2.4 * k
    tallest = 0.0
    for p in places:
        font = 2.4 if p["place"] == 1 else 1.8
        count = lines(" · ".join(p["teams"]), width / (font * k))
        tallest = max(tallest, 1.6 + 1.32 + 1.2 * font * count)
    return HEADING * k + tallest * k


def height(block, k):
    """`block`'s height at scale `k`."""
    kind = block["kind"]
    if kind == "tables" and block["dense"] and k > 1:
        return math.inf  # dense cards are for a screen full of tables: never bigger
    if kind == "tables":
        return tables_height(block["cards"], block["dense"], k)
    if kind == "section":
        return section_height(block["section"]["rounds"], k, block["section"]["title"])
    if kind == "rr":
        return rr_height(block["columns"], block["ranked"], k)
    if kind == "entered":
        return entered_height(block["names"], block["cols"], k)
    return podium_height(block["places"], k)
