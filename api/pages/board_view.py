"""The board's page model: the event's public view (docs/tournaments.md) turned into what a
hall reads from across the room: the tables and their live games, what comes next, who waits,
the bracket (or the round-robin table), and the final standings; cut into screens that fit
(api/pages/board_screens.py) when it is too much for one.

Pure: it reads only the public JSON, the ruleset's scoring and the static bracket layout of
`brackets/` (for "winner of W1.1" on a side not known yet), so the page never says anything
the public view does not.
"""

import datetime
from collections import defaultdict

from brackets.layout import LoserOf, Place, Seed, WinnerOf
from brackets.model import Format
from brackets.tournament import match_layout

from .board_clock import board_clocks
from .board_screens import screens
from .board_side import now_calling, parse_time, side_column
from .match_names import CODE_WORDS

FORMAT_WORDS = {
    "single-elimination": "Single elimination",
    "double-elimination": "Double elimination",
    "round-robin": "Round robin",
    "round-robin-playoff": "Round robin, then a championship",
    "swiss": "Swiss",
    "drawn": "Drawn rounds",
}

PLACE_WORDS = {1: "1st", 2: "2nd", 3: "3rd"}


def minutes_until(text, now, short=False):
    """Words for an estimated start: "now", "in about 10 min", "in about 1 h 5 min" (short:
    "~10 min", for a table card's one line)."""
    moment = parse_time(text)
    if moment is None:
        return None
    minutes = round((moment - now).total_seconds() / 60)
    if minutes <= 0:
        return "now"
    if minutes < 60:
        span = f"{minutes} min"
    else:
        span = f"{minutes // 60} h" + (f" {minutes % 60} min" if minutes % 60 else "")
    return f"~{span}" if short else f"in about {span}"


def series_words(first_to):
    """A series in the hall's words: "best of 5" (first to 3), or "one game"."""
    if first_to is None:
        return ""
    if first_to == 1:
        return "one game"
    return f"best of {2 * first_to - 1}"


def series_line(first_to_list):
    """The event's series lengths: "best of 5, then best of 3" (docs/tournaments.md), or
    "one game a match" (a lone "one game" in the header read as the event's length)."""
    words = list(dict.fromkeys(series_words(n) for n in first_to_list))
    return "one game a match" if words == ["one game"] else ", then ".join(words)


ELIMINATION = {f.value for f in Format}  # formats laid out in advance (not Swiss, drawn)


class Names:
    """Team names by id, and words for a side that is a bye or not known yet."""

    def __init__(self, view):
        self.teams = {t["id"]: t for t in view["teams"]}
        self.sources = {}
        seeds = [t for t in view["teams"] if t.get("seed")]
        if view["matches"] and seeds and view["format"] in ELIMINATION:
            fmt = Format(view["format"])
            for spec in match_layout(fmt, len(seeds), view.get("advance")):
                self.sources[spec.id] = spec.sources

    def name(self, team_id):
        """The team's name ("?" for an id the view does not list)."""
        team = self.teams.get(team_id)
        return team["name"] if team else "?"

    def short(self, match, index):
        """The team's own short name on one side of a match (None: none, or no team)."""
        team = self.teams.get(match["teams"][index])
        return team.get("short_name") if team else None

    def side(self, match, index):
        """Words for one side of a match: the team, "bye", or where it comes from."""
        team = match["teams"][index]
        if team == "bye":
            return "bye"
        if team is not None:
            return self.name(team)
        sources = self.sources.get(match["id"])
        return source_words(sources[index]) if sources else "to be decided"


def source_words(source):
    """Where a side not known yet comes from, in words."""
    if isinstance(source, WinnerOf):
        return f"winner of {source.match}"
    if isinstance(source, LoserOf):
        return f"loser of {source.match}"
    if isinstance(source, Place):
        return f"round robin {PLACE_WORDS.get(source.number, f'{source.number}th')}"
    if isinstance(source, Seed):
        return f"seed {source.number}"
    return "to be decided"


def live_game(match):
    """The totals of the game being played in a match, or None between games (and for a
    match decided by a forfeit, whose unfinished game is no longer played)."""
    games = match.get("games") or []
    if match["status"] == "playing" and games and not games[-1]["game_over"]:
        return games[-1]["totals"]
    return None


# What a match box says under its teams of a result the director settled (the loser is
# named just above it: the public view's `said` names it again, for a reader without the box)
BOX_SAID = {
    "forfeit": "won by forfeit",
    "no-show": "won by a no-show",
    "correction": "corrected by the director",
}


