// The director screens' words (pwa/js/director.js, node --test): matches named as a director
// says them in every format (docs/tournament-screens.md), series words
// from `first_to` (Timpson's "first round 3 of 5, later rounds 2 of 3"), and how a match
// stands, never a bracket id or a status code.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  callWords,
  crewSeeding,
  firstToWords,
  keptTableLinks,
  matchName,
  needWords,
  pairing,
  recordWords,
  seedingsFor,
  seriesWords,
  statusWords,
  tableMatchWords,
  tablesWithoutLink,
} from '../../pwa/js/director.js';

const ids = (list) => list.map((id) => ({ id, round: Number(id.slice(1).split('.')[0]) }));
const event = (format, list) => ({ format, matches: ids(list), teams: TEAMS });
const TEAMS = [
  { id: 7, name: 'Rangers' },
  { id: 9, name: 'Aggies' },
];

test("a match's name is the server's, found by id, or its code from an older view", () => {
  // the server names every match (api/pages/match_names.py, tests/api/test_match_names.py)
  const ev = {
    format: 'double-elimination',
    teams: TEAMS,
    matches: [
      { id: 'W1.1', round: 1, name: "Winners' round 1, match 1" },
      { id: 'L2.1', round: 2, name: "Losers' final" },
      { id: 'G1', round: 1 },
    ],
  };
  assert.deepEqual(
    ev.matches.map((m) => matchName(ev, m)),
    ["Winners' round 1, match 1", "Losers' final", 'G1'],
  );
  assert.equal(matchName(ev, { id: 'L2.1' }), "Losers' final"); // a step names only the id
  assert.equal(matchName(null, { id: 'W3.1', name: 'Final' }), 'Final'); // the table's phone
});

test('series words follow first_to', () => {
  assert.equal(seriesWords(1), 'one game');
  assert.equal(seriesWords(2), 'first to 2 games (best of 3)');
  assert.equal(
    firstToWords([3, 2]),
    'Round 1: first to 3 games (best of 5); later rounds: first to 2 games (best of 3)',
  );
  assert.equal(firstToWords([2, 2]), 'Every match: first to 2 games (best of 3)');
});

test('how a match stands, in words', () => {
  const ev = event('single-elimination', ['W1.1']);
  const m = { id: 'W1.1', teams: [7, 9], score: [1, 2], winner: 9, how: 'games', status: 'played' };
  assert.equal(pairing(ev, m), 'Rangers v Aggies');
  assert.equal(pairing(ev, { ...m, teams: [null, null] }), 'Teams not known yet');
  assert.equal(pairing(ev, { ...m, teams: [7, 'bye'] }), 'Rangers v a bye');
  assert.equal(statusWords(ev, m), 'Aggies won 2–1');
  assert.equal(statusWords(ev, { ...m, how: 'forfeit' }), 'Aggies won by forfeit');
  assert.equal(statusWords(ev, { ...m, how: 'no-show' }), 'Aggies won (no-show)');
  assert.equal(
    statusWords(ev, { ...m, how: 'correction' }),
    'Aggies won (corrected by the director)',
  );
  assert.equal(statusWords(ev, { ...m, status: 'playing', table: 3 }), 'At table 3, 1–2');
  assert.equal(statusWords(ev, { ...m, status: 'waiting' }), 'Waiting for earlier matches');
  assert.equal(
    statusWords(ev, { ...m, status: 'bye', winner: 7 }),
    'Rangers goes through on a bye',
  );
});

test('a table card says its match’s games once, never "At table 1" under "Table 1"', () => {
  // docs/tournament-screens.md "After the start": the match, the series score, when called
  const ev = event('single-elimination', ['W1.1']);
  const m = { id: 'W1.1', teams: [7, 9], score: [1, 0], status: 'playing', table: 1 };
  assert.equal(tableMatchWords(ev, m), 'Games so far: Rangers 1, Aggies 0');
  const called = tableMatchWords(ev, { ...m, called_at: '2026-11-21T16:15:00Z' });
  assert.match(called, /^Games so far: Rangers 1, Aggies 0 · called at \d{1,2}:15/);
  assert.doesNotMatch(called, /table/i);
  assert.equal(
    tableMatchWords(ev, { ...m, status: 'held' }),
    'Held: an earlier result changed after this match began',
  );
  // docs/tournaments.md "Calling tables": seated, one team here, or the time to sit down by
  assert.equal(
    tableMatchWords(ev, { ...m, seated: true }),
    'Games so far: Rangers 1, Aggies 0 · seated',
  );
  assert.equal(
    tableMatchWords(ev, { ...m, here: 9 }),
    'Games so far: Rangers 1, Aggies 0 · Aggies here, Rangers not yet',
  );
  const by = tableMatchWords(ev, { ...m, seat_by: '2026-11-21T16:20:00Z' });
  assert.match(by, /^Games so far: Rangers 1, Aggies 0 · to sit down by \d{1,2}:20/);
});

