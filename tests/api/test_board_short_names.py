"""A team's own short name on the board ("A board that uses its space and never cuts
a name": "or the team's own short name, which the director may set"; docs/tournaments.md
"Short names"): a 128-team bracket's box shows it where the full name would wrap onto more
lines, with the full name as its title; the tables name every team in full, and the side
column says so. The browser checks the same boxes (tests/pwa/test_board_fit.py)."""

import html as htmllib

from helpers.eventtest import Director

from api.pages import board_measure as measure
from api.pages import board_view as pages_board_view


def entrants(count):
    """Even teams named in full with a short name, odd ones "Team n" without."""
    out = []
    for n in range(1, count + 1):
        if n % 2:
            out.append({"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]})
        else:
            full = f"Bubba Pustejovsky {n} & Earl Machacek"
            out.append({"name": full, "short_name": f"B&E {n}", "players": ["Bubba", "Earl"]})
    return out


def test_a_128_team_bracket_shows_short_names_where_full_ones_would_wrap(client):
    director = Director(client, teams=entrants(128), format="double-elimination", first_to=[1])
    director.check_in_all()
    director.start()
    view = client.get(f"/api/e/{director.public}").json
    shorts = {t["name"]: t["short_name"] for t in view["teams"]}
    page = pages_board_view.build(view, "marks")
    chosen = kept = 0
    for screen in page["screens"]:
        for block in screen["blocks"]:
            if block["kind"] != "section":
                continue
            rounds = block["section"]["rounds"]
            for r, width in zip(rounds, measure.round_widths(rounds, block["k"]), strict=True):
                for match in r["matches"]:
                    em = measure.box_name_em(match, width, block["k"])
                    for side in match["sides"]:
                        full, short = side["name"], shorts.get(side["name"])
                        if side["shown"] != full:  # only a team's own short name, and only
                            assert side["shown"] == short  # where the full one takes more lines
                            assert measure.lines(full, em) > measure.lines(short, em)
                            chosen += 1
                        elif short:
                            assert measure.lines(full, em) <= measure.lines(short, em)
                            kept += 1
    assert chosen > 0, "at 128 teams the full names wrap in the bracket's boxes"
    screens = [
        client.get(
            f"/b/{director.public}", params={"screen": n}, headers={"Accept": "text/html"}
        ).text
        for n in range(1, len(page["screens"]) + 1)
    ]
    assert "Tables" in page["screens"][0]["title"]
    assert "Bubba Pustejovsky" in screens[0] and "B&amp;E" not in screens[0]  # in full
    shown = htmllib.unescape("".join(screens[1:]))
    assert 'class="name short" title="Bubba Pustejovsky 2 & Earl Machacek">B&E 2<' in shown
    assert "short name stands in where its full name would wrap" in shown
