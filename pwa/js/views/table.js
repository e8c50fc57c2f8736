// A table's phone (#/t/<event>/<match>/<table token>): the director's table link. The token
// is kept on this phone (IndexedDB) and taken out of the address bar at once; the screen
// shows the match (teams, table, series score) and opens its current game on the ordinary
// score sheet, starting the next game of the match when one is due (no director needed: the
// game-over screen's "Next game" does the same).
import * as api from '../api.js';
import { loadRulesets } from '../actions.js';
import { getGame, getMeta, putGame, putMeta, updateGame } from '../store.js';
import { keepMine, localGameFrom } from '../sync.js';
import { h, go } from '../ui.js';
import { call, matchName, seriesWords } from '../director.js';

const tokenKey = (eventId, bracketId) => `table:${eventId}:${bracketId}`;

/** Keep the game on this phone (unless it is here already) and open its sheet; returns the
 * words to say when that cannot be done, else null. `here` is the table's route: the game
 * over screen of a decided match leads back to it instead of offering a casual rematch. */
export async function openGame(id, token, here) {
  const kept = await getGame(id);
  if (kept && kept.edit_token !== token) await takeNewLink(id, token, here);
  if (!kept) {
    const res = await call('GET', `/api/games/${id}`, token);
    if (res === null) return 'No signal: try again when online.';
    if (res.status !== 200) return api.errorMessage(res);
    await loadRulesets();
    await putGame({ ...localGameFrom({ ...res.body, id }, token, res.etag), table: here });
  }
  go(`#/g/${id}`);
  return null;
}

/** The director made this table a new link, and this phone scanned it (the table's read with
 * it worked): the game kept here writes with it from now on, and a write the old link could
 * not send (401/403, parked as over) is sent again, with its own Idempotency-Key. A match
 * the director settled (409 MATCH_SETTLED) stays parked: no link makes it playable. */
async function takeNewLink(id, token, here) {
  let resend = false;
  await updateGame(id, (g) => {
    g.edit_token = token;
    g.table = here;
    resend = Boolean(g.conflict?.over) && [401, 403].includes(g.conflict.status);
  });
  if (resend) await keepMine(id);
}

// how the director settled a match, as the table hears it (the API's bracket_match.how)
const SETTLED = {
  forfeit: 'The director recorded a forfeit',
  'no-show': 'The director recorded a no-show',
  correction: 'The director corrected the result',
};

/** Where the match stands: the director's word when they settled it, else the games' score. */
export function seriesSentence(t, names) {
  const m = t.match;
  const [a, b] = m.score;
  const said = SETTLED[t.bracket_match.how];
  if (said) {
    const winner = t.teams.find((team) => team.id === t.bracket_match.winner);
    return `${said}: ${winner ? winner.name : 'the other team'} won the match.`;
  }
  return m.decided
    ? `${names[m.winner]} won the match ${Math.max(a, b)}–${Math.min(a, b)}.`
    : `The match is ${seriesWords(m.first_to)}: ${names[0]} ${a}, ${names[1]} ${b}.`;
}

/** Open the table's game under way, or start its next one, on its score sheet (`t`, the
 * table view; `here`, the table's route; `say(words)` when it cannot). */
export async function playAtTable(t, token, here, say) {
  if (t.current_game) {
    const bad = await openGame(t.current_game, token, here);
    if (bad) say(bad);
    return;
  }
  const made = await call('POST', `/api/matches/${t.match.id}/games`, token, {
    game_no: t.next_game_no,
  });
  if (made === null) return say('No signal: the next game starts when online.');
  if (made.status !== 200 && made.status !== 201) return say(api.errorMessage(made));
  await loadRulesets();
  await putGame({ ...localGameFrom(made.body.game, token), table: here });
  go(`#/g/${made.body.game.id}`);
}

/** The match at a table (`t`, the table view): both teams with their players and games won,
 * and where the series stands. Shared with the table's own link (views/table-phone.js). */
export function matchLines(t) {
  const [a, b] = t.match.score;
  return [
    h(
      'ul',
      { class: 'list table-teams', id: 'table-teams' },
      t.teams.map((team, side) =>
        h(
          'li',
          { class: 'card' },
          h('strong', {}, team.name),
          h('span', { class: 'muted' }, ` ${team.players.join(' & ')}`),
          h('span', { class: 'team-score' }, ` ${side === 0 ? a : b}`),
        ),
      ),
    ),
    h(
      'p',
      { class: 'turn', id: 'series' },
      seriesSentence(
        t,
        t.teams.map((x) => x.name),
      ),
    ),
  ];
}

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
