// The director's side of a tournament (docs/tournaments.md): the events run from this phone,
// their director tokens and the table tokens handed out, kept in IndexedDB like a game's edit
// token (never in a URL), the event routes of the API, and the words for matches and formats.
// Loaded only by the tournament screens. Running an event needs the network: every call here
// resolves to null when there is no signal, and the screens say so.
import { request } from './api.js';
import { keptList } from './kept-list.js';

const KEY = 'events'; // meta row: [{id, name, date, token, public_token, tables}]

const kept = keptList(KEY, (id) => ({ id, tables: {} }));

/** The events this phone runs, newest first. */
export const myEvents = kept.all;

/** This phone's record of one event (with its director token), or undefined. */
export const myEvent = kept.one;

/** Add or update this phone's record of an event (fields merged into what is kept). */
export const keepEvent = kept.keep;

/** Forget an event this phone ran (it was deleted): its director and table tokens go. */
export const forgetEvent = kept.forget;

/** Keep the table tokens an answer carries ({bracket id: token}) with their api match ids,
 * and each table's own link (the start's `new_table_links`, {table: token}: docs/tournaments.md
 * "A table's link"), kept as `links`. */
export async function keepTableTokens(id, view) {
  const own = view?.new_table_links || {};
  if (Object.keys(own).length) {
    const entry = await myEvent(id);
    await keepEvent(id, { links: { ...(entry?.links || {}), ...own } });
  }
  const tokens = view?.new_table_tokens || {};
  if (!Object.keys(tokens).length) return;
  const entry = await myEvent(id);
  const tables = { ...(entry?.tables || {}) };
  for (const [bracketId, token] of Object.entries(tokens)) {
    const m = (view.matches || []).find((x) => x.id === bracketId);
    tables[bracketId] = { token, match_id: m?.match_id ?? null };
  }
  await keepEvent(id, { tables });
}

/** Keep which match each table was playing, in words, when the director's screen last read
 * the event (written only when it changes): offline, a screen opened afresh shows the table
 * links this phone holds for them, saying when they are from. Not a copy of the bracket:
 * only the names a director needs to hand a link to the right table. */
export async function keepTablesSeen(id, view) {
  const tables = (view.table_plan || []).flatMap((plan) => {
    const m = view.matches.find((x) => x.id === plan.playing);
    return m
      ? [
          {
            table: plan.table,
            match: m.id,
            match_id: m.match_id,
            words: `${matchName(view, m)}: ${pairing(view, m)}`,
          },
        ]
      : [];
  });
  const seen = (await myEvent(id))?.seen;
  if (JSON.stringify(seen?.tables) === JSON.stringify(tables)) return;
  await keepEvent(id, { seen: { at: new Date().toISOString(), tables } });
}

/** The kept table links of the tables last seen: [{table, words, token, match, own}], for
 * the tables whose own link (`own`: it follows the table) or whose match's token this phone
 * holds (a token of an older match does not count). */
export function keptTableLinks(entry) {
  return (entry?.seen?.tables || []).flatMap((t) => {
    const link = entry.links?.[t.table];
    if (link) return [{ ...t, token: link, own: true }];
    const mine = entry.tables?.[t.match];
    return mine && mine.match_id === t.match_id ? [{ ...t, token: mine.token }] : [];
  });
}

/** One API call; null when there is no signal (fetch's TypeError), else {status, body}. */
export async function call(method, path, token, body) {
  try {
    return await request(method, path, { token, body });
  } catch (err) {
    if (err instanceof TypeError) return null;
    throw err;
  }
}

export const OFFLINE =
  'No signal: running a tournament needs the network. Nothing was changed; try again when online.';

/** A table's link: the fragment carries the token, so it never reaches a server log. */
export function tableLink(eventId, bracketId, token) {
  return `${location.origin}/#/t/${eventId}/${bracketId}/${token}`;
}

/** A table's own link, for the whole event: the phone follows whatever match is called to
 * the table. The fragment carries the token. */
export function tableOwnLink(eventId, table, token) {
  return `${location.origin}/#/table/${eventId}/${table}/${token}`;
}

