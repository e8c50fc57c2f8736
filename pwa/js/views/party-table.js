// A party table's phone (#/table/p/<party>/<table>/<token>): the table's link for the whole
// party. The token is kept on this phone and leaves the address bar at once. The screen says
// who sits where this round ("Table 2: Ann and Cy against Bo and Di"), opens the table's game
// on the ordinary score sheet, and follows the party (a read every few seconds, 304 while
// nothing changed): when the director starts the next round, its seating shows here.
import { h } from '../ui.js';
import { openGame } from '../parts/table-match.js';
import {
  everyFewSeconds,
  keptLink,
  linkRefused,
  readIfChanged,
  tableFrame,
} from '../parts/table-link.js';

const linkKey = (partyId, table) => `partylink:${partyId}:${table}`;

/** Render the table's screen; `linkToken` is the token from the link, if it had one. */
export async function render(main, partyId, table, linkToken) {
  const here = `#/table/p/${partyId}/${table}`;
  const token = await keptLink(linkKey(partyId, table), here, linkToken);
  const frame = tableFrame(main, table, token);
  if (!frame) return;
  const { box, say } = frame;
  let etag = null;
  let left = false;

  function draw(read) {
    const parts = [h('p', { class: 'muted', id: 'party-name' }, read.party.name)];
    if (!read.started || !read.game) {
      parts.push(
        h('p', { class: 'banner', id: 'waiting' }, `${read.party.name} has not started yet.`),
      );
      return box.replaceChildren(...parts);
    }
    const [a, b] = read.game.totals;
    parts.push(
      h('h2', { id: 'party-round' }, `Round ${read.round} of ${read.party.rounds}`),
      h('p', { class: 'turn seat-words', id: 'seat-words' }, read.words),
      h(
        'p',
        { class: 'muted', id: 'table-score' },
        `${read.game.teams[0].name} ${a}, ${read.game.teams[1].name} ${b}`,
      ),
    );
    if (read.waiting)
      parts.push(
        h(
          'p',
          { class: 'banner', id: 'waiting' },
          read.finished
            ? `${read.party.name} is over. Thank you for playing!`
            : 'This table is done: the next round shows here when the director starts it.',
        ),
      );
    else
      parts.push(
        h(
          'div',
          { class: 'actions' },
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              id: 'play-game',
              onclick: async () => say(await openGame(read.game.id, token, here)),
            },
            read.game.hands.length ? 'Keep score' : 'Start scoring',
          ),
        ),
      );
    box.replaceChildren(...parts);
  }

  async function refresh() {
    const res = await readIfChanged(`/api/parties/${partyId}/tables/${table}`, token, etag);
    if (res === 'offline') return say('No signal: this is the table as it stood.');
    if (left || res === null) return;
    if (res.status !== 200) {
      box.replaceChildren();
      return say(linkRefused(res, 'party'));
    }
    say('');
    etag = res.etag;
    draw(res.body);
  }

  await refresh();
  const stop = everyFewSeconds(refresh);
  return () => {
    left = true;
    stop();
  };
}
