// A crew game's seats from roster picks and typed names ("each seat is picked from
// the roster in one tap, a new name added on the fly"; docs/crews.md: names are compared
// without case or extra spaces, so "ANN " is Ann, and the phone makes a new player's id).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { nameKey, seatPlayers } from '../../pwa/js/crews.js';

const CREW = {
  id: 'c1',
  players: [
    { id: 'p-ann', name: 'Ann' },
    { id: 'p-bob', name: 'Bob' },
  ],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('names compare as the server compares them: case and spaces ignored', () => {
  assert.equal(nameKey('  ANN  '), nameKey('Ann'));
  assert.equal(nameKey('Mary  Lou'), nameKey('mary lou'));
  assert.notEqual(nameKey('Ann B.'), nameKey('Ann'));
});

test('a tapped player is that player; a typed roster name is the roster player', () => {
  const seats = seatPlayers(CREW, [
    { id: 'p-bob', name: 'Bob' },
    { name: ' ann ' },
    null,
    { name: '   ' },
  ]);
  assert.deepEqual(seats, [
    { id: 'p-bob', name: 'Bob', isNew: false },
    { id: 'p-ann', name: 'Ann', isNew: false },
    null,
    null,
  ]);
});

test('a new name gets an id made on the phone, the same one in every seat it is typed', () => {
  const seats = seatPlayers(CREW, [{ name: 'Cy  Jones' }, { name: 'Di' }, { name: 'cy jones' }]);
  assert.match(seats[0].id, UUID);
  assert.equal(seats[0].name, 'Cy Jones');
  assert.equal(seats[0].isNew, true);
  assert.notEqual(seats[1].id, seats[0].id);
  // the same new name twice is one player (the form then refuses the player in two seats)
  assert.equal(seats[2].id, seats[0].id);
});