/** The board's address (the public, read-only page for a TV), and the public data. */
export const boardLink = (publicToken) => `${location.origin}/b/${publicToken}`;
export const publicLink = (publicToken) => `${location.origin}/api/e/${publicToken}`;

export const FORMATS = [
  ['single-elimination', 'Single elimination'],
  ['double-elimination', 'Double elimination'],
  ['round-robin', 'Round robin'],
  ['round-robin-playoff', 'Round robin, then a championship'],
  ['swiss', 'Swiss'],
  ['drawn', 'Drawn rounds'],
];

/** Who shakes first in a match's next game, and the seeding: the event form's and the
 * settings panel's choices. */
export const SHAKE_CHOICES = [
  ['rotate', 'Take turns'],
  ['loser', "Last game's loser"],
  ['draw', 'Drawn at the table'],
];
export const SHAKE_LEGEND = 'Who shakes first in the next game of a match';
export const SEEDINGS = [
  ['listed', 'As listed'],
  ['random', 'Random draw'],
];

/** Seeding by the crew's ratings (docs/tournaments.md "Seeding by rating"). */
export const BY_RATING = ['rating', 'By rating'];

/** The seedings the new-event form offers: by rating too when the event is made for a crew
 * whose token this phone holds (docs/tournaments.md "Seeding by rating"). */
export function seedingsFor(crew) {
  return crew?.token ? [...SEEDINGS, BY_RATING] : SEEDINGS;
}

/** What the new event's body adds for `crew` seeded by rating: the crew's token, which the
 * server reads the ratings with and never keeps. */
export function crewSeeding(crew, seeding) {
  return seeding === 'rating' && crew?.token ? { crew_token: crew.token } : {};
}

/** "first to 2 games (best of 3)". */
export function seriesWords(n) {
  if (n === 1) return 'one game';
  return `first to ${n} games (best of ${2 * n - 1})`;
}

/** "Round 1: first to 3 games (best of 5); later rounds: first to 2 games (best of 3)". */
export function firstToWords(firstTo) {
  if (firstTo.length === 1 || firstTo.every((n) => n === firstTo[0]))
    return `Every match: ${seriesWords(firstTo[0])}`;
  const parts = firstTo.map((n, i) =>
    i === firstTo.length - 1 && i > 0
      ? `later rounds: ${seriesWords(n)}`
      : `round ${i + 1}: ${seriesWords(n)}`,
  );
  return parts.join('; ').replace(/^r/, 'R');
}

/**
 * A match's one name (docs/tournaments.md "Naming a match"): "Winners' round 1, match 3",
 * "Semifinal 2", "Final", "Grand final". The server names every match in its views
 * (api/pages/match_names.py), so the board, this phone and the table's phone say the same;
 * a view kept from before it did falls back to the code ("W1.3"). `event` may be null.
 */
export function matchName(event, m) {
  const found = m?.name ?? (event?.matches || []).find((x) => x.id === m?.id)?.name;
  return found ?? m?.id ?? '';
}

/** The name of a side of a match: the team's, "a bye", or "to be decided". */
export function sideWords(event, side) {
  if (side === 'bye') return 'a bye';
  if (side === null || side === undefined) return 'to be decided';
  return event.teams.find((t) => t.id === side)?.name ?? 'a team';
}

/** "Rangers v Aggies"; "Teams not known yet" while both wait for earlier matches. */
export function pairing(event, m) {
  if (m.teams.every((t) => t === null)) return 'Teams not known yet';
  return `${sideWords(event, m.teams[0])} v ${sideWords(event, m.teams[1])}`;
}

