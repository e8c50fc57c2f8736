// One season of a crew (#/crew/{id}/season/{season}): its standings (the server derives them
// from the nights' events on every read), its nights, "Start night N" (which opens the usual
// director's screen for the night's event), a night's substitutes, the playoff, and "Show on
// the TV": the season's board link and its QR code, and "Delete this season" (folded, at the
// foot), asked in a club's words.
import { getCrew } from '../crews.js';
import { errorMessage } from '../api.js';
import { myEvent } from '../director.js';
import { linkBox } from '../parts/director-links.js';
import { deletePanel } from '../parts/event-delete.js';
import { sayIn } from '../parts/director-frame.js';
import {
  deleteSeason,
  OFFLINE_SEASON,
  readSeason,
  relink,
  seasonBoard,
  setSubstitutes,
  startNext,
} from '../seasons.js';
import { h, go, toast } from '../ui.js';

/** Render season `seasonId` of crew `id`. */
export async function render(main, id, seasonId) {
  const crew = await getCrew(id);
  if (!crew) return go('#/crews');
  const draw = async () => {
    const res = await readSeason(crew, seasonId);
    if (res?.status !== 200) {
      main.replaceChildren(
        h('h1', {}, 'Season'),
        h('p', { class: 'banner', role: 'alert' }, res ? errorMessage(res) : OFFLINE_SEASON),
        h('p', {}, h('a', { class: 'btn', href: `#/crew/${crew.id}/seasons` }, 'Seasons')),
      );
      return;
    }
    main.replaceChildren(...(await screen(crew, res.body, draw)).filter(Boolean));
  };
  await draw();
}

/** Open the director's screen of an event this season made, getting a new link if needed. */
async function openEvent(crew, season, eventId, number, name) {
  if (!(await myEvent(eventId))) {
    const res = await relink(crew, season, number, name);
    if (res?.status !== 201) return toast(res ? errorMessage(res) : OFFLINE_SEASON);
  }
  go(`#/e/${eventId}`);
}

async function screen(crew, season, redraw) {
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });
  const say = sayIn(error); // the director screens' note (parts/director-frame.js)
  const fail = (res) => say(res ? errorMessage(res) : OFFLINE_SEASON);
  const start = async (what) => {
    const res = await startNext(crew, season, what);
    if (res?.status !== 201) return fail(res);
    go(`#/e/${res.body.event_id}`);
  };
  const last = season.played.at(-1);
  return [
    h('h1', {}, season.name),
    h(
      'p',
      { class: 'muted', id: 'season-progress' },
      `${season.played.length} of ${season.nights} nights` +
        (season.season_over ? ': the season is over' : ''),
    ),
    season.next_night
      ? h(
          'div',
          { class: 'actions' },
          h(
            'button',
            { class: 'primary', id: 'start-night', onclick: () => start('nights') },
            `Start night ${season.next_night}`,
          ),
        )
      : null,
    error,
    standings(season),
    h(
      'section',
      { class: 'card stack', id: 'season-nights' },
      h('h2', {}, 'Nights'),
      season.played.length
        ? h(
            'ul',
            { class: 'list' },
            season.played.map((n) =>
              h(
                'li',
                {},
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'btn game',
                    onclick: () => openEvent(crew, season, n.event_id, n.number, n.name),
                  },
                  h('strong', {}, `Night ${n.number}`),
                  h(
                    'span',
                    { class: 'muted' },
                    n.finished ? ' over' : n.started ? ' being played' : ' not started',
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, 'No night yet: start the first when the teams are here.'),
    ),
    last && !last.finished ? substitutes(crew, season, last, redraw, fail) : null,
    playoff(crew, season, start),
    onTheTv(crew, season, fail),
    removal(crew, season, fail),
    h('p', {}, h('a', { class: 'btn', href: `#/crew/${crew.id}/seasons` }, 'Seasons')),
  ];
}

/** The question asked before deleting `season`, in a club's words: what goes, what stays. */
function seasonDeleteWords(season) {
  const teams = season.teams.length;
  const nights = season.played.length;
  const what = [
    `${teams} team${teams === 1 ? '' : 's'}`,
    ...(nights
      ? [nights === 1 ? '1 night and its games' : `${nights} nights and their games`]
      : []),
    ...(season.playoff?.event_id ? ['the playoff'] : []),
  ];
  const list = what.length > 1 ? `${what.slice(0, -1).join(', ')} and ${what.at(-1)}` : what[0];
  return (
    `Delete ${season.name} for good? Its ${list} go with it` +
    (nights ? ': the crew’s statistics stop counting those games' : '') +
    '. The board on the TV stops working. The crew, its players and its other games stay. ' +
    'This cannot be undone.'
  );
}

/** "Delete this season": asks, deletes, and goes back to the crew's seasons. */
function removal(crew, season, fail) {
  return deletePanel(
    async () => {
      if (!confirm(seasonDeleteWords(season))) return;
      const res = await deleteSeason(crew, season);
      if (res?.status !== 200) return fail(res);
      toast(`${season.name} is deleted`);
      go(`#/crew/${crew.id}/seasons`);
    },
    {
      what: 'season',
      id: 'delete-season',
      blurb: 'For a season made by mistake or with the wrong teams: its nights and games go.',
    },
  );
}

/** "Show on the TV": the season board's link (kept on this phone) and its QR code, and a new
 * link for when the old one went too far (the old one then stops). */
function onTheTv(crew, season, fail) {
  const box = h('div', { class: 'stack' });
  const showButton = h(
    'button',
    { type: 'button', id: 'show-tv', onclick: () => show(false) },
    'Show on the TV',
  );
  async function show(fresh) {
    const got = await seasonBoard(crew, season.id, fresh);
    if (!got.url) return fail(got.res);
    const card = await linkBox(got.url, 'The board’s link and QR code', 'season-board-link');
    card.open = true;
    showButton.remove(); // the link shows instead
    box.replaceChildren(
      card,
      h(
        'button',
        { type: 'button', id: 'new-board-link', onclick: () => show(true) },
        'A new link for the TV (the old one stops)',
      ),
    );
    if (fresh) toast('The TV has a new link: the old one no longer works');
  }
  return h(
    'section',
    { class: 'card stack', id: 'season-tv' },
    h('h2', {}, 'On the TV'),
    h(
      'p',
      { class: 'muted' },
      'The standings, the nights and the playoff on the club’s TV, updating by themselves.',
    ),
    showButton,
    box,
  );
}

/** The season's standings: most match wins, then mark difference, then marks won. */
function standings(season) {
  const cell = (tag, text) => h(tag, {}, String(text));
  return h(
    'section',
    { class: 'card stack' },
    h('h2', {}, 'Standings'),
    h(
      'table',
      { class: 'chart-table', id: 'season-standings' },
      h('caption', { class: 'muted' }, 'Matches won, then marks won less marks lost'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, h('span', { class: 'visually-hidden' }, 'Place')),
          ['Team', 'Won', 'Lost', 'Marks'].map((t) => cell('th', t)),
        ),
      ),
      h(
        'tbody',
        {},
        season.standings.map((r) =>
          h(
            'tr',
            {},
            cell('td', r.place),
            cell('th', r.team_name),
            cell('td', r.won),
            cell('td', r.lost),
            cell('td', `${r.marks_won}–${r.marks_lost}`),
          ),
        ),
      ),
    ),
  );
}

