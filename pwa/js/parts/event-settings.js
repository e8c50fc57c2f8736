// An event's settings, one form part for the director's two forms: the new-event form
// (views/event-new.js, ids `event-…`) and the "Change the event's settings" panel before the
// start (ids `settings-…`): name, date, rules and house rules, format, games in a match, who
// shakes first, tables, check-in time and the round clock; the new event's seeding, and the
// panel's minutes a game takes and no-show wait. Sent as the API takes them: one schema for
// the creation and the change (POST and PATCH /api/events, which check the rules alike). The
// panel is built once and kept outside the part a re-read redraws: what is being typed is
// never wiped; `show(ev)` fills the boxes only while the panel is closed.
import { applyOverrides, RulesError } from '../rules.js';
import { loadRulesets } from '../actions.js';
import { sideCount } from '../game.js';
import { h, choiceButtons } from '../ui.js';
import { FORMATS, SHAKE_CHOICES, SHAKE_LEGEND, seriesWords } from '../director.js';
import { drawHouseRules, presetSelect } from './house-rules.js';
import { roundsFields } from './rounds.js';
import { timeLimitBox } from './round-clock.js';

const SERIES = [1, 2, 3].map((n) => [n, n === 1 ? 'One game' : `Best of ${2 * n - 1}`]);

