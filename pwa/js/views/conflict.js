// A 409 or 412 (or a refused hand): both versions side by side; the user picks one.
import { getGame, updateGame } from '../store.js';
import { keepMine, keepTheirs, readServer } from '../sync.js';
import { h, go, toast } from '../ui.js';
import { seatName, bidLabel, countLabel } from '../game.js';

/** Render the conflict of a game, if it has one. */
export async function render(main, id) {
  const game = await getGame(id);
  if (!game) {
    go('#/');
    return;
  }
  const c = game.conflict;
  if (!c) {
    go(`#/g/${id}`);
    return;
  }
  // the server's copy could not be read (server_hands null): nothing to take until it is
  const unread = c.server_hands === null;
  const unreadLine = () =>
    h(
      'p',
      { id: 'server-unread' },
      'The server’s score could not be read: try again when the signal is back.',
    );
  const readAgain = () =>
    h(
      'button',
      {
        type: 'button',
        id: 'read-server',
        onclick: async () => {
          if (await readServer(id).catch(() => false)) render(main.replaceChildren() || main, id);
          else toast('Still no signal: try again');
        },
      },
      'Read it again',
    );
  // the server's version, or (its copy unread) the button that reads it again
  const takeTheirs = (id_, cls, words, done) =>
    unread
      ? readAgain()
      : h(
          'button',
          {
            type: 'button',
            class: cls,
            id: id_,
            onclick: async () => {
              await keepTheirs(id);
              toast(done);
              go(`#/g/${id}`);
            },
          },
          words,
        );
  const describe = (hand) =>
    hand
      ? `${seatName(game, hand.bidder)} bid ${bidLabel(game.rules, hand.bid)}, ${countLabel(game.rules, hand)}`
      : 'no such hand (removed)';
  if (c.over) {
    // a table's match that is over: nothing to choose, nothing to send again
    main.append(
      h('h1', {}, c.status === 404 ? 'This match left this table' : 'The match is over'),
      h('p', { id: 'over' }, `The server said: ${c.message}.`),
      ...(c.mine ? [h('p', { class: 'card' }, describe(c.mine))] : []),
      h(
        'p',
        { class: 'muted' },
        'This phone keeps the hand, but it is not sent: nothing more is scored in this match. Ask the director if that is wrong.',
      ),
      h(
        'div',
        { class: 'actions' },
        h(
          'a',
          { class: 'btn primary', href: game.table || '#/', id: 'leave-match' },
          game.table ? 'Your table' : 'Your games',
        ),
      ),
    );
    return;
  }
  if (c.locked) {
    // an undo or edit the next match already depends on: only the director can change it now
    main.append(
      h('h1', {}, 'The next match has started'),
      h('p', { id: 'locked' }, `The server said: ${c.message}.`),
      h(
        'p',
        { class: 'card' },
        c.kind === 'delete'
          ? `This phone wanted to undo hand ${c.hand_no}.`
          : `This phone wanted hand ${c.hand_no} to read: ${describe(c.mine)}.`,
      ),
      h(
        'p',
        { class: 'muted' },
        'The server keeps the score as it was, and so does the bracket. Take its score back here; the director can correct the result.',
      ),
      ...(unread ? [unreadLine()] : []), // main.append would write a null as the word
      h(
        'div',
        { class: 'actions' },
        takeTheirs(
          'take-server-score',
          'primary',
          'Take the server’s score',
          'Took the server’s score',
        ),
      ),
    );
    return;
  }
  main.append(
    h('h1', {}, c.hand_no ? `Hand ${c.hand_no}: two versions` : 'The server refused this game'),
  );
  if (c.status === 409 || c.status === 412) {
    main.append(
      h(
        'p',
        {},
        'Another phone changed this game while this one was saving. Nothing is lost: pick the version to keep.',
      ),
      h(
        'div',
        { class: 'versions' },
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'mine-title' },
          h('h2', { id: 'mine-title' }, 'This phone'),
          h('p', { id: 'mine' }, c.kind === 'delete' ? 'undo this hand' : describe(c.mine)),
        ),
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'theirs-title' },
          h('h2', { id: 'theirs-title' }, 'The other phone'),
          h('p', { id: 'theirs' }, unread && !c.theirs ? 'not read yet' : describe(c.theirs)),
        ),
      ),
      h('p', { class: 'muted' }, c.message),
      ...(unread ? [unreadLine()] : []), // main.append would write a null as the word
      h(
        'div',
        { class: 'actions' },
        takeTheirs('keep-theirs', undefined, 'Keep theirs', 'Kept the other version'),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 'keep-mine',
            onclick: async () => {
              await keepMine(id);
              toast('Kept this phone’s version');
              go(`#/g/${id}`);
            },
          },
          'Keep mine',
        ),
      ),
    );
    return;
  }
  main.append(
    h('p', {}, `The server said: ${c.message}`),
    ...(c.mine ? [h('p', { class: 'card' }, describe(c.mine))] : []),
    h(
      'p',
      { class: 'muted' },
      'The hand stays on this phone. Change it and it will be sent again, or try sending it unchanged.',
    ),
    h(
      'div',
      { class: 'actions' },
      c.hand_no
        ? h(
            'button',
            {
              type: 'button',
              onclick: async () => {
                await updateGame(id, (g) => {
                  g.conflict = null;
                });
                go(`#/g/${id}/hand/${c.hand_no}`);
              },
            },
            'Change it',
          )
        : null,
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          onclick: async () => {
            await keepMine(id);
            go(`#/g/${id}`);
          },
        },
        'Send again',
      ),
    ),
  );
}
