// The director's "Change the event's settings" panel, before the start ("an event
// made by a stray Enter keeps its defaults forever"): every setting the new-event form sets
// (name, date, rules and house rules, format, games in a match, who shakes first, tables,
// check-in time; the seeding has its own switch by the list), the minutes a game takes, the
// no-show wait and the round clock's time limit, sent with PATCH /api/events/{id} (which
// checks the rules as the event's creation does). Built once and kept outside the part a
// re-read redraws: what is being typed is never wiped; `show(ev)` fills the boxes only while
// the panel is closed.
import { applyOverrides, RulesError } from '../rules.js';
import { loadRulesets } from '../actions.js';
import { sideCount } from '../game.js';
import { h, choiceButtons } from '../ui.js';
import { FORMATS, SHAKE_CHOICES, SHAKE_LEGEND, seriesWords } from '../director.js';
import { drawHouseRules, presetSelect } from './house-rules.js';
import { roundsFields } from './rounds.js';

const SERIES = [1, 2, 3].map((n) => [n, n === 1 ? 'One game' : `Best of ${2 * n - 1}`]);

/** "16:00" on the phone's clock for an ISO time (empty for none). */
function localTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The settings to send from the panel's values, or {problem} in words. Exported for tests. */
export function settingsBody(v) {
  const name = v.name.trim();
  if (!name) return { problem: 'Give the tournament a name.' };
  const tables = Number(v.tables);
  if (!Number.isInteger(tables) || tables < 1 || tables > 200)
    return { problem: 'The number of tables is a whole number from 1 to 200.' };
  const wait = Number(v.noShow);
  if (!Number.isInteger(wait) || wait < 0 || wait > 120)
    return { problem: 'The no-show wait is a whole number of minutes, up to 120.' };
  const limit = v.timeLimit ? Number(v.timeLimit) : null; // empty: no round clock
  if (limit !== null && (!Number.isInteger(limit) || limit < 5 || limit > 240))
    return { problem: 'The time limit is a whole number of minutes from 5 to 240, or empty.' };
  const minutes = Number(v.minutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240)
    return { problem: 'The minutes a game takes are a whole number from 1 to 240.' };
  const body = {
    name,
    date: v.date || null,
    format: v.format,
    first_to: v.first === v.later ? [v.first] : [v.first, v.later],
    shake_rule: v.shake,
    tables,
    minutes_per_game: minutes,
    no_show_minutes: wait,
    time_limit_minutes: limit,
    checkin_deadline: null,
  };
  if (v.preset) {
    // the rules as the new-event form checks them (the server checks them again)
    try {
      applyOverrides(v.preset, v.overrides);
    } catch (err) {
      if (err instanceof RulesError) return { problem: err.message };
      throw err;
    }
    body.ruleset = v.preset.id;
    body.rules = { ...v.overrides };
  }
  if (v.checkin) {
    const when = new Date(`${v.date || v.today}T${v.checkin}`);
    if (Number.isNaN(when.getTime()))
      return { problem: 'That check-in time is not a time of day.' };
    body.checkin_deadline = when.toISOString();
  }
  if (v.format === 'round-robin-playoff') body.advance = Number(v.advance);
  else body.advance = null;
  return { body };
}

/** The panel: `save(body)` sends the change (truthy when made); `say` shows a sentence.
 * Returns {el, show(ev)}. */
