// The director's teams before the start (views/event.js): a team added with one thumb (the
// form stays put while the list redraws), a whole list pasted, previewed and added one POST a
// team, and the check-in list (tap to check in; late teams marked and droppable; a check-in or
// a drop taken back; names edited; a team removed) with the seeding.
import { h, toast } from '../ui.js';
import { parseTeams } from './team-list.js';
import { playersLine, shortNameRow } from './team-edit.js';
import { BY_RATING, call, clock, SEEDINGS } from '../director.js';

/** What each seeding does, said under its choice. */
const SEEDING_WORDS = {
  listed: 'The first team listed is seed 1, and so on.',
  random: 'The draw is made when you start; the list order does not count.',
  rating: 'Seeded by the crew’s ratings when you start: the strongest pair is seed 1.',
};

/** The teams part of one director's screen, given the screen's `cx` ({ev: the latest read, id,
 * token, act, say, sure, load, noSignal, refusal, editor}). Returns {addForm, pasteForm,
 * checkInList}: the two forms are made once (what is typed there stays across redraws). */
export function teamsPart(cx) {
  // --- before the start: add a team with one thumb (the form stays put while the list redraws)
  // names: word capitals, no autocorrect ("Hrncir" is no typo), Enter moves on a box
  const nameBox = (boxId, hint) =>
    h('input', {
      type: 'text',
      id: boxId,
      autocomplete: 'off',
      autocapitalize: 'words',
      autocorrect: 'off',
      spellcheck: 'false',
      maxlength: 60,
      enterkeyhint: hint,
    });
  const p1 = nameBox('player-1', 'next');
  const p2 = nameBox('player-2', 'next');
  const teamName = nameBox('team-name', 'done');
  const onEnter = (box, next) =>
    box.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || e.isComposing) return;
      e.preventDefault(); // not a submit: the next box
      next.focus();
    });
  const teamShort = shortNameRow('team-short'); // the team's own short name (optional)
  onEnter(p1, p2);
  onEnter(p2, teamName);
  const addForm = h(
    'form',
    {
      class: 'card stack',
      id: 'add-team',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const players = [p1.value.trim(), p2.value.trim()];
        const name = teamName.value.trim() || players.filter(Boolean).join(' & ');
        if (!players[0] || !players[1]) {
          cx.say('A team is two players: give both names.');
          (players[0] ? p2 : p1).focus();
          return;
        }
        const entry = { name, players, short_name: teamShort.input.value.trim() || null };
        await cx.act('POST', `/api/events/${cx.id}/teams`, entry, () => {
          toast(`${name} added`);
          teamName.value = '';
          teamShort.input.value = '';
          p1.value = '';
          p2.value = '';
        });
        p1.focus(); // the next team's first player
      },
    },
    h('h2', {}, 'Add a team'),
    h('label', { for: 'player-1' }, 'Player 1', p1),
    h('label', { for: 'player-2' }, 'Player 2', p2),
    h(
      'label',
      { for: 'team-name' },
      'Team name ',
      h('span', { class: 'muted' }, '(optional: the players’ names if left empty)'),
      teamName,
    ),
    teamShort.row,
    h('button', { type: 'submit', class: 'primary', id: 'add-team-button' }, 'Add team'),
  );

  // a whole list at once: pasted, previewed (duplicates named), then one POST a team
  const pasteBox = h('textarea', {
    id: 'paste-teams-text',
    rows: 6,
    autocapitalize: 'words',
    autocorrect: 'off',
    spellcheck: 'false',
  });
  const preview = h('div', { id: 'paste-preview', 'aria-live': 'polite' });
  const pasteButton = h('button', { type: 'button', class: 'primary', id: 'paste-add' }, 'Add');
  const pasted = () =>
    parseTeams(
      pasteBox.value,
      (cx.ev?.teams || []).map((t) => t.name),
    );
  function showPasted() {
    const got = pasted();
    const names = (list) => list.map((t) => t.name || t).join(', ');
    const lines = [
      got.teams.length ? h('p', {}, `To add: ${names(got.teams)}`) : null,
      got.duplicates.length
        ? h('p', { class: 'paste-warn' }, `Already on the list, left out: ${names(got.duplicates)}`)
        : null,
      ...got.problems.map((words) => h('p', { class: 'paste-warn' }, words)),
    ];
    preview.replaceChildren(...lines.filter(Boolean)); // a null child would read "null"
    const n = got.teams.length;
    pasteButton.disabled = n === 0;
    pasteButton.textContent = n === 1 ? 'Add 1 team' : `Add ${n} teams`;
  }
  pasteBox.addEventListener('input', showPasted);
  pasteButton.addEventListener('click', async () => {
    const got = pasted();
    let added = 0;
    for (const team of got.teams) {
      const res = await call('POST', `/api/events/${cx.id}/teams`, cx.token, team);
      if (res === null) {
        cx.noSignal();
        break;
      }
      if (res.status >= 400) {
        cx.say(`${team.name}: ${cx.refusal(res)}`);
        break;
      }
      added += 1;
    }
    if (added) toast(added === 1 ? '1 team added' : `${added} teams added`);
    if (added === got.teams.length) pasteBox.value = '';
    await cx.load();
    showPasted();
  });
  const pasteForm = h(
    'details',
    { class: 'card', id: 'paste-teams' },
    h('summary', {}, 'Paste a list of teams'),
    h(
      'label',
      { for: 'paste-teams-text' },
      'Teams, one a line ',
      h(
        'span',
        { class: 'muted' },
        '(“Ann & Bob”, or two columns from a spreadsheet: three with the team’s name first)',
      ),
      pasteBox,
    ),
    preview,
    pasteButton,
  );
  showPasted();

  /** The taps that take a check-in or a drop back (before the start), each asked in words. */
  function takeBack(t) {
    const back = (label, words, path, done) =>
      h(
        'button',
        {
          type: 'button',
          class: 'take-back',
          'aria-label': `${label}: ${t.name}`,
          onclick: () =>
            cx.sure(words) &&
            cx.act('DELETE', `/api/events/${cx.id}/teams/${t.id}/${path}`, undefined, done),
        },
        label,
      );
    if (t.dropped)
      return [
        back(
          'Put back',
          `Put ${t.name} back in? They are no longer dropped, and need checking in.`,
          'drop',
          () => toast(`${t.name} is back in`),
        ),
      ];
    if (t.checked_in_at)
      return [
        back(
          'Not here',
          `Take back the check-in of ${t.name}? They show as not here until checked in again.`,
          'check-in',
          () => toast(`${t.name}: check-in taken back`),
        ),
      ];
    return [];
  }

  function checkInList() {
    const here = cx.ev.teams.filter((t) => t.checked_in_at).length;
    const still = cx.ev.teams.filter((t) => !t.dropped);
    const rows = cx.ev.teams.map((t, i) => {
      const late = (cx.ev.late || []).includes(t.id);
      const state = t.dropped
        ? h('span', { class: 'tag' }, 'Dropped')
        : t.checked_in_at
          ? h('span', { class: 'tag ok' }, `Here since ${clock(t.checked_in_at)}`)
          : late
            ? h('span', { class: 'tag late' }, 'Late')
            : h('span', { class: 'tag' }, 'Not here yet');
      const buttons = [];
      if (!t.dropped && !t.checked_in_at)
        buttons.push(
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              'aria-label': `Check in ${t.name}`,
              onclick: () => cx.act('POST', `/api/events/${cx.id}/teams/${t.id}/check-in`),
            },
            'Check in',
          ),
        );
      if (late)
        buttons.push(
          h(
            'button',
            {
              type: 'button',
              class: 'drop',
              'aria-label': `Drop ${t.name}`,
              onclick: () =>
                cx.sure(
                  `Drop ${t.name}? They stay on the list, marked dropped, and play no match. This cannot be undone.`,
                ) && cx.act('POST', `/api/events/${cx.id}/teams/${t.id}/drop`),
            },
            'Drop: late',
          ),
        );
      buttons.push(...takeBack(t));
      buttons.push(
        h(
          'button',
          {
            type: 'button',
            'aria-label': `Change ${t.name}'s names`,
            onclick: () => cx.editor.open(t),
          },
          'Edit names',
        ),
      );
      buttons.push(
        h(
          'button',
          {
            type: 'button',
            class: 'remove',
            'aria-label': `Remove ${t.name}`,
            onclick: () =>
              cx.sure(`Remove ${t.name} from the list? Their names are taken off for good.`) &&
              cx.act('DELETE', `/api/events/${cx.id}/teams/${t.id}`),
          },
          'Remove',
        ),
      );
      return h(
        'li',
        { class: `team-row${late ? ' late' : ''}`, 'data-team': t.name },
        h(
          'div',
          { class: 'who' },
          h('strong', {}, `${i + 1}. ${t.name}`),
          h('span', { class: 'muted' }, playersLine(t)),
          state,
        ),
        h('div', { class: 'row' }, buttons),
      );
    });
    const seeding = h(
      'div',
      { class: 'grid wide', role: 'group', 'aria-label': 'Seeding' },
      // an event made for a crew may be seeded by its ratings (the server has the crew)
      (cx.ev.crew_id ? [...SEEDINGS, BY_RATING] : SEEDINGS).map(([value, words]) =>
        h(
          'button',
          {
            type: 'button',
            'aria-pressed': String(cx.ev.seeding === value),
            onclick: () => cx.act('PATCH', `/api/events/${cx.id}`, { seeding: value }),
          },
          words,
        ),
      ),
    );
    return [
      h('h2', { id: 'checkin-head' }, `Check-in: ${here} of ${still.length} here`),
      cx.ev.checkin_deadline
        ? h(
            'p',
            { class: 'muted' },
            (cx.ev.late || []).length
              ? `Check-in closed at ${clock(cx.ev.checkin_deadline)}: late teams can be dropped.`
              : `Check in by ${clock(cx.ev.checkin_deadline)}.`,
          )
        : null,
      rows.length
        ? h('ul', { class: 'list', id: 'checkin' }, rows)
        : h('p', { class: 'muted' }, 'No teams yet: add them above, as they arrive.'),
      h(
        'fieldset',
        {},
        h('legend', {}, 'Seeding'),
        seeding,
        h('p', { class: 'muted' }, SEEDING_WORDS[cx.ev.seeding] || SEEDING_WORDS.listed),
      ),
    ];
  }

  return { addForm, pasteForm, checkInList };
}
