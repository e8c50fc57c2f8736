// The table's two asks of the director's day (docs/tournaments.md "Sign-off" and "Calling
// the director"): the losing team confirms a game's result with one tap ("Owls: Rangers won 8
// to 0?"), and "Call the director", which shows on the director's phone and the board until
// the director answers it. Drawn by the table's screen (views/table-phone.js).
import { h } from '../ui.js';
import { clock } from '../director.js';

/** "Owls: Rangers won 8 to 0?": the game to sign, said to the team that lost it. */
export function signWords(ask) {
  const [a, b] = [ask.totals[ask.winner], ask.totals[ask.signer]];
  return `${ask.teams[ask.signer]}: ${ask.teams[ask.winner]} won ${a}\u00a0to\u00a0${b}?`; // kept on one line
}

/** The sign-off card for `ask` (the read's `to_sign`); `sign()` sends the signature. */
export function signCard(ask, sign) {
  return h(
    'section',
    { class: 'card stack sign-off', id: 'sign-off', 'aria-labelledby': 'sign-h' },
    h('h2', { id: 'sign-h' }, `Sign game ${ask.game_no}`),
    h('p', { class: 'sign-words', id: 'sign-words' }, signWords(ask)),
    h(
      'button',
      { type: 'button', class: 'primary', id: 'sign-game', onclick: sign },
      `Yes: ${ask.teams[ask.signer]} sign`,
    ),
    h(
      'p',
      { class: 'muted' },
      'Only when it is right: once signed, only the director can change it. If not, call the director.',
    ),
  );
}

/** "Call the director", or, while the call is open, when it was made. */
export function callPart(call, callNow) {
  if (call)
    return h(
      'p',
      { class: 'banner', id: 'called', role: 'status' },
      `You called the director at ${clock(call.at)}. The director's phone and the board show it until the director comes.`,
    );
  return h(
    'button',
    { type: 'button', id: 'call-director', onclick: callNow },
    'Call the director',
  );
}
