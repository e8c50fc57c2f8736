// A crew's statistics (docs/crews.md "Every statistic"): one player's numbers with
// their rating over time and the crew's ratings (parts/crew-ratings.js), the made %
// by bid level chart, by contract, partnerships and head to head with its chart;
// filtered by ruleset and dates. Read from the server (one GET with If-None-Match); the last
// answer for the same filters is kept on this phone, so offline the screen shows that copy
// and says when it was read. Every chart has its table beside it (stat-charts.js).
import * as api from '../api.js';
import { getCrew } from '../crews.js';
import { getMeta, putMeta } from '../store.js';
import { ratingCards } from '../parts/crew-ratings.js';
import { madeByLevel, headToHead, statSection, percent } from '../stat-charts.js';
import { h, go } from '../ui.js';

const CONTRACTS = [
  ['plain', 'Points or marks'],
  ['nello', 'Nel-o'],
  ['plunge', 'Plunge'],
  ['splash', 'Splash'],
  ['sevens', 'Sevens'],
  ['dip', 'Dip'],
  ['dive', 'Dive'],
];
const PENALTIES = [
  ['renege', 'reneges'],
  ['table_talk', 'table talk'],
  ['exposed_domino', 'exposed dominoes'],
];
const RESULT_WORDS = { won: 'won', lost: 'lost', tied: 'tied' };

const keyOf = (id, f) => `crew-stats:${id}:${f.ruleset || ''}:${f.from || ''}:${f.to || ''}`;

/** GET a crew's `path` with If-None-Match, keeping the answer on this phone under `key`:
 * {body, at, offline} (fresh, or the copy kept here), or {error}. */
async function readKept(crew, path, key) {
  const kept = await getMeta(key);
  let res;
  try {
    res = await api.request('GET', path, {
      token: crew.token,
      headers: kept?.etag ? { 'If-None-Match': kept.etag } : {},
    });
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    return kept ? { ...kept, offline: true } : { offline: true };
  }
  if (res.status === 304 && kept) return { ...kept, at: Date.now() };
  if (res.status !== 200) return { error: api.errorMessage(res) };
  const fresh = { body: res.body, etag: res.etag, at: Date.now() };
  await putMeta(key, fresh);
  return fresh;
}

/** The statistics for the filters: {body, at, offline} (fresh, or the copy kept here). */
export function readStats(crew, filters) {
  const query = new URLSearchParams(
    Object.entries({ ruleset: filters.ruleset, from: filters.from, to: filters.to }).filter(
      ([, v]) => v,
    ),
  );
  return readKept(crew, `/api/crews/${crew.id}/stats?${query}`, keyOf(crew.id, filters));
}

/** The crew's ratings (every game, whatever the filters), kept like the statistics. */
const readRatings = (crew) =>
  readKept(crew, `/api/crews/${crew.id}/ratings`, `crew-ratings:${crew.id}`);

let chosen = null; // {crew, player}: the player shown stays chosen while the screen redraws

/** Render the statistics screen of a crew. */
export async function render(main, id) {
  const crew = await getCrew(id);
  if (!crew) {
    go('#/crews');
    return;
  }
  const presets = (await getMeta('rulesets')) || [];
  const filters = { ruleset: '', from: '', to: '' };
  const box = h('div', { id: 'stats-body', 'aria-live': 'polite' });
  const ruleset = h(
    'select',
    { id: 'stats-ruleset' },
    h('option', { value: '' }, 'Every ruleset'),
    presets.map((p) => h('option', { value: p.id }, p.name)),
  );
  const from = h('input', { type: 'date', id: 'stats-from' });
  const to = h('input', { type: 'date', id: 'stats-to' });
  const form = h(
    'form',
    { class: 'card filters', novalidate: true },
    h('label', { for: 'stats-ruleset' }, 'Rules'),
    ruleset,
    h('div', { class: 'names' }, h('label', {}, 'From', from), h('label', {}, 'To', to)),
    h('button', { id: 'stats-show' }, 'Show'),
  );
  let alive = true;
  const load = async () => {
    filters.ruleset = ruleset.value;
    filters.from = from.value;
    filters.to = to.value;
    box.replaceChildren(h('p', { class: 'muted' }, 'Reading the statistics…'));
    const [out, rated] = await Promise.all([readStats(crew, filters), readRatings(crew)]);
    if (alive) box.replaceChildren(...body(crew, out, rated.body ?? null, load));
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    load();
  });
  main.append(
    h('h1', {}, `${crew.name}: statistics`),
    form,
    box,
    h('p', {}, h('a', { class: 'btn', href: `#/crew/${crew.id}` }, crew.name)),
  );
  await load();
  return () => {
    alive = false;
  };
}

