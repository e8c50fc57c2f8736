"""A two-team event with one table, started through the API, and its table's link opened on a
phone: what the hall test (tests/pwa/test_hall.py) and the proxy's test
(tests/topology/test_nginx.py) play through (docs/tournaments.md: the director enters and
checks in the teams and starts; the start calls W1.1 to table 1 and issues its table token)."""


def started_event(request, name="Hallettsville 42"):
    """Start the event with Playwright's request context `request`: (event id, the public
    token of its board, the table token of W1.1 at table 1)."""
    body = {
        "name": name,
        "ruleset": "straight-42",
        "tables": 1,
        "format": "single-elimination",
        "teams": [{"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in (1, 2)],
    }
    made = request.post("/api/events", data=body)
    assert made.status == 201, made.text()
    made = made.json()
    auth = {"Authorization": f"Bearer {made['director_token']}"}
    for team in made["teams"]:
        checked = request.post(
            f"/api/events/{made['id']}/teams/{team['id']}/check-in", headers=auth
        )
        assert checked.status == 200, checked.text()
    started = request.post(f"/api/events/{made['id']}/start", headers=auth)
    assert started.status == 200, started.text()
    return made["id"], made["public_token"], started.json()["new_table_tokens"]["W1.1"]


def at_table(page, event_id, token):
    """Open table 1's link (what its QR carries) on `page` and go to its game (started by the
    first phone, scored by the second); returns the game's id."""
    page.goto(f"/#/t/{event_id}/W1.1/{token}")
    page.locator("#play-game").click()
    page.wait_for_url("**/#/g/*")
    return page.url.split("#/g/")[1]
