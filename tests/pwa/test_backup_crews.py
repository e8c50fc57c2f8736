"""The phone's backup keeps its crews
(docs/export.md): the crews this phone belongs to (meta `crews`: id, name, token, roster, as
the crew screens keep them) and each crew game's seats go into the backup and come back on
a new phone; a crew already on the phone is never overwritten and one it lacks is added;
restoring twice changes nothing. A crew's export from the server, restored on a new phone,
makes that phone one of the crew's phones (its new token kept) with its games' seats."""

import json
import uuid

from helpers.backup import back_up, restore
from helpers.browser import Table, new_phone, wait_js
from helpers.game_flow import MARKS_GAME, play

CREW = {
    "id": str(uuid.uuid4()),
    "name": "Thursday table",
    "token": "t" * 43,
    "join_url": "http://example.invalid/#/crew-join/x/y",
    "players": [{"id": str(uuid.uuid4()), "name": n} for n in ("Ann", "Bob", "Cy", "Di")],
}


def crews_and_seats(page):
    """(the phone's crews, {game id: its crew part}) as IndexedDB holds them."""
    return page.evaluate("""async () => {
        const store = await import('/js/store.js');
        const seats = {};
        for (const g of await store.allGames()) if (g.crew) seats[g.id] = g.crew;
        return [(await store.getMeta('crews')) || [], seats];
    }""")


def set_crews(page, crews):
    page.evaluate("async (crews) => (await import('/js/store.js')).putMeta('crews', crews)", crews)


def test_a_backup_keeps_the_phones_crews_and_seats(browser, base_url, tmp_path):
    context, page = new_phone(browser, base_url)
    table = Table(page, base_url)
    table.open()
    game_id = table.new_game("marks")
    play(table, MARKS_GAME[:2])
    table.wait_synced(game_id)
    set_crews(page, [CREW])
    seats = [p["id"] for p in CREW["players"]]
    page.evaluate(
        """async ([id, crew]) => (await import('/js/store.js')).updateGame(id, (g) => {
            g.crew = crew;
        })""",
        [game_id, {"id": CREW["id"], "seats": seats, "attached": True}],
    )
    before = crews_and_seats(page)
    doc = back_up(page, tmp_path / "backup.json")
    assert doc["device"]["settings"]["crews"] == [CREW]  # the token is kept on the phone
    context.close()

    context, page = new_phone(browser, base_url)  # a new phone, already in another crew
    Table(page, base_url).open()
    other = {**CREW, "id": str(uuid.uuid4()), "name": "Family"}
    set_crews(page, [other])
    lines = restore(page, tmp_path / "backup.json")
    assert [line.split(": ")[1] for line in lines] == ["restored."]
    crews, after_seats = crews_and_seats(page)
    assert crews == [other, CREW]  # added, the phone's own crew untouched
    assert after_seats == before[1]
    again = restore(page, tmp_path / "backup.json")
    assert [line.split(": ")[1] for line in again] == ["already on this phone, nothing changed."]
    assert crews_and_seats(page) == [crews, after_seats]
    # the same crew id with another copy in the file: the phone's copy is kept
    changed = json.loads((tmp_path / "backup.json").read_text())
    changed["device"]["settings"]["crews"][0]["name"] = "Renamed"
    (tmp_path / "changed.json").write_text(json.dumps(changed))
    restore(page, tmp_path / "changed.json")
    assert crews_and_seats(page)[0] == crews
    context.close()


def test_a_crews_server_export_restored_on_a_new_phone_joins_it(browser, base_url, tmp_path):
    context, page = new_phone(browser, base_url)
    table = Table(page, base_url)
    table.open()
    game_id = table.new_game("marks")
    play(table, MARKS_GAME[:3])
    table.wait_synced(game_id)
    players = [str(uuid.uuid4()) for _ in range(4)]
    exported = page.evaluate(
        """async ([gameId, players]) => {
            const api = await import('/js/api.js');
            const store = await import('/js/store.js');
            const game = await store.getGame(gameId);
            const body = { name: 'Thursday table' };
            const made = await api.request('POST', '/api/crews', { body });
            const token = made.body.token, url = `/api/crews/${made.body.id}`;
            for (const [i, name] of ['Ann', 'Bob', 'Cy', 'Di'].entries())
                await api.request('POST', `${url}/players`,
                                  { token, body: { id: players[i], name } });
            await api.request('PUT', `${url}/games/${gameId}`,
                              { token, body: { game_token: game.edit_token, seats: players } });
            const headers = { Authorization: `Bearer ${token}` };
            const res = await fetch(`${url}/export`, { headers });
            return [made.body.id, token, await res.json()];
        }""",
        [game_id, players],
    )
    crew_id, token, doc = exported
    assert doc["crew"]["id"] == crew_id and [g["id"] for g in doc["games"]] == [game_id]
    context.close()

    # A second server's phone would import it afresh; here the server has it, so move the
    # file to new ids (a crew and a game the server has never seen).
    doc["crew"]["id"] = new_crew = str(uuid.uuid4())
    doc["games"][0]["id"] = doc["crew"]["games"][0]["game_id"] = new_game = str(uuid.uuid4())
    for player in doc["crew"]["players"]:
        old = player["id"]
        player["id"] = str(uuid.uuid4())
        doc["crew"]["games"][0]["seats"] = [
            player["id"] if s == old else s for s in doc["crew"]["games"][0]["seats"]
        ]
    (tmp_path / "crew.json").write_text(json.dumps(doc))
    context, page = new_phone(browser, base_url)
    Table(page, base_url).open()
    lines = restore(page, tmp_path / "crew.json")
    assert lines[0].endswith(": restored.")
    assert lines[-1] == (
        "Thursday table: the crew was restored, and this phone is one of its phones."
    )
    crews, seats = crews_and_seats(page)
    assert [c["id"] for c in crews] == [new_crew] and crews[0]["token"] not in ("", token)
    assert sorted(p["name"] for p in crews[0]["players"]) == ["Ann", "Bob", "Cy", "Di"]
    assert seats[new_game]["seats"] == doc["crew"]["games"][0]["seats"]
    # the kept token opens the crew on the server
    wait_js(
        page,
        """async () => {
            const crews = await (await import('/js/store.js')).getMeta('crews');
            const res = await fetch(`/api/crews/${crews[0].id}/stats`,
                                    { headers: { Authorization: `Bearer ${crews[0].token}` } });
            return res.status === 200;
        }""",
    )
    again = restore(page, tmp_path / "crew.json")
    assert again[-1] == "Thursday table: this crew is already on this phone, nothing changed."
    assert crews_and_seats(page) == [crews, seats]
    context.close()

    context, page = new_phone(browser, base_url)  # a phone without the crew is told how
    Table(page, base_url).open()
    third = restore(page, tmp_path / "crew.json")
    assert third[-1] == (
        "Thursday table: the server already has this crew; open its join link on this phone."
    )
    context.close()
