// What the director's panels send (pwa/js/parts/team-edit.js, event-settings.js and
// event-delete.js, node --test): only the names that changed, both players always
// given; the settings as the API takes them; the delete question naming what goes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { teamChanges } from '../../pwa/js/parts/team-edit.js';
import { settingsBody } from '../../pwa/js/parts/event-settings.js';
import { deleteWords } from '../../pwa/js/parts/event-delete.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const S42 = JSON.parse(
  execFileSync(
    'python3',
    ['-c', "import json, rules; print(json.dumps(rules.PRESETS['straight-42'].to_dict()))"],
    { cwd: ROOT, encoding: 'utf8' },
  ),
);

const AGGIES = { name: 'Aggies', players: ['Cy', 'Di'] };

test('a team sends only what changed, and nothing when nothing did', () => {
  assert.deepEqual(teamChanges(AGGIES, ' Cy ', 'Di', 'Aggies'), { body: {} });
  assert.deepEqual(teamChanges(AGGIES, 'Cyrus', 'Di', 'Aggies'), {
    body: { players: ['Cyrus', 'Di'] },
  });
  assert.deepEqual(teamChanges(AGGIES, 'Cy', 'Di', 'Aggies of Shiner'), {
    body: { name: 'Aggies of Shiner' },
  });
  // an empty team name is the players' names, as the add form makes it
  assert.deepEqual(teamChanges(AGGIES, 'Cy', 'Di', ' '), { body: { name: 'Cy & Di' } });
  assert.equal(
    teamChanges(AGGIES, 'Cy', '', 'Aggies').problem,
    'A team is two players: give both names.',
  );
});

const SETTINGS = {
  name: ' Fall Classic ',
  date: '2026-11-28',
  today: '2026-11-27',
  format: 'double-elimination',
  first: 3,
  later: 2,
  tables: '4',
  checkin: '',
  noShow: '5',
  minutes: '20',
  shake: 'loser',
  advance: '4',
};

test('the settings go as the API takes them', () => {
  assert.deepEqual(settingsBody(SETTINGS).body, {
    name: 'Fall Classic',
    date: '2026-11-28',
    format: 'double-elimination',
    first_to: [3, 2],
    shake_rule: 'loser',
    tables: 4,
    minutes_per_game: 20,
    no_show_minutes: 5,
    time_limit_minutes: null,
    checkin_deadline: null,
    advance: null,
  });
  // the round clock (docs/rules.md 36): empty is none, else the minutes a game may last
  assert.equal(settingsBody({ ...SETTINGS, timeLimit: '50' }).body.time_limit_minutes, 50);
  const same = settingsBody({ ...SETTINGS, later: 3, format: 'round-robin-playoff' }).body;
  assert.deepEqual([same.first_to, same.advance], [[3], 4]);
  const timed = settingsBody({ ...SETTINGS, checkin: '16:30' }).body.checkin_deadline;
  assert.equal(new Date(timed).getTime(), new Date('2026-11-28T16:30').getTime());
  // the rules, once the rulesets are loaded: the ruleset and its house rules as chosen
  const ruled = settingsBody({ ...SETTINGS, preset: S42, overrides: { target: 250 } }).body;
  assert.deepEqual([ruled.ruleset, ruled.rules], ['straight-42', { target: 250 }]);
});

test('a setting out of range is said in words, nothing sent', () => {
  assert.equal(settingsBody({ ...SETTINGS, name: ' ' }).problem, 'Give the tournament a name.');
  assert.match(settingsBody({ ...SETTINGS, tables: '0' }).problem, /tables is a whole number/);
  assert.match(settingsBody({ ...SETTINGS, noShow: '2.5' }).problem, /no-show wait/);
  assert.match(settingsBody({ ...SETTINGS, timeLimit: '3' }).problem, /time limit .* 5 to 240/);
  assert.match(settingsBody({ ...SETTINGS, minutes: '0' }).problem, /minutes a game takes/);
  // house rules that do not fit the ruleset: its words, as the new-event form says them
  const bad = settingsBody({ ...SETTINGS, preset: S42, overrides: { target: 'lots' } });
  assert.ok(bad.problem && !bad.body && !/rules\./.test(bad.problem), bad.problem);
});

test('deleting names the event and what goes with it', () => {
  const ev = {
    name: 'Timpson 42',
    teams: [{}, {}, {}],
    matches: [{ games: [{}, {}] }, { games: [{}] }, { games: [] }],
  };
  assert.equal(
    deleteWords(ev),
    'Delete Timpson 42 for good? Its 3 teams and 3 games played or under way go with it, and ' +
      'every link to it stops working: the board, the tables’ links and the share pages. ' +
      'This cannot be undone.',
  );
  assert.match(deleteWords({ ...ev, matches: [] }), /^Delete Timpson 42 for good\? Its 3 teams go/);
});