/** Tonight's substitutes: who sits for whom, and naming one (a crew player or a typed name). */
function substitutes(crew, season, night, redraw, fail) {
  const names = Object.fromEntries(crew.players.map((p) => [p.id, p.name]));
  const playing = new Set([
    ...season.teams.flatMap((t) => t.players),
    ...night.substitutes.map((s) => s.player),
  ]);
  const seat = h(
    'select',
    { id: 'sub-for' },
    season.teams.flatMap((t) =>
      t.players.map((p, m) =>
        h('option', { value: `${t.id}:${m}` }, `${t.player_names[m] || names[p]} (${t.name})`),
      ),
    ),
  );
  const who = h(
    'select',
    { id: 'sub-who' },
    crew.players
      .filter((p) => !p.local && !playing.has(p.id))
      .map((p) => h('option', { value: p.id }, p.name)),
    h('option', { value: '' }, 'Someone else: type the name'),
  );
  const typed = h('input', {
    type: 'text',
    id: 'sub-name',
    maxlength: 40,
    'aria-label': 'The substitute’s name',
    placeholder: 'Name',
  });
  const put = async (list) => {
    const res = await setSubstitutes(crew, season.id, night.number, list);
    if (res?.status !== 200) return fail(res);
    toast('Substitutes saved');
    redraw();
  };
  const kept = night.substitutes.map(({ team, member, player, name }) =>
    player ? { team, member, player } : { team, member, name },
  );
  const add = (event) => {
    event.preventDefault();
    const [team, member] = seat.value.split(':').map(Number);
    const sub = who.value ? { player: who.value } : { name: typed.value.trim() };
    put([...kept.filter((s) => s.team !== team || s.member !== member), { team, member, ...sub }]);
  };
  const teamName = Object.fromEntries(season.teams.map((t) => [t.id, t]));
  return h(
    'form',
    { class: 'card stack', id: 'substitutes', novalidate: true, onsubmit: add },
    h('h2', {}, `Night ${night.number}: substitutes`),
    night.substitutes.length
      ? h(
          'ul',
          { class: 'roster' },
          night.substitutes.map((s, i) => {
            const team = teamName[s.team];
            return h(
              'li',
              {},
              `${s.name} for ${team.player_names[s.member]} (${team.name}) `,
              h(
                'button',
                { type: 'button', onclick: () => put(kept.filter((_, j) => j !== i)) },
                'Take back',
              ),
            );
          }),
        )
      : h('p', { class: 'muted' }, 'Everyone plays for their own team tonight.'),
    h('label', { for: 'sub-for' }, 'Who can’t come'),
    seat,
    h('label', { for: 'sub-who' }, 'Who sits in'),
    who,
    typed,
    h('button', { id: 'name-sub' }, 'Name the substitute'),
  );
}

/** The playoff: who goes on, its start once the season is over, its champion. */
function playoff(crew, season, start) {
  const p = season.playoff;
  if (!p) return null;
  const names = Object.fromEntries(season.teams.map((t) => [t.id, t.name]));
  return h(
    'section',
    { class: 'card stack', id: 'season-playoff' },
    h('h2', {}, `Playoff: the top ${p.teams}`),
    p.champion
      ? h('p', { id: 'champion' }, `${names[p.champion]} won the playoff.`)
      : h('p', { class: 'muted' }, `As it stands: ${p.seeds.map((t) => names[t]).join(', ')}.`),
    season.season_over && !p.started && !p.event_id
      ? h(
          'button',
          { class: 'primary', id: 'start-playoff', onclick: () => start('playoff') },
          'Start the playoff',
        )
      : null,
    p.event_id
      ? h(
          'button',
          {
            type: 'button',
            onclick: () => openEvent(crew, season, p.event_id, null, `${season.name}, playoff`),
          },
          'Open the playoff',
        )
      : null,
  );
}