def match_card(match, names, now):
    """One match as the bracket and the table cards show it."""
    totals = live_game(match)
    said = BOX_SAID.get(match["how"])  # the director settled it: words, not the games' count
    sides = []
    for i in (0, 1):
        team = match["teams"][i]
        sides.append(
            {
                "name": names.side(match, i),
                "short": names.short(match, i),  # shown in a bracket box it fits better
                "known": team not in (None, "bye"),
                "won": match["winner"] is not None and match["winner"] == team,
                "lost": match["winner"] is not None
                and team not in (None, "bye")
                and match["winner"] != team,
                "games": None if match["score"] is None or said else match["score"][i],
                "game": None if totals is None else totals[i],
            }
        )
    return {
        "id": match["id"],
        "name": match.get("name") or match["id"],
        "status": match["status"],
        "how": match["how"],
        "said": said,
        "table": match["table"],
        "series": series_words(match["first_to"]),
        "first_to": match["first_to"],
        "sides": sides,
        "live": totals is not None,
        "game_no": len(match.get("games") or []),
        # the true final's second game: played only if the losers'-bracket team wins G1
        "if_needed": match["id"] == "G2" and match["status"] == "waiting",
        "eta": minutes_until(match["est_start"], now)
        if match["status"] == "waiting-for-table"
        else None,
        "eta_short": minutes_until(match["est_start"], now, short=True)
        if match["status"] == "waiting-for-table"
        else None,
    }


def round_title(bracket, number, last, fmt):
    """The heading of a bracket column."""
    from_end = last - number
    if bracket in ("W", "P") and fmt != "double-elimination":
        named = {0: "Final", 1: "Semifinals", 2: "Quarterfinals"}
        if from_end in named:
            return named[from_end]
    if bracket == "W" and from_end == 0:
        return "Winners' final"
    if bracket == "L" and from_end == 0:
        return "Losers' final"
    return f"Round {number}"


SECTION_TITLES = {
    "W": "Winners' bracket",
    "L": "Losers' bracket",
    "G": "Grand final",
    "P": "Championship",
    "R": "Round robin",
    "S": "Swiss rounds",
    "D": "Drawn rounds",
}


def bracket_sections(view, cards):
    """The elimination brackets as columns of rounds: [{title, key, rounds: [{title,
    matches}]}]. The grand final (G1, and G2 when played) is one last column of the winners'."""
    by = defaultdict(lambda: defaultdict(list))
    for match in view["matches"]:
        if match["bracket"] == "R" or match["status"] == "void":
            continue
        by[match["bracket"]][match["round"]].append(cards[match["id"]])
    sections = []
    fmt = view["format"]
    for key in ("S", "D", "W", "L", "P"):  # a Swiss's or drawn rounds, then any bracket
        if key not in by:
            continue
        last = max(by[key])
        rounds = [
            {"title": round_title(key, n, last, fmt), "matches": by[key][n]}
            for n in sorted(by[key])
        ]
        if key == "W" and "G" in by:
            finals = [card for n in sorted(by["G"]) for card in by["G"][n]]
            rounds.append({"title": "Grand final", "matches": finals})
        for r in rounds:  # no team known yet: a narrower column (board_measure.EMPTY_SHARE)
            r["empty"] = not any(s["known"] for m in r["matches"] for s in m["sides"])
        title = "Bracket" if fmt == "single-elimination" else SECTION_TITLES[key]
        if fmt not in ELIMINATION and key == "W":  # a Swiss's or drawn rounds' cut
            title = "Championship"
        sections.append(
            {
                "key": key,
                "title": title,
                "rounds": rounds,
                "tall": max(len(r["matches"]) for r in rounds),
            }
        )
    return sections


def round_robin_table(view, names):
    """The event view's round-robin record (event_logic.round_robin_record, the ranking the
    director's phone shows too), with each team's name."""
    return [{**row, "team": names.name(row["team"])} for row in view.get("round_robin") or []]


def table_cards(view, cards, matches):
    """Each table: the match playing there (with its live game) and the one called next."""
    out = []
    for plan in view["table_plan"]:
        playing = cards.get(plan["playing"]) if plan["playing"] else None
        following = cards.get(plan["next"]) if plan["next"] else None
        out.append({"table": plan["table"], "playing": playing, "next": following})
    return out


