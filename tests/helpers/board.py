"""The hall's board on a screen: an event, the screen sizes, what is clipped or overlaps."""

import os
import pathlib
import uuid

from helpers.waits import DEFAULT_S, ms

HALL = {"width": 1920, "height": 1080}


SMALL_TV = {"width": 1280, "height": 720}


TWO_MARKS = {"bid": {"marks": 2}, "result": {"captured": 42}}


class Event:
    """An event run through the API with Playwright's request context (director and tables)."""

    def __init__(self, request, teams, **body):
        self.request = request
        body = {
            "name": "Hallettsville 42",
            "ruleset": "straight-42",
            "tables": 8,
            "format": "single-elimination",
            "teams": [
                {"name": f"Team {n}", "players": [f"P{n}a", f"P{n}b"]} for n in range(1, teams + 1)
            ],
            **body,
        }
        created = self.ok(request.post("/api/events", data=body), 201)
        self.id, self.public = created["id"], created["public_token"]
        self.auth = {"Authorization": f"Bearer {created['director_token']}"}
        self.tokens = {}
        for team in created["teams"]:
            self.ok(
                request.post(
                    f"/api/events/{self.id}/teams/{team['id']}/check-in", headers=self.auth
                )
            )
        self.keep(self.ok(request.post(f"/api/events/{self.id}/start", headers=self.auth)))

    @staticmethod
    def ok(response, status=200):
        assert response.status == status, response.text()
        return response.json()

    def keep(self, view):
        self.tokens.update(view.get("new_table_tokens") or {})
        return view

    def view(self):
        return self.keep(self.ok(self.request.get(f"/api/events/{self.id}", headers=self.auth)))

    def playing(self):
        return [m["id"] for m in self.view()["matches"] if m["status"] == "playing"]

    def hand(self, bracket_id, side):
        """One hand at the match's table: `side` bids 2 marks and makes it; True at game over."""
        if bracket_id not in self.tokens:  # called by another read: a new table token
            issued = self.request.post(
                f"/api/events/{self.id}/matches/{bracket_id}/table-token", headers=self.auth
            )
            self.tokens[bracket_id] = self.ok(issued, 201)["table_token"]
        auth = {"Authorization": f"Bearer {self.tokens[bracket_id]}"}
        table = self.ok(
            self.request.get(f"/api/events/{self.id}/matches/{bracket_id}", headers=auth)
        )
        game_id = table["current_game"]
        if game_id is None:
            started = self.ok(
                self.request.post(
                    f"/api/matches/{table['match']['id']}/games",
                    data={"game_no": table["next_game_no"]},
                    headers=auth,
                ),
                201,
            )
            game_id = started["game"]["id"]
        hands = self.ok(self.request.get(f"/api/games/{game_id}", headers=auth))["hands"]
        result = self.ok(
            self.request.post(
                f"/api/games/{game_id}/hands",
                data={"hand_no": len(hands) + 1, "bidder": side, **TWO_MARKS},
                headers={**auth, "Idempotency-Key": uuid.uuid4().hex},
            ),
            201,
        )
        return result["result"]["game_over"]

    def win_game(self, bracket_id, side):
        while not self.hand(bracket_id, side):
            pass

    def win_match(self, bracket_id, side, first_to):
        for _ in range(first_to):
            self.win_game(bracket_id, side)


def open_board(browser, base_url, event, viewport=HALL, theme=None, js=True):
    context = browser.new_context(viewport=viewport, base_url=base_url, java_script_enabled=js)
    context.set_default_timeout(ms(DEFAULT_S))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    page.streams = []  # the URLs of the stream requests the page made
    page.on("request", lambda r: page.streams.append(r.url) if "/events" in r.url else None)
    page.goto(f"/b/{event.public}" + (f"?theme={theme}" if theme else ""))
    return context, page


CLIPPED = """() => [...document.querySelectorAll(
    '.match, .card, .qr-code, .qr .url, .now li, .next li, .waiting li')]
  .filter((el) => {
    const r = el.getBoundingClientRect();
    const box = el.closest('.main-col, .side-col').getBoundingClientRect();
    return r.width === 0 || r.bottom > Math.min(innerHeight, box.bottom) + 1
      || r.right > Math.min(innerWidth, box.right) + 1 || r.top < box.top - 1;
  })
  .map((el) => el.dataset.match || el.className)"""


OVERLAPS = """() => {
  const els = [...document.querySelectorAll('.match, .card, main h2, main h3')];
  const rects = els.map((el) => el.getBoundingClientRect());
  const out = [];
  rects.forEach((a, i) => rects.slice(i + 1).forEach((b, k) => {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
        && b.top < a.bottom - 1)
      out.push([els[i].dataset.match || els[i].textContent,
                els[i + 1 + k].dataset.match || els[i + 1 + k].textContent]);
  }));
  return out;
}"""


def shoot(page, name):
    """Save a screenshot to $BOARD_SHOTS when it is set (for a person to look at)."""
    shots = os.environ.get("BOARD_SHOTS")
    if shots:
        page.screenshot(path=str(pathlib.Path(shots) / name))
