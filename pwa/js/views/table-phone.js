// A table's phone for the whole event (#/table/<event>/<table>/<token>): the table's own link
// (docs/tournaments.md "A table's link"). The token is kept on this phone and leaves the
// address bar at once. The screen shows the match called to the table now, asks the losing
// team to sign each game, calls the director, and follows the table by itself (a read every
// few seconds, a 304 while nothing changed): the next match called here shows without a new
// link, and a game another phone at the table starts opens here too.
import { h, toast } from '../ui.js';
import { call, matchName } from '../director.js';
import { matchLines, playAtTable } from '../parts/table-match.js';
import { callPart, signCard } from '../parts/sign-off.js';
import { seatCard } from '../parts/seat-clock.js';
import {
  everyFewSeconds,
  keptLink,
  linkRefused,
  readIfChanged,
  tableFrame,
} from '../parts/table-link.js';
import { clockLine, keepDeadline } from '../parts/round-clock.js';

const linkKey = (eventId, table) => `tablelink:${eventId}:${table}`;

/** Render table `table`'s screen; `linkToken` is the token from the link, if it had one. */
export async function render(main, eventId, table, linkToken) {
  const here = `#/table/${eventId}/${table}`;
  const token = await keptLink(linkKey(eventId, table), here, linkToken);
  const frame = tableFrame(main, table, token);
  if (!frame) return;
  const { box, say } = frame;
  let etag = null;
  let shown = null; // {match, game} under way when last drawn: a new game of it opens here
  let left = false;

  /** Send a table write (`path` under the table), then draw the table it answers with. */
  async function send(path, body) {
    const res = await call('POST', `/api/events/${eventId}/tables/${table}/${path}`, token, body);
    if (res === null) return say('No signal: nothing was sent. Try again when online.');
    if (res.status !== 200) return say(linkRefused(res, 'event'));
    say('');
    etag = null; // the next read draws again
    await draw(res.body);
    return res.body;
  }

  /** "We're seated" (`here` null), or "We're here, they're not" (`here`: the team that came). */
  const seated = async (here) => {
    if (!(await send('seated', here === null ? {} : { here }))) return;
    toast(
      here === null
        ? 'Seated: the countdown stopped'
        : 'Noted: the director will know who is missing',
    );
  };

  /** Start the table's next game (or open the one under way) and go to its score sheet. */
  const play = async (read) => {
    await playAtTable(read.match, token, here, say);
    await keepDeadline(read.match.clock); // the game is kept here now: its sheet counts down
  };

  /** The match at the table: teams, the series, and what to do next. */
  function matchPart(read) {
    const t = read.match;
    const parts = [
      h(
        'p',
        { class: 'muted', id: 'table-match' },
        `${read.event.name} · ${matchName(null, t.bracket_match)}`,
      ),
      ...matchLines(t),
    ];
    if (!read.waiting && t.clock) parts.push(clockLine(t.clock, 'table-clock')); // round clock
    keepDeadline(t.clock); // the score sheet counts down too
    if (read.waiting)
      parts.push(
        h(
          'p',
          { class: 'banner', id: 'waiting' },
          read.event.finished
            ? `${read.event.name} is over. Thank you for playing!`
            : `Waiting for the next match at table ${table}: this screen shows it by itself.`,
        ),
      );
    return parts;
  }

  /** The table's next step, if any: score the game under way, or start the next one. */
  function playButton(read) {
    const t = read.match;
    if (!t || read.waiting) return null;
    const gameNo = t.current_game ? t.match.games.length : t.next_game_no;
    if (!gameNo) return null;
    return h(
      'button',
      { type: 'button', class: 'primary', id: 'play-game', onclick: () => play(read) },
      t.current_game ? `Score game ${gameNo}` : `Start game ${gameNo}`,
    );
  }

  async function draw(read) {
    if (left) return;
    const parts = [];
    if (read.to_sign)
      parts.push(
        signCard(read.to_sign, async () => {
          const signed = await send('sign-off', { game_id: read.to_sign.game_id });
          if (signed) toast('Signed: only the director can change it now');
        }),
      );
    if (!read.started)
      parts.push(h('p', { class: 'banner' }, `${read.event.name} has not started yet.`));
    else if (!read.match)
      parts.push(h('p', { class: 'banner', id: 'waiting' }, 'No match at this table yet.'));
    else parts.push(seatCard(read, seated), ...matchPart(read));
    // one bar under the thumb: the game to play, and the call (said above it once made)
    const called = callPart(read.call, () => send('call'));
    if (read.call) parts.push(called);
    const bar = [playButton(read), read.call ? null : called].filter(Boolean);
    parts.push(h('div', { class: 'actions' }, bar));
    box.replaceChildren(...parts.filter(Boolean));
    // the next game of the series, started by another phone at this table, opens here too
    // (nothing waiting to sign); a new match called here is shown, for its teams to see
    const current = read.match && !read.waiting ? read.match.current_game : null;
    const matchId = read.match?.match.id ?? null;
    const same = shown && shown.match === matchId;
    const opens = same && current && current !== shown.game && !read.to_sign;
    if (!same || current) shown = { match: matchId, game: current };
    if (opens) await play(read);
  }

  async function refresh() {
    const res = await readIfChanged(`/api/events/${eventId}/tables/${table}`, token, etag);
    if (left || res === null) return;
    if (res === 'offline')
      return say('No signal: this is the table as it stood. It catches up when online.');
    if (res.status !== 200) {
      box.replaceChildren();
      return say(linkRefused(res, 'event'));
    }
    say('');
    etag = res.etag;
    await draw(res.body);
  }

  await refresh();
  const stop = everyFewSeconds(refresh);
  return () => {
    left = true;
    stop();
  };
}
