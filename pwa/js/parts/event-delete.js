// "Delete this tournament" on the director's screen (an event made by a stray Enter,
// or one over and done): asks in words what goes with it, then DELETE /api/events/{id}; the
// phone forgets the event and goes back to the list of tournaments. The same folded panel
// deletes a party (views/party.js) and a crew's season (views/crew-season.js).
import { go, h } from '../ui.js';

/** The question asked before deleting `ev` (the director view), naming what goes with it. */
export function deleteWords(ev) {
  const teams = ev.teams.length;
  const games = ev.matches.reduce((n, m) => n + (m.games?.length || 0), 0);
  const what = [
    `${teams} team${teams === 1 ? '' : 's'}`,
    ...(games ? [`${games} game${games === 1 ? '' : 's'} played or under way`] : []),
  ].join(' and ');
  return (
    `Delete ${ev.name} for good? Its ${what} go with it, and every link to it stops ` +
    'working: the board, the tables’ links and the share pages. This cannot be undone.'
  );
}

const EVENT = {
  what: 'tournament',
  id: 'delete-event',
  blurb: 'For a tournament made by mistake, or over and done: its teams, matches and games go.',
};

/** The panel: `remove()` asks and deletes (the screen's own confirm and call). `what` names
 * the thing deleted ("party"), `blurb` says what goes, `id` the panel's (its button's id is
 * `${id}-button`): a tournament's unless given. */
export function deletePanel(remove, { what, id, blurb } = EVENT) {
  return h(
    'details',
    { class: 'card', id },
    h('summary', { class: 'btn' }, `Delete this ${what}`),
    h('p', { class: 'muted' }, blurb),
    h(
      'button',
      { type: 'button', class: 'remove', id: `${id}-button`, onclick: remove },
      `Delete the ${what}`,
    ),
  );
}

/** What a director's screen shows once the server no longer has its tournament or party
 * (deleted from another phone, say): the words, and "Take it off this phone", which runs
 * `forget()` and goes `back` to the list. */
export function goneWords(what) {
  return `This ${what} is not on the server any more: it was deleted, and its links no longer work.`;
}

export function forgetButton(id, forget, back) {
  const onclick = async () => {
    await forget();
    go(back);
  };
  return h('button', { type: 'button', id, onclick }, 'Take it off this phone');
}