/** A clock time "4:15 PM" from an ISO time (null stays empty). */
export function clock(iso) {
  if (!iso) return '';
  return new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

/** How a match stands, in words. */
export function statusWords(event, m) {
  const [a, b] = m.score || [0, 0];
  switch (m.status) {
    case 'playing':
      return `At table ${m.table}, ${a}–${b}`;
    case 'waiting-for-table':
      return m.est_start
        ? `Waiting for a table, about ${clock(m.est_start)}`
        : 'Waiting for a table';
    case 'waiting':
      return 'Waiting for earlier matches';
    case 'bye':
      return `${sideWords(event, m.winner)} goes through on a bye`;
    case 'void':
      return 'Not needed';
    case 'held':
      return 'Held: an earlier result changed after this match began';
    case 'paired':
      return 'Drawn up: goes to a table when its round starts';
    case 'played': {
      const how = {
        forfeit: ' by forfeit',
        'no-show': ' (no-show)',
        correction: ' (corrected by the director)',
      }[m.how];
      const score = m.how === 'games' ? ` ${Math.max(a, b)}–${Math.min(a, b)}` : '';
      return `${sideWords(event, m.winner)} won${score}${how || ''}`;
    }
    default:
      return '';
  }
}

/** Whether a playing match's teams sat down (docs/tournaments.md "Calling tables"): "seated",
 * "Owls here, Bears not yet", "to sit down by 4:20 PM", or nothing without a countdown. */
export function seatWords(event, m) {
  if (m.seated) return ' · seated';
  if (m.here != null) {
    const other = m.teams.find((t) => t !== m.here);
    return ` · ${sideWords(event, m.here)} here, ${sideWords(event, other)} not yet`;
  }
  return m.seat_by ? ` · to sit down by ${clock(m.seat_by)}` : '';
}

/** How the match at a table stands, said under its "Table 1" heading, so never "At table 1"
 * again: "Games so far: Rangers 1, Owls 0 · called at 4:15 PM · seated". A match not playing
 * (held) says its status instead. */
export function tableMatchWords(event, m) {
  const called = m.called_at ? ` · called at ${clock(m.called_at)}` : '';
  if (m.status !== 'playing') return `${statusWords(event, m)}${called}`;
  const [a, b] = m.score || [0, 0];
  return `Games so far: ${sideWords(event, m.teams[0])} ${a}, ${sideWords(event, m.teams[1])} ${b}${called}${seatWords(event, m)}`;
}

/** The tables whose called match has no table link on this phone, lowest table first, as
 * [{table, match}]. A match called by a table's deciding hand (or a table's read) hands its
 * link to no one: the director makes it. `kept` is this phone's {bracket id: {token,
 * match_id}}; a token kept for an older match of the same bracket id does not count. `links`:
 * the tables' own links this phone keeps ({table: token}): those tables need none. */
export function tablesWithoutLink(event, kept, links = {}) {
  return (event.table_plan || []).flatMap((plan) => {
    const m = event.matches.find((x) => x.id === plan.playing);
    if (!m || links[plan.table]) return []; // a table with its own link follows its matches
    const mine = kept?.[m.id];
    return mine && mine.match_id === m.match_id ? [] : [{ table: plan.table, match: m }];
  });
}

/** "Table 3 needs its link." / "Tables 1, 3 and 5 need their links." */
export function needWords(tables) {
  const n = tables.map((t) => t.table);
  if (n.length === 1) return `Table ${n[0]} needs its link.`;
  return `Tables ${n.slice(0, -1).join(', ')} and ${n.at(-1)} need their links.`;
}

/** A line of the director's records: "Semifinal 1, forfeit by Owls", "Semifinal 1, Owls did
 * not show", "Semifinal 1, corrected: Rangers won". */
export function recordWords(event, r) {
  const m = event.matches.find((x) => x.id === r.match) || { id: r.match };
  const what = {
    forfeit: `forfeit by ${sideWords(event, r.loser)}`,
    'no-show': `${sideWords(event, r.loser)} did not show`,
    correction: `corrected: ${sideWords(event, r.winner)} won`,
  }[r.kind];
  return `${matchName(event, m)}, ${what}`;
}

/** "Table 2 calls the director" / "Tables 2 and 5 call the director". */
export function callWords(calls) {
  const n = calls.map((c) => c.table);
  if (n.length === 1) return `Table ${n[0]} calls the director`;
  return `Tables ${n.slice(0, -1).join(', ')} and ${n.at(-1)} call the director`;
}
