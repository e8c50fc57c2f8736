// The new-game form's crew part: which crew the game is for, and under each seat's
// name box the crew's roster as buttons, so a seat is filled in one tap. A name typed instead
// becomes a new crew player when the game starts (crews.js seatPlayers). Loaded by the
// new-game screen only when this phone holds a crew.
import { h } from '../ui.js';

/** The "Which crew" buttons: "No crew" and each crew; pick(crew or null) on a tap. */
export function crewChoice(crews, chosen, pick) {
  const options = [[null, 'No crew'], ...crews.map((c) => [c, c.name])];
  return h(
    'fieldset',
    { id: 'crew-box' },
    h('legend', {}, 'Crew'),
    h(
      'div',
      { class: 'grid wide', role: 'group', 'aria-label': 'Crew' },
      options.map(([crew, words]) =>
        h(
          'button',
          {
            type: 'button',
            class: 'crew-pick',
            'aria-pressed': String((crew?.id ?? null) === (chosen?.id ?? null)),
            onclick: () => pick(crew),
          },
          words,
        ),
      ),
    ),
    chosen
      ? h(
          'p',
          { class: 'muted' },
          `Tap a name under each seat, or type a new one: it joins ${chosen.name}'s list.`,
        )
      : null,
  );
}

/**
 * Put the roster under each seat box (`inputs`: the seat inputs, any order). A tap fills the
 * box with the player (data-player holds the id) and takes them out of any other seat;
 * typing in a box forgets the picked player. `changed()` runs after every pick.
 */
export function addRoster(crew, inputs, changed = () => {}) {
  const rows = [];
  const refresh = () => {
    for (const row of rows)
      for (const chip of row.chips)
        chip.setAttribute('aria-pressed', String(row.input.dataset.player === chip.dataset.player));
  };
  for (const input of inputs) {
    input.addEventListener('input', () => {
      delete input.dataset.player;
      refresh();
    });
    const seatWords = input.getAttribute('aria-label') || 'this seat';
    const chips = crew.players.map((p) =>
      h(
        'button',
        {
          type: 'button',
          class: 'chip',
          'data-player': p.id,
          'aria-label': `${p.name}: ${seatWords}`,
          onclick: () => {
            for (const other of inputs) {
              if (other !== input && other.dataset.player === p.id) {
                other.value = '';
                delete other.dataset.player;
              }
            }
            input.value = p.name;
            input.dataset.player = p.id;
            refresh();
            changed();
          },
        },
        p.name,
      ),
    );
    rows.push({ input, chips });
    if (chips.length) input.after(h('div', { class: 'chips', role: 'group' }, chips));
  }
  refresh();
}

/** What each seat holds, seat 0 first: {id, name} picked or typed, null when empty. */
export function picks(inputs) {
  return inputs.map((input) => {
    const name = input.value.trim();
    if (!name) return null;
    return input.dataset.player ? { id: input.dataset.player, name } : { name };
  });
}
