// The question "Delete this party" asks (pwa/js/party.js partyDeleteWords, node --test): what
// goes, counted in a director's words, singular and plural, before and after the start.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { partyDeleteWords } from '../../pwa/js/party.js';

const table = { table: 1 };

test('before the start: the players and the board', () => {
  const party = { name: 'Church social', players: ['Ann', 'Bo'], seating: [], started: false };
  assert.equal(
    partyDeleteWords(party),
    'Delete Church social for good? Its 2 players go with it, and every link to it stops ' +
      'working: the board on the TV. This cannot be undone.',
  );
});

test('two rounds in: every table game of every round, and the tables’ links', () => {
  const party = {
    name: 'Church social',
    players: ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'],
    seating: [{ tables: [table, table] }, { tables: [table, table] }],
    started: true,
  };
  assert.equal(
    partyDeleteWords(party),
    'Delete Church social for good? Its 8 players and 4 table games played or under way go ' +
      'with it, and every link to it stops working: the board on the TV and the tables’ ' +
      'links. This cannot be undone.',
  );
  const one = { ...party, players: ['Ann'], seating: [{ tables: [table] }] };
  assert.match(partyDeleteWords(one), /Its 1 player and 1 table game played or under way go/);
});