test('the tables needing a link: a called match with no link kept for it on this phone', () => {
  // docs/tournament-screens.md "After the start": a match called by a deciding hand gets
  // "Make table 3's link"; a token kept for an earlier api match of the bracket id is stale
  const ev = {
    ...event('single-elimination', ['W1.1', 'W1.2', 'W1.3', 'W2.1']),
    table_plan: [
      { table: 1, playing: 'W1.1', next: null },
      { table: 2, playing: null, next: null },
      { table: 3, playing: 'W1.3', next: null },
      { table: 4, playing: 'W1.2', next: null },
    ],
  };
  ev.matches[0].match_id = 'a';
  ev.matches[1].match_id = 'b';
  ev.matches[2].match_id = 'c';
  const kept = { 'W1.1': { token: 't', match_id: 'a' }, 'W1.3': { token: 'u', match_id: 'old' } };
  const need = tablesWithoutLink(ev, kept);
  assert.deepEqual(
    need.map((x) => [x.table, x.match.id]),
    [
      [3, 'W1.3'],
      [4, 'W1.2'],
    ],
  );
  assert.equal(needWords(need), 'Tables 3 and 4 need their links.');
  assert.equal(needWords(need.slice(1)), 'Table 4 needs its link.');
  assert.equal(
    needWords([{ table: 1 }, { table: 5 }, { table: 7 }]),
    'Tables 1, 5 and 7 need their links.',
  );
  assert.deepEqual(
    tablesWithoutLink(ev, { ...kept, 'W1.3': { match_id: 'c' }, 'W1.2': { match_id: 'b' } }),
    [],
  );
});

test('the records in words: who forfeited, who did not show, who won on a correction', () => {
  const ev = event('single-elimination', ['W1.1', 'W1.2', 'W2.1']);
  ev.matches[0].name = 'Semifinal 1'; // as the server names it
  const say = (kind) => recordWords(ev, { match: 'W1.1', kind, winner: 7, loser: 9 });
  assert.equal(say('forfeit'), 'Semifinal 1, forfeit by Aggies');
  assert.equal(say('no-show'), 'Semifinal 1, Aggies did not show');
  assert.equal(say('correction'), 'Semifinal 1, corrected: Rangers won');
});

test('a table with its own link never needs one, and a call is said as the hall says it', () => {
  // docs/tournaments.md "A table's link": the link follows the table from match to match
  const ev = {
    table_plan: [
      { table: 1, playing: 'W1.3' },
      { table: 2, playing: 'W1.2' },
    ],
    matches: [
      { id: 'W1.3', match_id: 'c' },
      { id: 'W1.2', match_id: 'b' },
    ],
  };
  assert.deepEqual(
    tablesWithoutLink(ev, {}, { 1: 'token' }).map((x) => x.table),
    [2],
  );
  assert.deepEqual(tablesWithoutLink(ev, {}, { 1: 'a', 2: 'b' }), []);
  // offline, the screen shows the table's own link first (it never goes out of date)
  const entry = {
    seen: { tables: [{ table: 1, match: 'W1.3', match_id: 'c', words: 'x' }] },
    tables: { 'W1.3': { token: 'per-match', match_id: 'c' } },
    links: { 1: 'own' },
  };
  assert.deepEqual(
    keptTableLinks(entry).map((t) => [t.token, t.own]),
    [['own', true]],
  );
  assert.equal(callWords([{ table: 2 }]), 'Table 2 calls the director');
  assert.equal(
    callWords([{ table: 2 }, { table: 5 }, { table: 7 }]),
    'Tables 2, 5 and 7 call the director',
  );
});

test('a tournament made for a crew may be seeded by its ratings, sending its token then only', () => {
  // docs/tournaments.md "Seeding by rating": `seeding: "rating"` with the crew's token
  const crew = { id: 'c1', name: 'Austin 42 Club', token: 'tok' };
  assert.deepEqual(
    seedingsFor(crew).map(([value]) => value),
    ['listed', 'random', 'rating'],
  );
  assert.equal(seedingsFor(crew).at(-1)[1], 'By rating');
  assert.deepEqual(
    seedingsFor(null).map(([value]) => value),
    ['listed', 'random'],
  );
  assert.deepEqual(crewSeeding(crew, 'rating'), { crew_token: 'tok' });
  assert.deepEqual(crewSeeding(crew, 'listed'), {});
  assert.deepEqual(crewSeeding(null, 'rating'), {});
});
