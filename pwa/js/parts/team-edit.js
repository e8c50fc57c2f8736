// The director's "Change a team's names" panel (a team's names fixed at any time,
// before the start or mid-event; the board and every view follow), its own short name too. Built once and kept
// outside the part of the screen a re-read redraws, so names being typed are never wiped by
// a live change; `show(ev)` only refreshes the list of teams.
import { h } from '../ui.js';

/** A name box as the team form has them: word capitals, no autocorrect ("Hrncir" is no typo). */
const box = (id, maxlength = 60) =>
  h('input', {
    type: 'text',
    id,
    autocomplete: 'off',
    autocapitalize: 'words',
    autocorrect: 'off',
    spellcheck: 'false',
    maxlength,
  });

/** The most characters of a team's own short name (api/schemas/events.py SHORT_NAME). */
export const SHORT_NAME = 12;

/** The short name's box and its label (the add form and this panel): `boxId` its id. */
export function shortNameRow(boxId) {
  const input = box(boxId, SHORT_NAME);
  const row = h(
    'label',
    { for: boxId },
    'Short name ',
    h('span', { class: 'muted' }, `(optional, ${SHORT_NAME} letters: where space is tight)`),
    input,
  );
  return { input, row };
}

/** A team's players under its name in the list, and its short name if it has one. */
export const playersLine = (t) =>
  `${t.players.join(' & ')}${t.short_name ? ` · short name ${t.short_name}` : ''}`;

/** What to send for `team` from the boxes: only what changed ({} when nothing did), or a
 * sentence saying what is missing. Exported for the unit test. */
export function teamChanges(team, player1, player2, name, short = team.short_name ?? '') {
  const players = [player1.trim(), player2.trim()];
  if (!players[0] || !players[1]) return { problem: 'A team is two players: give both names.' };
  const body = {};
  const newName = name.trim() || players.join(' & ');
  if (newName !== team.name) body.name = newName;
  const newShort = short.trim() || null; // empty: no short name, the full name everywhere
  if (newShort !== (team.short_name ?? null)) body.short_name = newShort;
  if (players.join('\n') !== team.players.join('\n')) body.players = players;
  return { body };
}

/**
 * The panel. `save(team, body)` sends the change (resolves truthy when it was made); `say`
 * shows a sentence. Returns {el, open(team), show(ev)}.
 */
export function teamEditor(save, say) {
  let teams = [];
  const pick = h('select', { id: 'edit-team-pick' });
  const p1 = box('edit-player-1');
  const p2 = box('edit-player-2');
  const name = box('edit-team-name');
  const short = shortNameRow('edit-team-short');
  const chosen = () => teams.find((t) => String(t.id) === pick.value);
  const fill = () => {
    const t = chosen();
    p1.value = t?.players[0] ?? '';
    p2.value = t?.players[1] ?? '';
    name.value = t?.name ?? '';
    short.input.value = t?.short_name ?? '';
  };
  pick.addEventListener('change', fill);
  const form = h(
    'form',
    {
      class: 'stack',
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        const t = chosen();
        if (!t) return;
        const got = teamChanges(t, p1.value, p2.value, name.value, short.input.value);
        if (got.problem) {
          say(got.problem);
          return;
        }
        if (!Object.keys(got.body).length) {
          say(`Nothing to change: ${t.name} already reads like that.`);
          return;
        }
        if (await save(t, got.body)) el.open = false;
      },
    },
    h('label', { for: 'edit-team-pick' }, 'Team', pick),
    h('label', { for: 'edit-player-1' }, 'Player 1', p1),
    h('label', { for: 'edit-player-2' }, 'Player 2', p2),
    h(
      'label',
      { for: 'edit-team-name' },
      'Team name ',
      h('span', { class: 'muted' }, '(the players’ names if left empty)'),
      name,
    ),
    short.row,
    h(
      'p',
      { class: 'muted' },
      'The board, the tables and the share pages show the new names at once.',
    ),
    h('button', { type: 'submit', class: 'primary', id: 'edit-team-save' }, 'Save the names'),
  );
  const el = h(
    'details',
    { class: 'card', id: 'edit-team' },
    h('summary', { class: 'btn' }, 'Change a team’s names'),
    form,
  );

  /** The teams of `ev` in the list; the one chosen stays chosen (and its boxes as typed). */
  function show(ev) {
    const before = pick.value;
    teams = ev.teams;
    pick.replaceChildren(...teams.map((t) => h('option', { value: String(t.id) }, t.name)));
    pick.value = teams.some((t) => String(t.id) === before) ? before : String(teams[0]?.id ?? '');
    if (pick.value !== before) fill();
    el.hidden = !teams.length;
  }

  /** Open the panel on `team`, its names in the boxes, Player 1 ready to type. */
  function open(team) {
    pick.value = String(team.id);
    fill();
    el.open = true;
    el.scrollIntoView({ block: 'start' });
    p1.focus({ preventScroll: true });
  }

  return { el, open, show };
}
