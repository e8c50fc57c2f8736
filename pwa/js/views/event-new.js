// "Run a tournament": the director makes the event with POST /api/events, its settings in the
// form part the settings panel uses too (parts/event-settings.js: name, date, rules with house
// rules as the new-game form takes them, format, series per round, who shakes first, seeding,
// tables, check-in time, round clock). The director token in the answer is kept on this phone
// (director.js), never in the address bar. Needs the network, and says so when there is none.
// Made from a crew's screen, it may be seeded by the crew's ratings (the crew's token sent).
import { loadRulesets } from '../actions.js';
import * as api from '../api.js';
import { getCrew } from '../crews.js';
import { h, go, toast } from '../ui.js';
import { call, crewSeeding, keepEvent, OFFLINE, seedingsFor } from '../director.js';
import { localDate, settingsForm } from '../parts/event-settings.js';

/** The new event's settings before the director changes any. */
function startingSettings(presets) {
  return {
    name: '',
    date: localDate(new Date()),
    ruleset: (presets.find((p) => p.id === 'straight-42') || presets[0]).id,
    rules: {},
    format: 'single-elimination',
    first_to: [2],
    shake_rule: 'rotate',
    tables: 2,
    checkin_deadline: null,
    time_limit_minutes: null,
  };
}

/** Render the form. */
export async function render(main) {
  const rulesets = await loadRulesets();
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
  const part = settingsForm('event', { seedings: seedingsFor(crew) });
  // a match is between two teams: three-sided rulesets (moon, 140) cannot run a bracket
  const presets = part.setPresets(rulesets);
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
  part.v.seeding = crew?.token ? 'rating' : 'listed';
  part.fill(startingSettings(presets));
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });

  async function submit(event) {
    event.preventDefault();
    error.hidden = true;
    const say = (words) => {
      error.textContent = words;
      error.hidden = false;
    };
    const body = part.read(say);
    if (!body) return;
    const res = await call('POST', '/api/events', null, {
      ...body,
      ...crewSeeding(crew, part.v.seeding),
    });
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

  main.append(
    h(
      'form',
      { class: 'stack', novalidate: true, onsubmit: submit },
      ...part.rows,
      error,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', id: 'make-event' }, 'Make the tournament'),
      ),
    ),
  );
}
