// The director's question before a tournament is split into A and B flights
// (pwa/js/parts/event-flights.js, node --test): it names the tournament, both new names and
// how many teams go where, counting only the teams still in (a dropped team is not split).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { splitWords } from '../../pwa/js/parts/event-flights.js';

const team = (name, dropped = false) => ({ name, dropped });

test('an odd count: A takes the extra team; a dropped team is not counted', () => {
  const ev = {
    name: 'Porch night',
    teams: [team('A'), team('B'), team('C'), team('D', true), team('E'), team('F')],
  };
  assert.equal(
    splitWords(ev),
    'Split Porch night in two by the crew’s ratings? The 3 strongest teams stay here, ' +
      'renamed “Porch night, A flight”; the other 2 move to a new tournament, “Porch night, ' +
      'B flight”, with the same settings and its own board and table links. This cannot be undone.',
  );
});

test('an even count splits in half', () => {
  const ev = { name: 'Club', teams: ['A', 'B', 'C', 'D', 'E', 'F'].map((n) => team(n)) };
  assert.match(splitWords(ev), /The 3 strongest teams stay here.*the other 3 move/);
});
