// The house rules form: a switch for each house rule the ruleset has (nel-o, plunge, splash,
// sevens, follow-me, forced bid), each with its line written from the knobs it switches on,
// so the line matches the score. Drawn by the new-game form and the tournament form alike;
// and the rules picker those forms share (presetSelect).
import { applyOverrides } from '../rules.js';
import { h } from '../ui.js';

const marksOf = (n) => `${n} mark${n === 1 ? '' : 's'}`;

/** [key, title, line(rules)] for each house rule; 'forced' is the all_pass knob. */
const SWITCHES = [
  [
    'nello',
    'Nel-o',
    // the bid levels nel-o may be called at (the knob is nello_levels: [1] is one mark)
    (r) =>
      `A bidder may play to take no tricks at all, for ${(r.nello_levels || [1]).join(' or ')} mark${(r.nello_levels || [1]).join() === '1' ? '' : 's'}.`,
  ],
  [
    'plunge',
    'Plunge',
    (r) =>
      `A player holding ${r.plunge_doubles} doubles may bid ` +
      `${marksOf(r.plunge_marks)} and must take every trick.`,
  ],
  [
    'splash',
    'Splash',
    (r) => `Like a plunge with ${r.splash_doubles} doubles, ` + `for ${marksOf(r.splash_marks)}.`,
  ],
  [
    'sevens',
    'Sevens',
    () =>
      'A bidder of one mark or more may call sevens: the tile closest to seven ' +
      'pips wins each trick.',
  ],
  [
    'follow_me',
    'Follow-me',
    () => 'The bidder may call no trump: the first tile led sets the suit.',
  ],
  [
    'forced',
    'Forced bid',
    () =>
      'When everyone passes, the shaker must bid; off means the dominoes ' + 'are shaken again.',
  ],
];

/** The switches ruleset `r` offers: {key, title, on, why}; forced bid always, others if a knob. */
export function houseSwitches(r) {
  return SWITCHES.filter(([key]) => key === 'forced' || key in r).map(([key, title, why]) => ({
    key,
    title,
    on: key === 'forced' ? r.all_pass === 'forced' : Boolean(r[key]),
    why: why(r),
  }));
}

/**
 * Turn house rule `key` on or off in `overrides` (changed in place), then drop every override
 * the preset already has, so a switch put back as the preset has it sends no override.
 */
export function setHouseRule(preset, overrides, key, on) {
  if (key === 'forced') overrides.all_pass = on ? 'forced' : 'reshuffle';
  else overrides[key] = on;
  for (const [k, v] of Object.entries(overrides)) if (preset[k] === v) delete overrides[k];
  return overrides;
}

/**
 * Draw the house rules of `preset` with `overrides` into `box` (a fieldset), as switches; a
 * tap changes `overrides` in place and then calls `changed()`. Throws the RulesError of
 * applyOverrides when the overrides do not fit the preset.
 */
export function drawHouseRules(box, preset, overrides, changed = () => {}) {
  const rows = houseSwitches(applyOverrides(preset, overrides)).map(({ key, title, on, why }) => {
    const input = h('input', {
      type: 'checkbox',
      id: `rule-${key}`,
      checked: on,
      'aria-describedby': `why-${key}`,
      onchange: () => {
        setHouseRule(preset, overrides, key, input.checked);
        changed();
      },
    });
    // the whole row is the label, so the tap target is the row, not the small box
    return h(
      'label',
      { class: 'switch', for: `rule-${key}` },
      input,
      h('strong', {}, title),
      h('span', { class: 'why', id: `why-${key}` }, why),
    );
  });
  box.replaceChildren(h('legend', {}, 'House rules'), ...rows);
}

/**
 * The rules picker: a select (id `id`) of rulesets. Picking another ruleset clears the house
 * rules (the keys of `overrides()`, emptied in place: they were the last ruleset's), then
 * calls `picked(preset)`. Returns {el, fill(presets, chosenId)}: fill lists the rulesets (again
 * when they load later) with `chosenId` selected.
 */
export function presetSelect(id, overrides, picked) {
  let presets = [];
  const el = h('select', {
    id,
    onchange: () => {
      const house = overrides();
      for (const key of Object.keys(house)) delete house[key];
      picked(presets.find((p) => p.id === el.value));
    },
  });
  const fill = (list, chosenId) => {
    presets = list;
    el.replaceChildren(
      ...list.map((p) => h('option', { value: p.id, selected: p.id === chosenId }, p.name)),
    );
  };
  return { el, fill };
}