/** "16:00" on the phone's clock for an ISO time (empty for none). */
function localTime(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** "2026-11-23": the phone's own date of `d`. */
export function localDate(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The settings to send from the form's values, or {problem, field} in words (`field`: the
 * value at fault). The minutes a game takes and the no-show wait go only when given (the new
 * event takes the server's). Exported for tests. */
export function settingsBody(v) {
  const name = v.name.trim();
  if (!name) return { problem: 'Give the tournament a name.', field: 'name' };
  const tables = Number(v.tables);
  if (!Number.isInteger(tables) || tables < 1 || tables > 200)
    return { problem: 'The number of tables is a whole number from 1 to 200.', field: 'tables' };
  const wait = Number(v.noShow);
  if (v.noShow !== undefined && (!Number.isInteger(wait) || wait < 0 || wait > 120))
    return {
      problem: 'The no-show wait is a whole number of minutes, up to 120.',
      field: 'noShow',
    };
  const limit = v.timeLimit ? Number(v.timeLimit) : null; // empty: no round clock
  if (limit !== null && (!Number.isInteger(limit) || limit < 5 || limit > 240))
    return {
      problem:
        'A time limit on the round clock is a whole number of minutes from 5 to 240, or empty.',
      field: 'timeLimit',
    };
  const minutes = Number(v.minutes);
  if (v.minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1 || minutes > 240))
    return {
      problem: 'The minutes a game takes are a whole number from 1 to 240.',
      field: 'minutes',
    };
  const body = {
    name,
    date: v.date || null,
    format: v.format,
    first_to: v.first === v.later ? [v.first] : [v.first, v.later],
    shake_rule: v.shake,
    tables,
    ...(v.minutes === undefined ? {} : { minutes_per_game: minutes }),
    ...(v.noShow === undefined ? {} : { no_show_minutes: wait }),
    time_limit_minutes: limit,
    checkin_deadline: null,
  };
  if (v.seeding) body.seeding = v.seeding;
  if (v.preset) {
    // the rules as the new-game form checks them (the server checks them again)
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
      return { problem: 'That check-in time is not a time of day.', field: 'checkin' };
    body.checkin_deadline = when.toISOString();
  }
  if (v.format === 'round-robin-playoff') body.advance = Number(v.advance);
  else body.advance = null;
  return { body };
}

/** The settings' fields (ids `${prefix}-…`). `seedings`: the new event's seeding choices;
 * `timing`: the minutes a game takes and the no-show wait too. Returns {v (the choices),
 * rows (the form's parts, in order), fill(ev), setPresets(list, adopt), read(say)}: `read`
 * gives the body to send, or says what is wrong (the box at fault focused) and gives null. */
export function settingsForm(prefix, { seedings = null, timing = false } = {}) {
  const v = { format: 'single-elimination', first: 2, later: 2, shake: 'rotate', overrides: {} };
  let presets = []; // two-sided rulesets only: a match is between two teams
  const input = (id, attrs) => h('input', { id: `${prefix}-${id}`, autocomplete: 'off', ...attrs });
  const number = (id, min, max) =>
    input(id, { type: 'number', min, ...(max ? { max } : {}), step: 1, inputmode: 'numeric' });
  const row = (box, words, hint) =>
    h(
      'label',
      { for: box.id },
      h('strong', {}, words),
      box,
      hint && h('span', { class: 'muted' }, hint),
    );
  const name = input('name', { type: 'text', maxlength: 80 });
  const date = input('date', { type: 'date' });
  const tables = number('tables', 1, 200);
  const checkin = input('checkin', { type: 'time' });
  const advance = number('advance', 2);
  const minutes = number('minutes', 1, 240);
  const noShow = number('no-show', 0, 120);
  const clock = timeLimitBox(`${prefix}-time-limit`); // the round clock (docs/rules.md 36)
  const boxes = { name, tables, checkin, minutes, noShow, timeLimit: clock.input };
  const rulesPicker = presetSelect(
    `${prefix}-preset`,
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
    h('label', { for: `${prefix}-preset` }, h('strong', {}, 'Rules')),
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
  const advanceRow = h(
    'label',
    { for: advance.id },
    'Teams that go on to the championship',
    advance,
  );
  const roundsBox = roundsFields(prefix); // Swiss and drawn rounds
  const formatBox = h('fieldset', {});
  const seriesBox = h('fieldset', {});
  const shakeBox = h('fieldset', {});
  const seedBox = h('fieldset', {});
  const choice = (label, options, chosen, pick) =>
    choiceButtons(label, options, chosen, pick, drawChoices);
  function drawChoices() {
    formatBox.replaceChildren(
      h('legend', {}, 'Format'),
      choice('Format', FORMATS, v.format, (x) => {
        v.format = x;
      }),
    );
    advanceRow.style.display = v.format === 'round-robin-playoff' ? '' : 'none';
    roundsBox.show(v.format);
    seriesBox.replaceChildren(
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
        { class: 'muted', id: 'series-words' },
        v.first === v.later
          ? `Every match: ${seriesWords(v.first)}.`
          : `First round ${seriesWords(v.first)}; later rounds ${seriesWords(v.later)}.`,
      ),
    );
    shakeBox.replaceChildren(
      h('legend', {}, SHAKE_LEGEND),
      choice(SHAKE_LEGEND, SHAKE_CHOICES, v.shake, (x) => {
        v.shake = x;
      }),
    );
    if (seedings)
      seedBox.replaceChildren(
        h('legend', {}, 'Seeding'),
        choice('Seeding', seedings, v.seeding, (x) => {
          v.seeding = x;
        }),
      );
  }
  const rows = [
    row(name, 'Name'),
    row(date, 'Date'),
    rulesRow,
    formatBox,
    advanceRow,
    roundsBox.el,
    seriesBox,
    shakeBox,
    ...(seedings ? [seedBox] : []),
    row(tables, 'Tables'),
    ...(timing ? [row(minutes, 'Minutes a game takes', 'For the times the board expects.')] : []),
    row(checkin, 'Check in by (optional)', 'Teams not here by then can be dropped.'),
    ...(timing ? [row(noShow, 'Minutes before a team that has not sat down is a no-show')] : []),
    clock.el,
  ];

  /** Take the two-sided rulesets of `list`; the event's own is chosen unless `adopt` is false
   * (the director is choosing). */
  function setPresets(list, adopt = true) {
    presets = list.filter((p) => sideCount(p) === 2);
    rulesPicker.fill(presets, v.preset?.id);
    if (adopt && v.rulesetId) v.preset = presets.find((p) => p.id === v.rulesetId);
    drawHouse();
    return presets;
  }

  /** Fill the boxes from `ev` (an event as the API shows it). */
  function fill(ev) {
    name.value = ev.name;
    date.value = ev.date || '';
    tables.value = String(ev.tables);
    checkin.value = localTime(ev.checkin_deadline);
    noShow.value = String(ev.no_show_minutes);
    minutes.value = String(ev.minutes_per_game);
    clock.input.value = ev.time_limit_minutes ? String(ev.time_limit_minutes) : '';
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

  /** The body to send, or null once `say` has been told what is wrong. */
  function read(say) {
    const got = settingsBody({
      ...v,
      name: name.value,
      date: date.value,
      today: localDate(new Date()),
      tables: tables.value,
      checkin: checkin.value,
      timeLimit: clock.input.value,
      ...(timing ? { noShow: noShow.value, minutes: minutes.value } : {}),
      advance: advance.value,
    });
    const rounds = got.problem ? got : roundsBox.body(v.format);
    if (rounds.problem) {
      say(rounds.problem);
      boxes[rounds.field]?.focus();
      return null;
    }
    return { ...got.body, ...rounds };
  }

  drawChoices();
  drawHouse();
  return { v, rows, fill, setPresets, read };
}

/** The panel: `save(body)` sends the change (truthy when made); `say` shows a sentence.
 * Returns {el, show(ev)}. */
export function settingsPanel(save, say) {
  const part = settingsForm('settings', { timing: true });
  loadRulesets().then((list) => part.setPresets(list, !el.open));
  const form = h(
    'form',
    {
      class: 'stack',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const body = part.read(say);
        if (body && (await save(body))) el.open = false;
      },
    },
    ...part.rows,
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
    if (!el.open) part.fill(ev);
  }
  return { el, show };
}
