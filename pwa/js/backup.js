// The phone's backup (docs/export.md): every game in IndexedDB, the outbox of changes not yet
// sent and the settings, as one file in the export format; and its restore, which adds what
// this phone lacks and never overwrites a game it has. Loaded only when the Backup screen opens.
import * as store from './store.js';
import * as api from './api.js';
import { handInput, sameHand, score, sideCount, sideName, seatName, seatsOf } from './game.js';
import { localGameFrom } from './sync.js';

export const FORMAT = 'tally42-export';
export const VERSION = 1;

/** The teams as the export writes them: each side's name and its players in seat order. */
function teamsOf(game) {
  return Array.from({ length: sideCount(game.rules) }, (_, side) => {
    const team = (game.teams || [])[side] || {};
    const players = team.players || seatsOf(game.rules, side).map((seat) => seatName(game, seat));
    return { name: team.name || sideName(game, side), players };
  });
}

/** One phone game as an export entry (docs/export.schema.json, `game`). */
export function exportEntry(game) {
  const { state } = score(game);
  return {
    id: game.id,
    ruleset: game.ruleset,
    rules: game.overrides || {},
    teams: teamsOf(game),
    first_dealer: game.first_dealer || 0,
    start_totals: game.start_totals || null,
    hands: game.hands.map((x) => ({ hand_no: x.hand_no, hand: handInput(x) })),
    set_aside: game.set_aside || null,
    match: null, // the server keeps a game's match; the phone reads it from there
    created_at: new Date(game.created_at || Date.now()).toISOString().replace(/\.\d+Z$/, 'Z'),
    totals: state ? state.totals : [],
    game_over: Boolean(state?.game_over),
    winner: state ? state.winner : null,
  };
}

/** The whole phone as one export document (with its own `device` part). */
export async function backupDocument() {
  const games = (await store.allGames()).sort((a, b) => a.created_at - b.created_at);
  // every kept setting, whatever its key: the cached rulesets, the crews this phone belongs to
  // with their tokens and rosters (meta `crews`, docs/crews.md), and the tournaments it
  // directs with their director tokens (meta `events`: like the games' edit tokens, the file
  // is private), so a restored phone can still play and run them
  const settings = Object.fromEntries((await store.allMeta()).map((row) => [row.key, row.value]));
  return {
    format: FORMAT,
    version: VERSION,
    exported_at: new Date().toISOString(),
    games: games.map(exportEntry),
    matches: [],
    device: { games, outbox: await store.outboxAll(), settings },
  };
}

/** Offer `text` as a file download named `name`. */
export function download(name, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Write the backup file; resolves with how many games it holds. */
export async function backUp() {
  const doc = await backupDocument();
  const day = new Date().toISOString().slice(0, 10);
  download(`tally42-backup-${day}.json`, JSON.stringify(doc));
  return doc.games.length;
}

/** A game in words: "Ann & Bo v Cy & Di, 5 hands, started 23 Nov" (games alike told apart). */
function named(game) {
  const teams = (game.teams || []).map((t) => t.name).join(' v ') || 'A game';
  const n = game.hands.length;
  const hands = `${n} hand${n === 1 ? '' : 's'}`;
  const when = new Date(game.created_at);
  if (Number.isNaN(when.getTime())) return `${teams}, ${hands}`;
  const day = when.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return `${teams}, ${hands}, started ${day}`;
}

const sameHands = (a, b) =>
  a.hands.length === b.hands.length && a.hands.every((x, i) => sameHand(x, b.hands[i]));

/** Read a chosen file as an export; throws an Error in a player's words if it is not one. */
export function readFile(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error('This file is not a Tally 42 backup: it could not be read.');
  }
  if (doc?.format !== FORMAT || !Array.isArray(doc.games)) {
    throw new Error('This file is not a Tally 42 backup or export.');
  }
  if (doc.version !== VERSION) {
    throw new Error('This file was written by a newer Tally 42: update the app and try again.');
  }
  return doc;
}

/** Lines of the report: one per game, in a player's words. */
function report(games, outcome) {
  const words = {
    added: (g) => `${named(g)}: restored.`,
    same: (g) => `${named(g)}: already on this phone, nothing changed.`,
    other: (g) => `${named(g)}: this phone has other hands for it; kept as it is.`,
  };
  return games.map((g) => ({ id: g.id, outcome: outcome[g.id], text: words[outcome[g.id]](g) }));
}

/** A phone game that can be kept: an id, a token, its rules, and hands the rules accept. */
function usable(g) {
  if (!g || typeof g.id !== 'string' || typeof g.edit_token !== 'string') return false;
  if (!Array.isArray(g.hands) || !Array.isArray(g.rules?.sides)) return false;
  return !score(g).error;
}

/** Restore a backup's device part: add what is missing, overwrite nothing. */
async function restoreDevice(device) {
  const all = Array.isArray(device.games) ? device.games : [];
  const games = all.filter(usable);
  const ops = (Array.isArray(device.outbox) ? device.outbox : []).slice();
  ops.sort((a, b) => (a.seq || 0) - (b.seq || 0));
  const outcome = await store.addMissing(games, ops, device.settings, sameHands);
  const lines = report(games, outcome);
  const left = all.length - games.length;
  if (left) {
    const text = `${left} game${left === 1 ? '' : 's'} in the file could not be read; left out.`;
    lines.push({ id: null, outcome: 'error', text });
  }
  return lines;
}

