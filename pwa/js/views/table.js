// A table's phone (#/t/<event>/<match>/<table token>): the director's table link. The token
// is kept on this phone (IndexedDB) and taken out of the address bar at once; the screen
// shows the match (teams, table, series score) and opens its current game on the ordinary
// score sheet, starting the next game of the match when one is due (no director needed: the
// game-over screen's "Next game" does the same).
import * as api from '../api.js';
import { getMeta, putMeta } from '../store.js';
import { h } from '../ui.js';
import { call, matchName } from '../director.js';
import { matchLines, playAtTable } from '../parts/table-match.js';

const tokenKey = (eventId, bracketId) => `table:${eventId}:${bracketId}`;

/** Render the table's screen; `linkToken` is the token from the link, if it had one. */
export async function render(main, eventId, bracketId, linkToken) {
  if (linkToken) {
    history.replaceState(null, '', `#/t/${eventId}/${bracketId}`); // the token leaves the address bar
    await putMeta(tokenKey(eventId, bracketId), linkToken);
  }
  const token = linkToken || (await getMeta(tokenKey(eventId, bracketId)));
  const here = `#/t/${eventId}/${bracketId}`;
  const note = h('p', { class: 'banner', role: 'alert', hidden: true });
  const say = (words) => {
    note.textContent = words;
    note.hidden = false;
  };
  if (!token) {
    main.append(
      h('h1', {}, 'No table link'),
      h(
        'p',
        { class: 'banner' },
        'Open the link or scan the QR code the director gave this table.',
      ),
    );
    return;
  }
  const res = await call('GET', `/api/events/${eventId}/matches/${bracketId}`, token);
  if (res === null) {
    main.append(
      h('h1', {}, 'Your table'),
      h(
        'p',
        { class: 'banner' },
        'No signal: the table link needs the network once. Try again when online.',
      ),
    );
    return;
  }
  if (res.status !== 200) {
    const gone = [401, 403, 404].includes(res.status);
    main.append(
      h('h1', {}, 'Your table'),
      h(
        'p',
        { class: 'banner', role: 'alert' },
        gone
          ? 'This table link does not open a match any more (the match is over, or the director made a new link). Ask the director.'
          : api.errorMessage(res),
      ),
    );
    return;
  }
  const t = res.body;
  const m = t.match;
  const start = () => playAtTable(t, token, here, say);
  const gameNo = t.current_game ? m.games.length : t.next_game_no;
  main.append(
    h('h1', {}, `Table ${t.table}`),
    h('p', { class: 'muted' }, `${t.event.name} · ${matchName(null, t.bracket_match)}`),
    ...matchLines(t),
    note,
    gameNo
      ? h(
          'div',
          { class: 'actions' },
          h(
            'button',
            { type: 'button', class: 'primary', id: 'play-game', onclick: start },
            t.current_game ? `Score game ${gameNo}` : `Start game ${gameNo}`,
          ),
        )
      : h(
          'p',
          { class: 'banner', id: 'next-link' },
          `This match is over. The next match at table ${t.table} has a new link: ` +
            'ask the director for it, and scan its QR code with this phone.',
        ),
  );
}