export function settingsPanel(save, say) {
  const v = { format: 'single-elimination', first: 2, later: 2, shake: 'rotate' };
  v.overrides = {};
  let presets = []; // two-sided rulesets only: a match is between two teams
  const input = (id, attrs) => h('input', { id, autocomplete: 'off', ...attrs });
  const name = input('settings-name', { type: 'text', maxlength: 80 });
  const date = input('settings-date', { type: 'date' });
  const tables = input('settings-tables', {
    type: 'number',
    min: 1,
    max: 200,
    inputmode: 'numeric',
  });
  const checkin = input('settings-checkin', { type: 'time' });
  const noShow = input('settings-no-show', {
    type: 'number',
    min: 0,
    max: 120,
    inputmode: 'numeric',
  });
  const timeLimit = input('settings-time-limit', {
    type: 'number',
    min: 5,
    max: 240,
    inputmode: 'numeric',
  });
  const minutes = input('settings-minutes', {
    type: 'number',
    min: 1,
    max: 240,
    inputmode: 'numeric',
  });
  const rulesPicker = presetSelect(
    'settings-preset',
    () => v.overrides,
    (picked) => {
      v.preset = picked;
      drawHouse();
    },
  );
  const houseBox = h('fieldset', {});
  const rulesRow = h(
    'div',
    { class: 'stack' },
    h('label', { for: 'settings-preset' }, 'Rules'),
    rulesPicker.el,
    houseBox,
  );
  /** The house rules of the chosen ruleset (no rules part until the rulesets are loaded). */
  function drawHouse() {
    rulesRow.hidden = !v.preset;
    if (!v.preset) return;
    rulesPicker.el.value = v.preset.id;
    try {
      drawHouseRules(houseBox, v.preset, v.overrides);
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      houseBox.replaceChildren(h('p', { class: 'muted' }, err.message));
    }
  }
  loadRulesets().then((list) => {
    presets = list.filter((p) => sideCount(p) === 2);
    rulesPicker.fill(presets, v.preset?.id);
    if (!el.open && v.rulesetId) v.preset = presets.find((p) => p.id === v.rulesetId);
    drawHouse();
  });
  const advance = input('settings-advance', { type: 'number', min: 2, inputmode: 'numeric' });
  const advanceRow = h(
    'label',
    { for: 'settings-advance' },
    'Teams that go on to the championship',
    advance,
  );
  const roundsBox = roundsFields('settings'); // Swiss and drawn rounds
  const choices = h('div', { class: 'stack' });
  const choice = (label, options, chosen, pick) =>
    choiceButtons(label, options, chosen, pick, drawChoices);
  function drawChoices() {
    advanceRow.style.display = v.format === 'round-robin-playoff' ? '' : 'none';
    roundsBox.show(v.format);
    choices.replaceChildren(
      h(
        'fieldset',
        {},
        h('legend', {}, 'Format'),
        choice('Format', FORMATS, v.format, (x) => {
          v.format = x;
        }),
      ),
      h(
        'fieldset',
        {},
        h('legend', {}, 'Games in a match'),
        h('p', { class: 'muted' }, 'First round'),
        choice('First round', SERIES, v.first, (x) => {
          v.first = x;
        }),
        h('p', { class: 'muted' }, 'Later rounds'),
        choice('Later rounds', SERIES, v.later, (x) => {
          v.later = x;
        }),
        h(
          'p',
          { class: 'muted' },
          v.first === v.later
            ? `Every match: ${seriesWords(v.first)}.`
            : `First round ${seriesWords(v.first)}; later rounds ${seriesWords(v.later)}.`,
        ),
      ),
      h(
        'fieldset',
        {},
        h('legend', {}, SHAKE_LEGEND),
        choice(SHAKE_LEGEND, SHAKE_CHOICES, v.shake, (x) => {
          v.shake = x;
        }),
      ),
    );
  }
  const form = h(
    'form',
    {
      class: 'stack',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const got = settingsBody({
          ...v,
          name: name.value,
          date: date.value,
          today: new Date().toISOString().slice(0, 10),
          tables: tables.value,
          checkin: checkin.value,
          noShow: noShow.value,
          timeLimit: timeLimit.value,
          minutes: minutes.value,
          advance: advance.value,
        });
        if (got.problem) return say(got.problem);
        const rounds = roundsBox.body(v.format);
        if (rounds.problem) return say(rounds.problem);
        if (await save({ ...got.body, ...rounds })) el.open = false;
      },
    },
    h('label', { for: 'settings-name' }, 'Name', name),
    h('label', { for: 'settings-date' }, 'Date', date),
    rulesRow,
    choices,
    advanceRow,
    roundsBox.el,
    h('label', { for: 'settings-tables' }, 'Tables', tables),
    h(
      'label',
      { for: 'settings-minutes' },
      'Minutes a game takes ',
      h('span', { class: 'muted' }, '(for the times the board expects)'),
      minutes,
    ),
    h(
      'label',
      { for: 'settings-checkin' },
      'Check in by ',
      h('span', { class: 'muted' }, '(empty: no time)'),
      checkin,
    ),
    h(
      'label',
      { for: 'settings-no-show' },
      'Minutes before a team that has not sat down is a no-show',
      noShow,
    ),
    h(
      'label',
      { for: 'settings-time-limit' },
      'Minutes a game may last before the director calls time ',
      h('span', { class: 'muted' }, '(empty: no round clock)'),
      timeLimit,
    ),
    h('button', { type: 'submit', class: 'primary', id: 'settings-save' }, 'Save the settings'),
  );
  const el = h(
    'details',
    { class: 'card', id: 'event-settings' },
    h('summary', { class: 'btn' }, 'Change the event’s settings'),
    h('p', { class: 'muted' }, 'Until the start: after it, the bracket is drawn with them.'),
    form,
  );

  /** Fill the boxes from `ev`, unless the director has the panel open. */
  function show(ev) {
    if (el.open) return;
    name.value = ev.name;
    date.value = ev.date || '';
    tables.value = String(ev.tables);
    checkin.value = localTime(ev.checkin_deadline);
    noShow.value = String(ev.no_show_minutes);
    timeLimit.value = ev.time_limit_minutes ? String(ev.time_limit_minutes) : '';
    minutes.value = String(ev.minutes_per_game);
    v.shake = ev.shake_rule;
    v.rulesetId = ev.ruleset;
    v.preset = presets.find((p) => p.id === ev.ruleset);
    v.overrides = { ...(ev.rules || {}) };
    drawHouse();
    advance.value = String(ev.advance ?? 4);
    v.format = ev.format;
    roundsBox.show(ev.format, ev);
    v.first = ev.first_to[0];
    v.later = ev.first_to.at(-1);
    drawChoices();
  }
  return { el, show };
}
