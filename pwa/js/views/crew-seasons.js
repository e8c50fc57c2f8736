// A crew's seasons (#/crew/{id}/seasons): the list, and "New season": its name, its teams
// (pairs from the crew's list), its nights, how a night is played and its playoff.
import { getCrew } from '../crews.js';
import { errorMessage } from '../api.js';
import { OFFLINE_SEASON, listSeasons, makeSeason } from '../seasons.js';
import { h, go } from '../ui.js';

const FORMATS = [
  ['round-robin', 'Round robin'],
  ['single-elimination', 'Single elimination'],
  ['double-elimination', 'Double elimination'],
];

/** Render the seasons of crew `id`. */
export async function render(main, id) {
  const crew = await getCrew(id);
  if (!crew) return go('#/crews');
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
                  h('span', { class: 'muted' }, ` night ${s.started} of ${s.nights}`),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, 'No season yet: make one for the crew’s league nights.'),
    newSeason(crew),
    h('p', {}, h('a', { class: 'btn', href: `#/crew/${crew.id}` }, crew.name)),
  );
}

function select(id, label, options, chosen) {
  return [
    h('label', { for: id }, label),
    h(
      'select',
      { id },
      options.map(([value, words]) => h('option', { value, selected: value === chosen }, words)),
    ),
  ];
}

/** The "New season" form. */
function newSeason(crew) {
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
  const [formatLabel, format] = select('season-format', 'A night is', FORMATS, 'round-robin');
  const [playoffLabel, playoff] = select(
    'season-playoff',
    'Playoff after the last night',
    [
      ['0', 'No playoff'],
      ['2', 'The top 2'],
      ['4', 'The top 4'],
      ['8', 'The top 8'],
    ],
    '2',
  );
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
      format: format.value,
      first_to: [1],
      ruleset: 'straight-42',
      tables: Number(tables.value),
      playoff_teams: playoff.value === '0' ? null : Number(playoff.value),
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
    formatLabel,
    format,
    h('label', { for: 'season-tables' }, 'Tables'),
    tables,
    playoffLabel,
    playoff,
    error,
    h(
      'div',
      { class: 'actions' },
      h('button', { class: 'primary', id: 'make-season' }, 'Make the season'),
    ),
  );
}
