"""The API called from the director's tests, an event started, kept on the phone."""

import json
import urllib.request

SIZES = {"320": {"width": 320, "height": 640}, "390": {"width": 390, "height": 844}}


def api(base_url, method, path, token=None, body=None):
    request = urllib.request.Request(
        f"{base_url}{path}", method=method, data=None if body is None else json.dumps(body).encode()
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def start_event(base_url, teams, **settings):
    """An event of `teams` ((name, players) pairs) with `settings`, straight 42, every team
    checked in, then started; returns (the made event, the start's director view)."""
    body = {"name": "Timpson 42", "ruleset": "straight-42", **settings}
    body["teams"] = [{"name": n, "players": p} for n, p in teams]
    made = api(base_url, "POST", "/api/events", body=body)
    event_id, token = made["id"], made["director_token"]
    for team in made["teams"]:
        api(base_url, "POST", f"/api/events/{event_id}/teams/{team['id']}/check-in", token)
    return made, api(base_url, "POST", f"/api/events/{event_id}/start", token)


OUTBOX_EMPTY = """async () => {
    const db = await new Promise((ok) => { const r = indexedDB.open('tally42');
                                           r.onsuccess = () => ok(r.result); });
    const ops = await new Promise((ok) => { const r = db.transaction('outbox')
        .objectStore('outbox').getAll(); r.onsuccess = () => ok(r.result); });
    return ops.length === 0;
}"""


def keep_on_phone(page, made, tokens):
    """The event as this phone's own, with the table tokens its start handed out."""
    page.evaluate(
        """async ([made, tokens]) => {
        const d = await import('/js/director.js');
        await d.keepEvent(made.id, {name: made.name, date: made.date, token: made.director_token,
                                    public_token: made.public_token, tables: {}});
        await d.keepTableTokens(made.id, {new_table_tokens: tokens, matches: made.matches});
    }""",
        [made, tokens],
    )