function body(crew, out, ratings, redraw) {
  if (out.error) return [h('p', { class: 'banner', role: 'alert' }, out.error)];
  if (!out.body) {
    return [
      h(
        'p',
        { class: 'banner', id: 'stats-offline' },
        'No signal: the statistics are worked out on the server from every phone’s games. Open this again with a signal.',
      ),
    ];
  }
  const stats = out.body;
  const nodes = [];
  if (out.offline) {
    const when = new Date(out.at).toLocaleString(undefined, {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
    nodes.push(
      h(
        'p',
        { class: 'banner', id: 'stats-offline' },
        `No signal: these are the statistics as read at ${when}. Games played since are not in them.`,
      ),
    );
  }
  if (!stats.players.length) {
    nodes.push(
      h('p', { class: 'muted' }, 'No games for these filters yet: play a game for the crew first.'),
    );
    return nodes;
  }
  if (chosen?.crew !== crew.id || !stats.players.some((p) => p.id === chosen.player))
    chosen = { crew: crew.id, player: stats.players[0].id };
  const player = stats.players.find((p) => p.id === chosen.player);
  nodes.push(
    h(
      'div',
      { class: 'chips', role: 'group', 'aria-label': 'Whose statistics' },
      stats.players.map((p) =>
        h(
          'button',
          {
            type: 'button',
            class: 'chip',
            'aria-pressed': String(p.id === player.id),
            onclick: () => {
              chosen.player = p.id;
              redraw();
            },
          },
          p.name,
        ),
      ),
    ),
    playerCard(player),
    ...ratingCards(ratings, player.id),
    statSection(h, madeByLevel(player.by_level, player.name, 'levels'), {
      id: 'levels',
      heading: `${player.name}: bids made by level`,
    }),
    contractCard(player),
    partnerships(stats, player),
  );
  // the player's partnership first: "Ann & Cy against Bob & Di" on Ann's screen
  const meetings = stats.head_to_head
    .filter((r) => r.a.split('+').includes(player.id) || r.b.split('+').includes(player.id))
    .map((r) => playerFirst(r.a.split('+').includes(player.id) ? r : flip(r), player.id));
  meetings.forEach((record, i) => {
    nodes.push(
      statSection(h, headToHead(record, `h2h-${i}`), {
        id: `h2h-${i}`,
        heading: `${record.a_names.join(' & ')} against ${record.b_names.join(' & ')}`,
      }),
    );
  });
  nodes.push(
    h(
      'p',
      { class: 'muted', id: 'stats-crew' },
      `The whole crew: ${stats.games} game${stats.games === 1 ? '' : 's'}, ${stats.crew.hands} hands, ${stats.crew.made} of ${stats.crew.bids} bids made.`,
    ),
  );
  return nodes;
}

/** A head-to-head record seen from its other side. */
const flip = (r) => ({
  ...r,
  a: r.b,
  b: r.a,
  a_names: r.b_names,
  b_names: r.a_names,
  a_wins: r.b_wins,
  b_wins: r.a_wins,
});

/** The record with the player's name first in their partnership ("Ann & Cy" for Ann). */
function playerFirst(r, id) {
  const at = r.a.split('+').indexOf(id);
  return { ...r, a_names: [r.a_names[at], ...r.a_names.filter((_, i) => i !== at)] };
}

/** A table of [words, value] rows with a caption (the numbers a player asks for). */
function factTable(id, caption, rows) {
  return h(
    'table',
    { class: 'chart-table facts', id },
    h('caption', {}, caption),
    h(
      'tbody',
      {},
      rows.map(([words, value]) =>
        h('tr', {}, h('th', { scope: 'row' }, words), h('td', {}, String(value))),
      ),
    ),
  );
}

const pctText = (value) => (value === null || value === undefined ? '–' : `${value}%`);

function playerCard(p) {
  const streak = p.streaks.current
    ? `${p.streaks.current.length} ${RESULT_WORDS[p.streaks.current.result]}`
    : '–';
  const rows = [
    ['Games', p.games],
    ['Won · lost · tied', `${p.wins} · ${p.losses} · ${p.ties}`],
    ['Win %', pctText(p.win_pct)],
  ];
  if (p.marks_for || p.marks_against || !(p.points_for || p.points_against))
    rows.push(['Marks for · against', `${p.marks_for} · ${p.marks_against}`]);
  if (p.points_for || p.points_against)
    rows.push(['Points for · against', `${p.points_for} · ${p.points_against}`]);
  rows.push(
    ['Hands played', p.hands],
    ['Bids won', p.bids],
    ['Bids made', `${p.made} (${pctText(p.made_pct)})`],
    ['Sets suffered', p.sets_suffered],
    ['Sets dealt', p.sets_dealt],
    [
      'Forced bids',
      p.forced.bids ? `${p.forced.bids}, made ${p.forced.made} (${pctText(p.forced.made_pct)})` : 0,
    ],
    [
      'Penalties',
      PENALTIES.filter(([k]) => p.penalties[k])
        .map(([k, words]) => `${p.penalties[k]} ${words}`)
        .join(', ') || 0,
    ],
    ['Longest winning run', p.streaks.longest_win],
    ['Latest run', streak],
  );
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'player-heading' },
    h('h2', { id: 'player-heading' }, p.name),
    factTable('player-facts', `${p.name}'s games and bids`, rows),
  );
}

