// "Run a tournament": the director makes the event (name, date, rules with house rules as the
// new-game form takes them, format, series per round, who shakes first, tables, check-in
// time) with POST /api/events. The director token in the answer is kept on this phone
// (director.js), never in the address bar. Needs the network, and says so when there is none.
// Made from a crew's screen, it may be seeded by the crew's ratings (the crew's token sent).
import { applyOverrides, RulesError } from '../rules.js';
import { loadRulesets } from '../actions.js';
import * as api from '../api.js';
import { getCrew } from '../crews.js';
import { h, go, toast, choiceButtons } from '../ui.js';
import {
  call,
  crewSeeding,
  keepEvent,
  FORMATS,
  OFFLINE,
  seedingsFor,
  SHAKE_CHOICES,
  SHAKE_LEGEND,
  seriesWords,
} from '../director.js';
import { sideCount } from '../game.js';
import { drawHouseRules, presetSelect } from '../parts/house-rules.js';
import { roundsFields } from '../parts/rounds.js';
import { timeLimitBox } from '../parts/round-clock.js';

const SERIES = [1, 2, 3];

/** A local date and time ("2026-11-23", "10:15") as an ISO time with the phone's offset. */
function localIso(date, time) {
  const when = new Date(`${date}T${time}`);
  return Number.isNaN(when.getTime()) ? null : when.toISOString();
}

