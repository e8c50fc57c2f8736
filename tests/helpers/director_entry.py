"""An event made for the team entry screens, the phone on it, the names the server holds."""

from helpers.browser import new_phone, wait_js
from helpers.director_screens import SIZES, api, keep_on_phone


def new_event(base_url, teams=(), **settings):
    body = {
        "name": "Timpson 42",
        "ruleset": "straight-42",
        "format": "single-elimination",
        "tables": 2,
        **settings,
    }
    body["teams"] = [{"name": n, "players": p} for n, p in teams]
    return api(base_url, "POST", "/api/events", body=body)


def phone_on(browser, base_url, made, size="390", scheme="light", ready="#player-1"):
    context, page = new_phone(browser, base_url, scheme, SIZES[size])
    page.goto("/#/")
    wait_js(page, "() => document.querySelector('#tournaments')")
    keep_on_phone(page, made, {})
    page.goto(f"/#/e/{made['id']}")
    page.locator(ready).wait_for()
    return context, page


def names_on_server(base_url, made):
    view = api(base_url, "GET", f"/api/events/{made['id']}", made["director_token"])
    return [t["name"] for t in view["teams"]]
