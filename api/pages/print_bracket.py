"""The paper kit's bracket sheet and table cards (docs/tournaments.md "The paper kit"): the
event's public view turned into pages a director prints and pins up when phones fail.

Pure, like the board's page model (api/pages/board_view.py, whose names, match cards and
bracket columns it reuses): it reads only the public JSON, so the paper never says anything
the board does not. The sheet lists every match round by round, each with its name, its
code, both sides (or where a side comes from) and a box for the games won, so a director can
go on by hand; the browser's print stylesheet (api/static/print.css) cuts it into pages.
"""

import datetime
from collections import defaultdict

from brackets import ROUNDS_FORMATS
from brackets.tournament import round_first_to

from .board_view import (
    FORMAT_WORDS,
    Names,
    bracket_sections,
    match_card,
    round_robin_table,
    series_line,
    series_words,
)
from .match_names import CODE, CODE_WORDS


def header(view):
    """What every sheet says at its top: the event, its date, format, field and series."""
    teams_in = [t for t in view["teams"] if not t.get("dropped")]
    parts = [FORMAT_WORDS.get(view["format"], view["format"]), f"{len(teams_in)} teams"]
    series = series_line(view["first_to"])
    if series:
        parts.append(series)
    return {
        "name": view["name"],
        "date": view.get("date"),
        "about": " · ".join(parts),
        "started": view["started_at"] is not None,
        "finished": view["finished"],
    }


def how_words(card):
    """A decided match's way of ending, in words on paper ("" for one played out)."""
    if card["status"] == "bye":
        return "bye"
    return {"forfeit": "by forfeit", "no-show": "by no-show", "correction": "corrected"}.get(
        card["how"] or "", ""
    )


def sheet_match(card, view):
    """A match card of the board with what paper adds: its series (known for every match, so
    a director can go on by hand), its way of ending and where it is."""
    where = ""
    if card["status"] == "playing" and card["table"]:
        where = f"at table {card['table']}"
    elif card["if_needed"]:
        where = "only if needed"
    elif card["status"] == "held":
        where = "held for the director"
    bracket, round_no = CODE.match(card["id"]).group(1, 2)
    rounds = view["rounds"] if view["format"] in ROUNDS_FORMATS else None
    first_to = round_first_to(view["first_to"], bracket, int(round_no), rounds)
    return {**card, "series": series_words(first_to), "how_words": how_words(card), "where": where}


def round_robin_rounds(view, cards):
    """A round robin's matches by round: [{title, matches}]."""
    rounds = defaultdict(list)
    for match in view["matches"]:
        if match["bracket"] == "R":
            rounds[match["round"]].append(sheet_match(cards[match["id"]], view))
    return [{"title": f"Round {n}", "matches": rounds[n]} for n in sorted(rounds)]


def bracket_sheet(view, now=None):
    """The bracket sheet's model: the header, every bracket's rounds of matches (the round
    robin's rounds and its table too), or before the start the teams entered."""
    now = now or datetime.datetime.now(datetime.UTC)
    names = Names(view)
    cards = {m["id"]: match_card(m, names, now) for m in view["matches"]}
    sections = []
    if view["format"].startswith("round-robin") and view["matches"]:
        sections.append(
            {"key": "R", "title": "Round robin", "rounds": round_robin_rounds(view, cards)}
        )
    for section in bracket_sections(view, cards):
        rounds = [
            {"title": r["title"], "matches": [sheet_match(m, view) for m in r["matches"]]}
            for r in section["rounds"]
        ]
        sections.append({"key": section["key"], "title": section["title"], "rounds": rounds})
    entered = sorted(
        (t for t in view["teams"] if not t.get("dropped")), key=lambda t: t["name"].casefold()
    )
    return {
        **header(view),
        "sections": sections,
        "round_robin": round_robin_table(view, names) if view.get("round_robin") else None,
        "code_words": CODE_WORDS.get(view["format"], ""),
        "entered": [] if view["matches"] else entered,
    }


def table_cards(view):
    """One card per table of the event, by number (the table's link and QR are added in the
    page by the director's phone, which alone holds them: api/static/print.js)."""
    return {**header(view), "cards": [{"table": n} for n in range(1, view["tables"] + 1)]}