/** Render the form. */
export async function render(main) {
  // a match is between two teams: three-sided rulesets (moon, 140) cannot run a bracket
  const presets = (await loadRulesets()).filter((p) => sideCount(p) === 2);
  // "New tournament, seeded by rating" on a crew's screen makes one for that crew
  const asked = sessionStorage.getItem('tally42-new-event-crew');
  sessionStorage.removeItem('tally42-new-event-crew');
  const crew = asked ? await getCrew(asked) : null;
  main.append(h('h1', {}, 'Run a tournament'));
  if (crew)
    main.append(
      h(
        'p',
        { class: 'muted', id: 'event-crew' },
        `For ${crew.name}: “By rating” seeds the teams by the crew’s ratings of their players.`,
      ),
    );
  if (!navigator.onLine) main.append(h('p', { class: 'banner', id: 'offline' }, OFFLINE));
  if (!presets.length) {
    main.append(
      h(
        'p',
        { class: 'banner' },
        'The rules have not been loaded yet. Open the app with a signal.',
      ),
    );
    return;
  }
  const today = new Date();
  const iso = (d) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  let preset = presets.find((p) => p.id === 'straight-42') || presets[0];
  const overrides = {};
  let format = 'single-elimination';
  let first = 2;
  let later = 2;
  let shakeRule = 'rotate';
  let seeding = crew?.token ? 'rating' : 'listed';

  const name = h('input', { type: 'text', id: 'event-name', autocomplete: 'off', maxlength: 80 });
  const date = h('input', { type: 'date', id: 'event-date', value: iso(today) });
  const checkin = h('input', { type: 'time', id: 'event-checkin' });
  const tables = h('input', {
    type: 'number',
    id: 'event-tables',
    min: 1,
    max: 200,
    step: 1,
    inputmode: 'numeric',
    value: '2',
  });
  const advance = h('input', {
    type: 'number',
    id: 'event-advance',
    min: 2,
    step: 1,
    inputmode: 'numeric',
    value: '4',
  });
  const rulesPicker = presetSelect(
    'event-preset',
    () => overrides,
    (picked) => {
      preset = picked;
      drawHouse();
    },
  );
  rulesPicker.fill(presets, preset.id);
  const houseBox = h('fieldset', {});
  const formatBox = h('fieldset', {});
  const seriesBox = h('fieldset', {});
  const shakeBox = h('fieldset', {});
  const seedBox = h('fieldset', {});
  const advanceRow = h(
    'label',
    { for: 'event-advance' },
    'Teams that go on to the championship',
    advance,
  );
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });
  const roundsBox = roundsFields('event'); // Swiss and drawn rounds

  function drawHouse() {
    drawHouseRules(houseBox, preset, overrides);
  }

  function choice(label, options, chosen, pick) {
    return choiceButtons(label, options, chosen, pick, drawChoices);
  }

  function drawChoices() {
    formatBox.replaceChildren(
      h('legend', {}, 'Format'),
      choice('Format', FORMATS, format, (v) => {
        format = v;
      }),
    );
    advanceRow.style.display = format === 'round-robin-playoff' ? '' : 'none';
    roundsBox.show(format);
    const series = SERIES.map((n) => [n, n === 1 ? 'One game' : `Best of ${2 * n - 1}`]);
    seriesBox.replaceChildren(
      h('legend', {}, 'Games in a match'),
      h('p', { class: 'muted' }, 'First round'),
      choice('First round', series, first, (v) => {
        first = v;
      }),
      h('p', { class: 'muted' }, 'Later rounds'),
      choice('Later rounds', series, later, (v) => {
        later = v;
      }),
      h(
        'p',
        { class: 'muted', id: 'series-words' },
        first === later
          ? `Every match: ${seriesWords(first)}.`
          : `First round ${seriesWords(first)}; later rounds ${seriesWords(later)}.`,
      ),
    );
    shakeBox.replaceChildren(
      h('legend', {}, SHAKE_LEGEND),
      choice(SHAKE_LEGEND, SHAKE_CHOICES, shakeRule, (v) => {
        shakeRule = v;
      }),
    );
    seedBox.replaceChildren(
      h('legend', {}, 'Seeding'),
      choice('Seeding', seedingsFor(crew), seeding, (v) => {
        seeding = v;
      }),
    );
  }

  const clock = timeLimitBox('event-time-limit'); // the round clock (docs/rules.md 36)

  async function submit(event) {
    event.preventDefault();
    error.hidden = true;
    const say = (words, field) => {
      error.textContent = words;
      error.hidden = false;
      field?.focus();
    };
    if (!name.value.trim()) return say('Give the tournament a name.', name);
    try {
      applyOverrides(preset, overrides);
    } catch (err) {
      if (err instanceof RulesError) return say(err.message);
      throw err;
    }
    const tableCount = Number(tables.value);
    if (!Number.isInteger(tableCount) || tableCount < 1 || tableCount > 200)
      return say('The number of tables is a whole number from 1 to 200.', tables);
    const body = {
      name: name.value.trim(),
      date: date.value || null,
      ruleset: preset.id,
      ...(Object.keys(overrides).length ? { rules: { ...overrides } } : {}),
      format,
      first_to: first === later ? [first] : [first, later],
      shake_rule: shakeRule,
      seeding,
      ...crewSeeding(crew, seeding),
      tables: tableCount,
    };
    if (checkin.value) {
      body.checkin_deadline = localIso(date.value || iso(today), checkin.value);
      if (!body.checkin_deadline) return say('That check-in time is not a time of day.', checkin);
    }
    if (format === 'round-robin-playoff') body.advance = Number(advance.value);
    const rounds = roundsBox.body(format);
    if (rounds.problem) return say(rounds.problem);
    if (rounds.rounds != null) Object.assign(body, rounds);
    body.time_limit_minutes = clock.limit();
    if (body.time_limit_minutes === undefined)
      return say(
        'The round clock is a whole number of minutes from 5 to 240, or empty.',
        clock.input,
      );
    const res = await call('POST', '/api/events', null, body);
    if (res === null) return say(OFFLINE);
    if (res.status !== 201) return say(api.errorMessage(res));
    const ev = res.body;
    await keepEvent(ev.id, {
      name: ev.name,
      date: ev.date,
      token: ev.director_token,
      public_token: ev.public_token,
      tables: {},
    });
    toast(`${ev.name} is made: now add the teams`);
    go(`#/e/${ev.id}`);
  }

  const form = h(
    'form',
    { class: 'stack', novalidate: true, onsubmit: submit },
    h('label', { for: 'event-name' }, h('strong', {}, 'Name'), name),
    h('label', { for: 'event-date' }, h('strong', {}, 'Date'), date),
    h('div', {}, h('label', { for: 'event-preset' }, h('strong', {}, 'Rules')), rulesPicker.el),
    houseBox,
    formatBox,
    advanceRow,
    roundsBox.el,
    seriesBox,
    shakeBox,
    seedBox,
    h('label', { for: 'event-tables' }, h('strong', {}, 'Tables'), tables),
    h(
      'label',
      { for: 'event-checkin' },
      h('strong', {}, 'Check in by (optional)'),
      checkin,
      h('span', { class: 'muted' }, 'Teams not here by then can be dropped.'),
    ),
    clock.el,
    error,
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'make-event' }, 'Make the tournament'),
    ),
  );
  drawHouse();
  drawChoices();
  main.append(form);
}
