"""A season's board on the club's TV (docs/leagues.md "The season's board"): the crew's phone
taps "Show on the TV" on the season's screen and gets the board's link and QR code; the TV
opens it and reads the standings, tonight's night and the playoff from across the room at
1920x1080 and 1280x720, dark and light, with no scrolling; a season of 16 teams fits too. A
new link for the TV ends the old one. Screenshots (TALLY_SHOTS=dir) of the board at both
sizes and of the phone at 390x844 light and 320x640 dark."""

import urllib.error
import urllib.request
import uuid

from helpers.browser import axe_violations, new_phone, screenshot, wait_js
from helpers.director_links import post_hand
from helpers.director_screens import api

NAMES = "Ann Bo Cy Di Ed Flo Gus Hal Ike Jo Kat Lu Mo Ned Oda Pat".split()
NAMES += "Quin Roy Sal Ted Uma Val Wes Xia Yul Zed Abe Bea Cal Dot Eli Fay".split()
TEAMS = ["Aces", "Bones", "Cats", "Dogs", "Eagles", "Foxes"]
MORE = [*TEAMS, "Geese", "Hawks", "Ibis", "Jays", "Kites", "Larks", "Mules", "Newts", "Owls"]
TV_SIZES = [(1920, 1080), (1280, 720)]


def crew_of_32(base_url):
    """A crew with 32 players and Sue: (crew, [player ids in NAMES' order], Sue's id)."""
    crew = api(base_url, "POST", "/api/crews", body={"name": "Austin 42 Club"})
    ids = []
    for name in [*NAMES, "Sue"]:
        ids.append(str(uuid.uuid4()))
        body = {"id": ids[-1], "name": name}
        api(base_url, "POST", f"/api/crews/{crew['id']}/players", crew["token"], body)
    return crew, ids[:-1], ids[-1]


def season_of(base_url, crew, ids, teams, name):
    """A season of `teams` (pairs of the list in order), 10 nights, the top 4 go on."""
    body = {
        "name": name,
        "teams": [{"name": t, "players": ids[2 * n : 2 * n + 2]} for n, t in enumerate(teams)],
        "nights": 10,
        "format": "round-robin",
        "first_to": [1],
        "ruleset": "straight-42",
        "tables": 3,
        "playoff_teams": 4,
    }
    return api(base_url, "POST", f"/api/crews/{crew['id']}/seasons", crew["token"], body)


def play_night(base_url, night):
    """Start the night's event and play every match, side 0 (the team listed first) winning
    each game 8-0 in four 2-mark hands."""
    event, token = night["event_id"], night["director_token"]
    links = api(base_url, "POST", f"/api/events/{event}/start", token)["new_table_links"]
    for _ in range(30):
        if api(base_url, "GET", f"/api/events/{event}", token)["finished"]:
            return
        for table, link in links.items():
            read = api(base_url, "GET", f"/api/events/{event}/tables/{table}", link)
            if read["waiting"] or read["match"] is None:
                continue
            game = read["match"]["current_game"]
            done = len(api(base_url, "GET", f"/api/games/{game}", link)["hands"])
            for hand_no in range(done + 1, 5):
                post_hand(base_url, game, link, hand_no)
    raise AssertionError("the night never finished")


