// A crew's seasons (#/crew/{id}/seasons): the list, and "New season": its name, its teams
// (pairs from the crew's list), its nights, how a night is played (the rules, the night's
// format, the games in a match) and its playoff (the top teams, the games in its matches).
import { loadRulesets } from '../actions.js';
import { getCrew } from '../crews.js';
import { errorMessage } from '../api.js';
import { seriesWords } from '../director.js';
import { sideCount } from '../game.js';
import { presetSelect } from '../parts/house-rules.js';
import { OFFLINE_SEASON, listSeasons, makeSeason } from '../seasons.js';
import { h, go, choiceButtons } from '../ui.js';

// [format, its button, the night in words]
const FORMATS = [
  ['round-robin', 'Round robin', 'every team plays every other'],
  ['single-elimination', 'Single elimination', 'a knockout, lose once and you are out'],
  ['double-elimination', 'Double elimination', 'a knockout, lose twice and you are out'],
];
const SERIES = [1, 2, 3].map((n) => [n, n === 1 ? 'One game' : `Best of ${2 * n - 1}`]);
const PLAYOFF = [
  [0, 'No playoff'],
  [2, 'The top 2'],
  [4, 'The top 4'],
  [8, 'The top 8'],
];

/** Render the seasons of crew `id`. */
export async function render(main, id) {
  const crew = await getCrew(id);
  if (!crew) return go('#/crews');
  // a league team is a pair: rulesets of two sides and four seats (the server checks it too)
  const presets = (await loadRulesets()).filter(
    (p) => sideCount(p) === 2 && (p.players ?? 4) === 4,
  );
  const res = await listSeasons(crew);
  const seasons = res?.status === 200 ? res.body.seasons : null;
  main.append(
    h('h1', {}, `${crew.name}: seasons`),
    seasons === null
      ? h('p', { class: 'banner', role: 'alert' }, res ? errorMessage(res) : OFFLINE_SEASON)
      : seasons.length
        ? h(
            'ul',
            { class: 'list', id: 'seasons' },
            seasons.map((s) =>
              h(
                'li',
                {},
                h(
                  'a',
                  { class: 'btn game', href: `#/crew/${crew.id}/season/${s.id}` },
                  h('strong', {}, s.name),
                  h('span', { class: 'muted' }, ` ${seasonProgress(s)}`),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, 'No season yet: make one for the crew’s league nights.'),
    newSeason(crew, presets),
    h('p', {}, h('a', { class: 'btn', href: `#/crew/${crew.id}` }, crew.name)),
  );
}

/**
 * How a night and the playoff are played, one thumb a choice: the rules (`presets`, straight
 * 42 first; the picker is left out when the rules have not been loaded), the night's format,
 * the games in a match, the playoff's teams and games. Returns {el, body()}.
 */
function howPlayed(presets) {
  const v = { format: 'round-robin', series: 1, playoff: 2, playoffSeries: 2 };
  let preset = presets.find((p) => p.id === 'straight-42') || presets[0] || null;
  const picker = presetSelect(
    'season-preset',
    () => ({}), // a season takes a ruleset as it is: no house rules to clear
    (picked) => {
      preset = picked;
      draw();
    },
  );
  picker.fill(presets, preset?.id);
  const box = h('div', { class: 'stack', id: 'season-how' });
  const choice = (legend, id, options, key) =>
    h(
      'fieldset',
      { id },
      h('legend', {}, legend),
      choiceButtons(legend, options, v[key], (x) => (v[key] = x), draw),
    );
  function draw() {
    const playoff = v.playoff
      ? `The top ${v.playoff} then play it off: ${seriesWords(v.playoffSeries)} a match.`
      : 'No playoff: the standings after the last night are the season’s.';
    const parts = [
      preset
        ? h('div', {}, h('label', { for: 'season-preset' }, h('strong', {}, 'Rules')), picker.el)
        : null,
      choice('A night is', 'season-format', FORMATS, 'format'),
      choice('Games in a match', 'season-series', SERIES, 'series'),
      choice('Playoff after the last night', 'season-playoff', PLAYOFF, 'playoff'),
      v.playoff
        ? choice('Games in a playoff match', 'season-playoff-series', SERIES, 'playoffSeries')
        : null,
      h(
        'p',
        { class: 'muted', id: 'season-words' },
        `Each night: ${FORMATS.find(([f]) => f === v.format)[2]}, ` +
          `${seriesWords(v.series)} a match, in ${preset ? preset.name : 'straight 42'}. ${playoff}`,
      ),
    ];
    box.replaceChildren(...parts.filter(Boolean));
  }
  draw();
  const body = () => ({
    format: v.format,
    first_to: [v.series],
    ruleset: preset ? preset.id : 'straight-42',
    playoff_teams: v.playoff || null,
    playoff_first_to: [v.playoffSeries],
  });
  return { el: box, body };
}

/** The "New season" form. */
function newSeason(crew, presets) {
  const players = crew.players.filter((p) => !p.local);
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });
  const rows = h('div', { class: 'stack', id: 'season-teams' });
  const pick = (n, m) =>
    h(
      'select',
      { 'aria-label': `Team ${n}, player ${m}`, class: `team-player-${m}` },
      h('option', { value: '' }, 'Who?'),
      players.map((p) => h('option', { value: p.id }, p.name)),
    );
  const addTeam = () => {
    const n = rows.children.length + 1;
    rows.append(
      h(
        'fieldset',
        { class: 'season-team' },
        h('legend', {}, `Team ${n}`),
        h('input', {
          type: 'text',
          maxlength: 60,
          'aria-label': `Team ${n}'s name`,
          value: `Team ${n}`,
        }),
        pick(n, 1),
        pick(n, 2),
      ),
    );
  };
  for (let n = 0; n < Math.max(2, Math.floor(players.length / 2)); n++) addTeam();
  const name = h('input', {
    type: 'text',
    id: 'season-name',
    maxlength: 60,
    placeholder: 'Spring 2027',
  });
  const nights = h('input', { type: 'number', id: 'season-nights', min: 1, max: 30, value: 10 });
  const tables = h('input', { type: 'number', id: 'season-tables', min: 1, max: 200, value: 2 });
  const how = howPlayed(presets);
  const say = (words) => {
    error.textContent = words;
    error.hidden = false;
  };
  const submit = async (event) => {
    event.preventDefault();
    error.hidden = true;
    const teams = [...rows.children].map((row) => ({
      name: row.querySelector('input').value.trim(),
      players: [...row.querySelectorAll('select')].map((s) => s.value),
    }));
    const chosen = teams.filter((t) => t.players.some(Boolean) || t.name);
    if (!name.value.trim()) return say('Give the season a name, say “Spring 2027”.');
    if (chosen.some((t) => t.players.some((p) => !p)))
      return say('Pick both players of every team (or take the team out by picking nobody).');
    const body = {
      name: name.value.trim(),
      teams: chosen.filter((t) => t.players.every(Boolean)),
      nights: Number(nights.value),
      tables: Number(tables.value),
      ...how.body(),
    };
    const res = await makeSeason(crew, body);
    if (res === null) return say(OFFLINE_SEASON);
    if (res.status !== 201) return say(errorMessage(res));
    go(`#/crew/${crew.id}/season/${res.body.id}`);
  };
  return h(
    'form',
    { class: 'card stack', novalidate: true, onsubmit: submit, id: 'new-season' },
    h('h2', {}, 'New season'),
    players.length < 4
      ? h(
          'p',
          { class: 'muted' },
          'A season needs two teams: put four players on the crew’s list first.',
        )
      : null,
    h('label', { for: 'season-name' }, 'The season’s name'),
    name,
    rows,
    h('button', { type: 'button', onclick: addTeam, id: 'add-team' }, 'Add a team'),
    h('label', { for: 'season-nights' }, 'How many nights'),
    nights,
    h('label', { for: 'season-tables' }, 'Tables'),
    tables,
    how.el,
    error,
    h(
      'div',
      { class: 'actions' },
      h('button', { class: 'primary', id: 'make-season' }, 'Make the season'),
    ),
  );
}

/** How far a season has gone, as a club says it: "10 nights, none played yet", "night 3 of 10". */
function seasonProgress(season) {
  const nights = season.nights === 1 ? 'one night' : `${season.nights} nights`;
  if (!season.started) return `${nights}, none played yet`;
  return `night ${season.started} of ${season.nights}`;
}
