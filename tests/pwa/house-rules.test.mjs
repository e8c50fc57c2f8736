// The house rules form's state (pwa/js/parts/house-rules.js, node --test), the one part the
// new-game form and the tournament form share: which switches a ruleset offers and how a
// switch turns into the overrides sent to the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { houseSwitches, setHouseRule } from '../../pwa/js/parts/house-rules.js';
import { applyOverrides } from '../../pwa/js/rules.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRESETS = JSON.parse(
  execFileSync(
    'python3',
    [
      '-c',
      'import json, rules; print(json.dumps({k: v.to_dict() for k, v in rules.PRESETS.items()}))',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  ),
);
const S42 = PRESETS['straight-42'];

test('every preset offers the forced bid, each switch as its knob stands, in words', () => {
  for (const [id, preset] of Object.entries(PRESETS)) {
    const switches = houseSwitches(preset);
    assert.ok(
      switches.some((s) => s.key === 'forced'),
      id,
    );
    for (const { key, on, why } of switches) {
      assert.equal(on, key === 'forced' ? preset.all_pass === 'forced' : Boolean(preset[key]));
      assert.doesNotMatch(why, /undefined|null|NaN/, `${id} ${key}`);
    }
  }
});

test('a switch sends an override only while it differs from the preset', () => {
  const overrides = {};
  setHouseRule(S42, overrides, 'nello', !S42.nello);
  assert.deepEqual(overrides, { nello: !S42.nello });
  setHouseRule(S42, overrides, 'forced', S42.all_pass !== 'forced');
  assert.deepEqual(Object.keys(overrides).sort(), ['all_pass', 'nello']);
  setHouseRule(S42, overrides, 'nello', S42.nello);
  setHouseRule(S42, overrides, 'forced', S42.all_pass === 'forced');
  assert.deepEqual(overrides, {});
});

test('the lines are written from the rules with the overrides on', () => {
  const overrides = setHouseRule(S42, {}, 'plunge', true);
  const plunge = houseSwitches(applyOverrides(S42, overrides)).find((s) => s.key === 'plunge');
  assert.equal(plunge.on, true);
  assert.match(
    plunge.why,
    /^A player holding \d+ doubles may bid \d+ marks? and must take every trick\.$/,
  );
});