def up_next(view, cards):
    """Matches with both teams known waiting for a table, soonest first, with the table the
    plan gives them when there is one."""
    tables = {p["next"]: p["table"] for p in view["table_plan"] if p["next"]}
    waiting = [cards[m["id"]] for m in view["matches"] if m["status"] == "waiting-for-table"]
    return [{**card, "to_table": tables.get(card["id"])} for card in waiting]


UP_NEXT_SHOWN = 8  # a 128-team round robin has thousands waiting: the board shows the soonest

WAITING_SHOWN = 10  # a 128-team bracket has dozens: more than the side column holds


def waiting_teams(view, names):
    """Teams still in that wait for an opponent: [{team, for}] ("winner of W2.1")."""
    out = []
    for match in view["matches"]:
        if match["status"] != "waiting":
            continue
        for i in (0, 1):
            team = match["teams"][i]
            if team not in (None, "bye"):
                other = names.side(match, 1 - i)
                known = other.startswith(("winner", "loser", "round robin"))
                out.append(
                    {
                        "team": names.name(team),
                        "match": match["id"],
                        "for": f"the {other}" if known else "an opponent",
                    }
                )
    return out


def podium(view, names):
    """The final standings' top three places: [{place, words, teams}] (places may be shared,
    as brackets/README.md says: teams out in the same round)."""
    if not view["standings"]:
        return []
    places = defaultdict(list)
    for line in view["standings"]:
        if line["place"] <= 3:
            places[line["place"]].append(names.name(line["team"]))
    return [{"place": p, "words": PLACE_WORDS[p], "teams": places[p]} for p in sorted(places)]


def director_calls(view, now):
    """The tables calling the director, first call first: "Table 2 calls the director" and
    for how long ("3 min"), until the director answers (docs/tournaments.md "Calling the
    director")."""
    calls = []
    for call in view.get("calls") or []:
        since = parse_time(call["at"])
        minutes = max(0, round((now - since).total_seconds() / 60)) if since else 0
        calls.append(
            {"table": call["table"], "since": "just now" if minutes < 1 else f"{minutes} min"}
        )
    return calls


SHORT_WORDS = (
    "a team's short name stands in where its full name would wrap: the tables name it in full"
)


def key_words(view, teams):
    """What the bracket's codes mean, and, when a team has a short name, where it is used."""
    words = [CODE_WORDS.get(view["format"], "")]
    if any(t.get("short_name") for t in teams):
        words.append(SHORT_WORDS)
    return "; ".join(w for w in words if w)


def build(view, unit, now=None):
    """The board page's model from the public view; `unit` is "marks" or "points"."""
    now = now or datetime.datetime.now(datetime.UTC)
    names = Names(view)
    cards = {m["id"]: match_card(m, names, now) for m in view["matches"]}
    started = view["started_at"] is not None
    teams_in = [t for t in view["teams"] if not t.get("dropped")]
    upcoming = up_next(view, cards)
    waiting = waiting_teams(view, names)
    page = {
        "name": view["name"],
        "format": FORMAT_WORDS.get(view["format"], view["format"]),
        "series": series_line(view["first_to"]),
        "team_count": len(teams_in),
        "unit": unit,
        "started": started,
        "finished": view["finished"],
        "podium": podium(view, names),
        "tables": table_cards(view, cards, view["matches"]) if started else [],
        "up_next": upcoming[:UP_NEXT_SHOWN],
        "more_next": max(0, len(upcoming) - UP_NEXT_SHOWN),
        "waiting": waiting[:WAITING_SHOWN],
        "more_waiting": max(0, len(waiting) - WAITING_SHOWN),
        "sections": bracket_sections(view, cards),
        "round_robin": round_robin_table(view, names)
        if view["format"].startswith("round-robin") and started
        else None,
        "entered": [t["name"] for t in teams_in] if not started else [],
        "code_words": key_words(view, teams_in),
        # a Swiss or drawn rounds: "Round 2 of 4" (the round's pairings: its section)
        "round_title": (view.get("round") or {}).get("title"),
        "calls": director_calls(view, now),
    }
    clocks = board_clocks(view, now)  # the round clock of each table (board_clock.py)
    for table in page["tables"]:
        table["clock"] = clocks.get(table["table"])
    calling = now_calling(view["matches"], cards, now) if started else []
    page["side"] = side_column(page, calling, upcoming, waiting)
    page["screens"] = screens(page)
    return page
