"""An event's and a party's server export restored on the phone's Backup screen
(docs/export.md "An event", "A party"): the server creates them, and their director tokens,
shown this once, are kept with the events and parties this phone runs, so its director's
screens open them; restored again, the phone is told the server has them, nothing changes."""

import json
import uuid

from helpers.backup import restore
from helpers.browser import Table, new_phone, screenshot, wait_js

MAKE_AND_EXPORT = """async () => {
    const api = await import('/js/api.js');
    const teams = [1, 2, 3, 4].map((n) => ({ name: `Team ${n}`, players: [`P${n}a`, `P${n}b`] }));
    const event = await api.request('POST', '/api/events', { body: {
        name: 'Timpson 42', ruleset: 'straight-42', format: 'single-elimination',
        date: '2026-11-28', teams } });
    const party = await api.request('POST', '/api/parties', { body: {
        name: 'Church social', ruleset: 'straight-42', rounds: 3,
        players: ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'] } });
    const read = async (url, token) =>
        (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json();
    return [await read(`/api/events/${event.body.id}/export`, event.body.director_token),
            await read(`/api/parties/${party.body.id}/export`, party.body.director_token)];
}"""


def kept(page):
    """(the events, the parties) this phone runs, as IndexedDB holds them."""
    return page.evaluate(
        """async () => {
            const store = await import('/js/store.js');
            return [(await store.getMeta('events')) || [], (await store.getMeta('parties')) || []];
        }"""
    )


def test_an_events_and_a_partys_export_restored_on_a_new_phone_are_run_from_it(
    browser, base_url, tmp_path
):
    context, page = new_phone(browser, base_url)
    Table(page, base_url).open()
    event, party = page.evaluate(MAKE_AND_EXPORT)
    context.close()
    # a second server would import them afresh; here the server has them: new ids
    event["event"]["id"], party["party"]["id"] = str(uuid.uuid4()), str(uuid.uuid4())
    for name, doc in (("event", event), ("party", party)):
        (tmp_path / f"{name}.json").write_text(json.dumps(doc))

    context, page = new_phone(browser, base_url)
    Table(page, base_url).open()
    lines = restore(page, tmp_path / "event.json")
    assert lines == [
        "Timpson 42: restored, and this phone runs it. Make each table's new link from its screen."
    ]
    lines = restore(page, tmp_path / "party.json")
    assert lines == [
        "Church social: restored, and this phone runs it. Make each table's new link from its "
        "screen."
    ]
    events, parties = kept(page)
    assert [(e["id"], e["name"], e["date"]) for e in events] == [
        (event["event"]["id"], "Timpson 42", "2026-11-28")
    ]
    assert [(p["id"], p["name"]) for p in parties] == [(party["party"]["id"], "Church social")]
    # the kept tokens open them on the server
    wait_js(
        page,
        """async () => {
            const store = await import('/js/store.js');
            const [e] = await store.getMeta('events'), [p] = await store.getMeta('parties');
            const get = (url, token) =>
                fetch(url, { headers: { Authorization: `Bearer ${token}` } });
            const one = await get(`/api/events/${e.id}`, e.token);
            const two = await get(`/api/parties/${p.id}`, p.token);
            return one.status === 200 && two.status === 200;
        }""",
    )
    again = restore(page, tmp_path / "event.json")
    assert again == [
        "Timpson 42: the server already has it, the same; its director's phone runs it."
    ]
    assert kept(page) == [events, parties]
    context.close()


def test_the_restore_report_of_an_event_fits_a_phone(browser, base_url, tmp_path):
    """The report's line for a restored event, at 390x844 and 320x640, light and dark
    (screenshots under $TALLY_SHOTS): its words wrap inside the screen."""
    context, page = new_phone(browser, base_url)
    Table(page, base_url).open()
    event, _party = page.evaluate(MAKE_AND_EXPORT)
    context.close()
    for scheme in ("light", "dark"):
        for width, height in ((390, 844), (320, 640)):
            event["event"]["id"] = str(uuid.uuid4())  # a new event for each phone
            (tmp_path / "event.json").write_text(json.dumps(event))
            viewport = {"width": width, "height": height}
            context, page = new_phone(browser, base_url, color_scheme=scheme, viewport=viewport)
            Table(page, base_url).open()
            [line] = restore(page, tmp_path / "event.json")
            assert line.startswith("Timpson 42: restored, and this phone runs it.")
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            assert wide <= width  # nothing runs off the screen's side
            screenshot(page, f"backup-event-{width}-{scheme}")
            assert page.js_errors == []
            context.close()