def status(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def fits(page):
    """No scrolling either way, and the team names big enough to read across a room (at
    least 2.5% of the screen's height: 27 px at 1080 lines)."""
    return page.evaluate(
        """() => {
        const d = document.documentElement;
        const name = getComputedStyle(document.querySelector('.season-standings .name'));
        return d.scrollHeight <= innerHeight && d.scrollWidth <= innerWidth
          && parseFloat(name.fontSize) >= innerHeight * 0.025;
    }"""
    )


def test_show_on_the_tv_gives_the_board_and_it_reads_across_the_room(browser, base_url, axe_source):
    crew, ids, sue = crew_of_32(base_url)
    season = season_of(base_url, crew, ids, TEAMS, "Spring 2027")
    url = f"/api/crews/{crew['id']}/seasons/{season['id']}"
    play_night(base_url, api(base_url, "POST", f"{url}/nights", crew["token"]))
    api(base_url, "POST", f"{url}/nights", crew["token"])  # night 2 made: tonight
    bones = next(t["id"] for t in season["teams"] if t["name"] == "Bones")
    subs = {"substitutes": [{"team": bones, "member": 0, "player": sue}]}
    api(base_url, "PUT", f"{url}/nights/2/substitutes", crew["token"], subs)
    ctx, page = new_phone(browser, base_url)
    tv_ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(f"/#/crew-join/{crew['id']}/{crew['token']}")
        page.locator("#crew-seasons").wait_for()
        page.goto(f"/#/crew/{crew['id']}/season/{season['id']}")
        page.locator("#show-tv").click()
        link = page.locator("#season-board-link .link-text")
        link.wait_for()
        board_url = link.inner_text()
        assert "/season/" in board_url
        assert page.locator("#season-board-link svg").count() == 1  # its QR code
        assert page.locator("#show-tv").count() == 0  # the link in its place
        page.locator("#season-board-link").scroll_into_view_if_needed()
        screenshot(page, "season-tv-390-light")
        assert axe_violations(page, axe_source) == []
        # the phone keeps the link: shown again, it is the same one, and the TV's stays
        page.reload()
        page.locator("#show-tv").click()
        assert page.locator("#season-board-link .link-text").inner_text() == board_url
        page.emulate_media(color_scheme="dark")
        page.set_viewport_size({"width": 320, "height": 640})
        page.locator("#season-board-link").scroll_into_view_if_needed()
        screenshot(page, "season-tv-320-dark")

        tv = tv_ctx.new_page()
        tv.goto(board_url)
        assert tv.locator(".what").inner_text() == "Night 2 of 10 tonight"
        # the standings as the season's GET gives them (their sums are worked by hand in
        # tests/api/test_api_season_board.py), each with tonight's record
        view = api(base_url, "GET", url, crew["token"])
        shown = [
            [c.strip() for c in row.split("\t")]
            for row in tv.locator(".season-standings tbody tr").all_inner_texts()
        ]
        players = {t["id"]: " and ".join(t["player_names"]) for t in view["teams"]}
        assert shown == [
            [
                str(r["place"]),
                f"{r['team_name']}\n{players[r['team']]}",
                str(r["won"]),
                str(r["lost"]),
                f"{r['marks_won']}–{r['marks_lost']}",
                "0–0",
            ]
            for r in view["standings"]
        ]
        assert sum(int(row[2]) for row in shown) == 15  # six teams, each met once
        assert tv.get_by_text("Sue for Cy (Bones)").count() == 1
        seeds = [r["team_name"] for r in view["standings"][:4]]
        assert tv.locator(".seeds li").all_inner_texts() == seeds
        for theme in ("dark", "light"):
            for width, height in TV_SIZES:
                tv.set_viewport_size({"width": width, "height": height})
                tv.goto(board_url + ("?theme=light" if theme == "light" else ""))
                assert fits(tv), (theme, width)
                screenshot(tv, f"season-board-{width}-{theme}")
        # sixteen teams: the top sixteen still fit both screens
        big = season_of(base_url, crew, ids, MORE + ["Pigs"], "Fall 2027")
        made = api(
            base_url,
            "POST",
            f"/api/crews/{crew['id']}/seasons/{big['id']}/board-link",
            crew["token"],
        )
        for width, height in TV_SIZES:
            tv.set_viewport_size({"width": width, "height": height})
            tv.goto(made["board_url"])
            assert tv.locator(".season-standings tbody tr").count() == 16
            screenshot(tv, f"season-board-16-{width}-dark")
            assert fits(tv), width

        # a new link for the TV: the old one stops
        page.locator("#new-board-link").click()
        wait_js(
            page,
            "(old) => document.querySelector('#season-board-link .link-text')?.textContent !== old",
            board_url,
        )
        fresh = page.locator("#season-board-link .link-text").inner_text()
        assert status(board_url) == 404 and status(fresh) == 200
        assert not [e for e in page.js_errors if "Failed to load resource" not in e]
    finally:
        ctx.close()
        tv_ctx.close()