/** Restore an export without a device part through the server's import (online only): each
 * game the server creates comes back with a new edit token and is kept on this phone. */
async function restoreExport(doc) {
  let res;
  try {
    res = await api.request('POST', '/api/import', { body: doc });
  } catch {
    throw new Error('No signal: a file exported from the server is restored when online.');
  }
  if (res.status >= 400) throw new Error(api.errorMessage(res));
  const lines = [];
  const crew =
    res.body.crew?.outcome === 'created' ? await keepCrew(doc.crew, res.body.crew) : null;
  for (const item of res.body.games) {
    const entry = doc.games.find((g) => g.id === item.id);
    if (item.outcome === 'created') {
      const got = await api.getGame(item.id, item.edit_token);
      const seats = crew && doc.crew.games.find((x) => x.game_id === item.id)?.seats;
      if (got.status === 200) {
        const game = localGameFrom(got.body, item.edit_token, got.etag);
        if (seats) game.crew = { id: crew.id, seats, attached: true };
        await store.putGame(game);
      }
    }
    const here = item.outcome === 'unchanged' && (await store.getGame(item.id));
    lines.push({
      id: item.id,
      outcome: item.outcome,
      text:
        item.outcome === 'created'
          ? `${named(entry)}: restored.`
          : here
            ? `${named(entry)}: already on this phone, nothing changed.`
            : item.outcome === 'unchanged'
              ? `${named(entry)}: the server already has it; open its link on this phone to see it here.`
              : `${named(entry)}: the server has other hands for it; kept as it is.`,
    });
  }
  if (res.body.crew) {
    const held = ((await store.getMeta('crews')) || []).some((c) => c.id === res.body.crew.id);
    lines.push(crewLine(doc.crew, res.body.crew, held && !crew));
  }
  if (res.body.event) lines.push(await keepRun('event', doc.event, res.body.event));
  if (res.body.party) lines.push(await keepRun('party', doc.party, res.body.party));
  return lines;
}

/** Keep an event or party the server's import created (its export): its director and public
 * tokens, shown this once, join those this phone runs (meta `events` or `parties`, as the
 * director's screens keep them; loaded only now). The report's line, in a director's words. */
async function keepRun(kind, part, item) {
  if (item.outcome === 'created') {
    const fields = { name: part.name, token: item.director_token, public_token: item.public_token };
    if (kind === 'event') {
      await (await import('./director.js')).keepEvent(item.id, { ...fields, date: part.date });
    } else {
      await (await import('./party.js')).keepParty(item.id, fields);
    }
  }
  const text = {
    created: `${part.name}: restored, and this phone runs it. Make each table's new link from its screen.`,
    unchanged: `${part.name}: the server already has it, the same; its director's phone runs it.`,
    conflict: `${part.name}: the server has it with other teams or results; kept as it is.`,
  }[item.outcome];
  return { id: item.id, outcome: item.outcome, text: text || item.message };
}

/** Keep a crew the server's import created (a crew's export): its token, shown this once,
 * lands beside the crews this phone already holds (meta `crews`, as the crew screens keep
 * them), so this phone is one of the crew's phones. */
async function keepCrew(part, made) {
  const crews = (await store.getMeta('crews')) || [];
  const crew = {
    id: made.id,
    name: part.name,
    token: made.token,
    join_url: made.join_url,
    players: part.players.map((p) => ({ id: p.id, name: p.name })),
  };
  if (!crews.some((c) => c.id === crew.id)) await store.putMeta('crews', [...crews, crew]);
  return crew;
}

/** The report's line for a crew's export, in a player's words. */
function crewLine(part, item, held) {
  const text = {
    created: `${part.name}: the crew was restored, and this phone is one of its phones.`,
    unchanged: held
      ? `${part.name}: this crew is already on this phone, nothing changed.`
      : `${part.name}: the server already has this crew; open its join link on this phone.`,
    conflict: `${part.name}: the server has this crew with other players or games; kept as it is.`,
  }[item.outcome];
  return { id: item.id, outcome: item.outcome, text: text || item.message };
}

/** Restore from a file's text; resolves with the report lines. */
export function restore(text) {
  const doc = readFile(text);
  return doc.device ? restoreDevice(doc.device) : restoreExport(doc);
}

/** Download one game as a file: the server's export when it has the game (its CSV words, its
 * match), else the JSON from this phone (offline, or not sent yet). */
export async function exportGame(game, format) {
  const name = `tally42-${game.id.slice(0, 8)}.${format}`;
  try {
    const res = await fetch(`/api/games/${game.id}/export?format=${format}`, {
      headers: { Authorization: `Bearer ${game.edit_token}` },
      cache: 'no-store',
    });
    if (res.ok) return download(name, await res.text(), res.headers.get('Content-Type'));
  } catch {
    // no signal: the phone's own copy below
  }
  if (format === 'csv') {
    throw new Error('The spreadsheet file is written by the server: try again with a signal.');
  }
  const doc = { format: FORMAT, version: VERSION, games: [exportEntry(game)], matches: [] };
  return download(name, JSON.stringify(doc));
}

/** The games of this phone, newest first, each with its words (for the per-game files). */
export async function gamesForExport() {
  const games = (await store.allGames()).sort((a, b) => b.created_at - a.created_at);
  return games.map((game) => ({ game, words: named(game) }));
}