function contractCard(p) {
  const rows = CONTRACTS.filter(([k]) => p.by_contract[k]?.bids).map(([k, words]) => {
    const { bids, made } = p.by_contract[k];
    return h(
      'tr',
      {},
      h('th', { scope: 'row' }, words),
      h('td', {}, String(bids)),
      h('td', {}, String(made)),
      h('td', {}, percent(made, bids)),
    );
  });
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'contract-heading' },
    h('h2', { id: 'contract-heading' }, 'Bids by contract'),
    rows.length
      ? h(
          'table',
          { class: 'chart-table', id: 'contracts' },
          h('caption', {}, `${p.name}'s bids by contract`),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Contract', 'Bids', 'Made', 'Made %'].map((c) => h('th', { scope: 'col' }, c)),
            ),
          ),
          h('tbody', {}, rows),
        )
      : h('p', { class: 'muted' }, `${p.name} has not won a bid yet.`),
  );
}

/** The other players of a partnership (a side of three seats has two partners). */
const partners = (pair, player) => pair.names.filter((_, i) => pair.players[i] !== player.id);

function partnerships(stats, player) {
  const mine = stats.partnerships.filter((x) => x.players.includes(player.id));
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'pairs-heading' },
    h('h2', { id: 'pairs-heading' }, 'Partnerships'),
    mine.length
      ? h(
          'table',
          { class: 'chart-table', id: 'partnerships' },
          h('caption', {}, `${player.name}'s partnerships`),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Partner', 'Games', 'Won', 'Win %'].map((c) => h('th', { scope: 'col' }, c)),
            ),
          ),
          h(
            'tbody',
            {},
            mine.map((x) =>
              h(
                'tr',
                {},
                h('th', { scope: 'row' }, partners(x, player).join(' & ')),
                h('td', {}, String(x.games)),
                h('td', {}, String(x.wins)),
                h('td', {}, pctText(x.win_pct)),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, `${player.name} has no partnership on record yet.`),
  );
}
