// A table's match, as both table screens draw and play it (views/table.js, the older
// per-match link; views/table-phone.js, the table's own link): the teams and the series, and
// its game under way or its next one opened on the ordinary score sheet.
import * as api from '../api.js';
import { loadRulesets } from '../actions.js';
import { getGame, putGame, updateGame } from '../store.js';
import { keepMine, localGameFrom } from '../sync.js';
import { h, go } from '../ui.js';
import { call, seriesWords } from '../director.js';

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
