"""A crew with its roster and a season made, for league night."""

import uuid

from helpers.director_screens import api

MEMBERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def crew_with_roster(base_url):
    """A crew with eight members and Sue, made through the API: (crew, {name: id})."""
    crew = api(base_url, "POST", "/api/crews", body={"name": "Austin 42 Club"})
    ids = {}
    for name in [*MEMBERS, "Sue"]:
        ids[name] = str(uuid.uuid4())
        body = {"id": ids[name], "name": name}
        api(base_url, "POST", f"/api/crews/{crew['id']}/players", crew["token"], body)
    return crew, ids


def make_season(page, ids, name="Spring 2027"):
    """Fill "New season": four teams of the list in order, two nights (the other choices as
    they stand: by default the top 2 go on)."""
    page.fill("#season-name", name)
    teams = page.locator("#season-teams fieldset")
    assert teams.count() == 4  # nine on the list: four pairs to start with
    for n in range(4):
        team = teams.nth(n)
        team.locator("input").fill(["Aces", "Bones", "Cats", "Dogs"][n])
        team.locator(".team-player-1").select_option(ids[MEMBERS[2 * n]])
        team.locator(".team-player-2").select_option(ids[MEMBERS[2 * n + 1]])
    page.fill("#season-nights", "2")
    page.click("#make-season")
    page.wait_for_url("**/season/*")
