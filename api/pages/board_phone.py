"""The board's page for a phone ("The board's link on a phone"): what the board's QR
opens, one column a thumb scrolls, never turning screens on its own. Each team says where it
sits now or what it plays next, so "find my team" is one search; then the tables in play,
what is called next, and every result so far, in words (a forfeit or a correction said as
such).

Pure like board_view.py: it reads only the public view and that page model.
"""

from .board_view import Names, minutes_until

PLACE_WORDS = {1: "Won the event", 2: "2nd place", 3: "3rd place"}

OPEN = ("playing", "waiting-for-table", "held", "waiting", "paired")


class Sides(Names):
    """Names, with a side not known yet said by its match's name ("the winner of Round 1,
    match 3"), never by its code: a phone has the room."""

    def __init__(self, view):
        super().__init__(view)
        self.match_names = {m["id"]: m.get("name") or m["id"] for m in view["matches"]}

    def side(self, match, index):
        words = super().side(match, index)
        for prefix in ("winner of ", "loser of "):
            if words.startswith(prefix):
                code = words[len(prefix) :]
                return f"the {prefix}{self.match_names.get(code, code)}"
        return words


def opponent(match, team_id, sides):
    """Words for the other side of `match` from `team_id`'s seat."""
    index = 1 if match["teams"][0] == team_id else 0
    return sides.side(match, index)


def score_words(match):
    """ "games 1–0" for a series under way (none for a one-game match or no score)."""
    if not match.get("score") or (match.get("first_to") or 1) == 1:
        return ""
    a, b = match["score"]
    return f" · games {a}–{b}"


def where_words(team_id, view, sides, cards, now):
    """Where a team sits now or what it plays next, in one sentence."""
    mine = [m for m in view["matches"] if team_id in m["teams"] and m["status"] in OPEN]
    for m in mine:
        if m["status"] == "playing":
            return (
                f"At table {m['table']} now: {m['name']} v {opponent(m, team_id, sides)}"
                f"{score_words(m)}"
            )
    for m in mine:
        if m["status"] == "held":
            return f"{m['name']} v {opponent(m, team_id, sides)} is held: ask the director"
    for m in mine:
        if m["status"] == "waiting-for-table":
            card = cards.get(m["id"]) or {}  # as the board says it, when it shows it
            table = m["table"] or card.get("to_table")
            at = f" at table {table}" if table else ""
            eta = card.get("eta") or minutes_until(m["est_start"], now)
            when = f", {eta}" if eta and eta != "now" else ""
            return f"Next: {m['name']} v {opponent(m, team_id, sides)}{at}{when}"
    for m in mine:
        if m["status"] == "paired":  # a Swiss's or drawn round, before the director starts it
            return f"Next: {m['name']} v {opponent(m, team_id, sides)}, once the round starts"
    for m in mine:
        return f"Next: {m['name']}, waiting for {opponent(m, team_id, sides)}"
    return None


def done_words(team_id, view, sides):
    """A team with nothing to play: its place, or its last result."""
    for line in view.get("standings") or []:
        if line["team"] == team_id:
            return PLACE_WORDS.get(line["place"], f"Finished {line['place']}th")
    steps = (view.get("paths") or {}).get(str(team_id)) or []
    if not steps:
        return "Has no match to play yet"
    last = steps[-1]
    match = next(m for m in view["matches"] if m["id"] == last["match"])
    if last["opponent"] == "bye":
        return f"Went through {match['name']} on a bye"
    result = match.get("result") or ""
    verb = "Won" if last["won"] else "Lost"
    return f"{verb} {match['name']}: {result}" if result else f"{verb} {match['name']}"


def teams(view, page, sides, now):
    """Every team still listed, in the list's order: name, players, where it is."""
    cards = {m["id"]: m for m in page["up_next"]}
    out = []
    for team in view["teams"]:
        if team.get("dropped"):
            continue
        if view["started_at"] is None:
            where = "Entered: the bracket is drawn when the director starts the event"
        elif not team.get("seed"):
            where = "Not in the bracket"
        else:
            where = where_words(team["id"], view, sides, cards, now)
            where = where or done_words(team["id"], view, sides)
        out.append(
            {
                "name": team["name"],
                "players": " & ".join(team.get("players") or []),
                "where": where,
                "find": " ".join([team["name"], *(team.get("players") or [])]).casefold(),
            }
        )
    return out


def results(view):
    """Every decided match, latest round last, as one line each ("Final: Rangers won 2–1")."""
    return [
        {"name": m["name"], "result": m["result"]}
        for m in view["matches"]
        if m.get("result") and m["status"] == "played"
    ]


def build(view, page, now):
    """The phone page's model from the public view and the board's page model."""
    sides = Sides(view)
    return {
        "name": page["name"],
        "what": f"{page['format']} · {page['team_count']} teams"
        + (f" · {page['series']}" if page["series"] else "")
        + (f" · {page['round_title']}" if page.get("round_title") else ""),
        "started": page["started"],
        "finished": page["finished"],
        "podium": page["podium"],
        "teams": teams(view, page, sides, now),
        "tables": [t for t in page["tables"] if t["playing"]],
        "free_tables": [t["table"] for t in page["tables"] if not t["playing"]],
        "up_next": page["up_next"],
        "more_next": page["more_next"],
        "results": results(view)[::-1],
        "unit": page["unit"],
    }
