// A pasted list of teams (pwa/js/parts/team-list.js, node --test): "Ann & Bob" lines, two or
// three CSV or spreadsheet columns, a header row skipped, duplicates named and left out, and a
// line of one player said in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { parseTeams } from '../../pwa/js/parts/team-list.js';

test('one team a line, joined with &, and, or a slash', () => {
  const got = parseTeams('Ann & Bob\nBubba and Earl\n\n  Nancy/Bea  \n');
  assert.deepEqual(
    got.teams.map((t) => [t.name, t.players]),
    [
      ['Ann & Bob', ['Ann', 'Bob']],
      ['Bubba & Earl', ['Bubba', 'Earl']],
      ['Nancy & Bea', ['Nancy', 'Bea']],
    ],
  );
  assert.deepEqual(got.duplicates, []);
  assert.deepEqual(got.problems, []);
});

test('two columns are the players, three a team name and its players; a header is skipped', () => {
  const got = parseTeams('Player 1,Player 2\nAnn,Bob\n"Rangers",Leroy,Mary\nWm.\tJo');
  assert.deepEqual(
    got.teams.map((t) => [t.name, t.players]),
    [
      ['Ann & Bob', ['Ann', 'Bob']],
      ['Rangers', ['Leroy', 'Mary']],
      ['Wm. & Jo', ['Wm.', 'Jo']],
    ],
  );
});

test('a team already entered, or pasted twice, is named and left out', () => {
  const got = parseTeams('Ann & Bob\nann & bob\nBubba & Earl\nRay & Gus', ['Ray & Gus']);
  assert.deepEqual(
    got.teams.map((t) => t.name),
    ['Ann & Bob', 'Bubba & Earl'],
  );
  assert.deepEqual(got.duplicates, ['ann & bob', 'Ray & Gus']);
});

test('a line of one player is said in words, not added', () => {
  const got = parseTeams('Ann & Bob\nLeroy');
  assert.equal(got.teams.length, 1);
  assert.deepEqual(got.problems, ['Line 2: “Leroy” names one player: a team is two.']);
});
