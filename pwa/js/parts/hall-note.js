// The hall's own network (docs/hall.md): a phone that reached the scorepad at the
// laptop's plain-HTTP address (http://192.168.1.20:8000) is not a secure context, so its browser
// gives the page no service worker: it cannot be installed, and cannot be opened again while
// the laptop is off or asleep. Every table job still works (IndexedDB, the outbox, the live
// stream); this note says plainly what does not, under the bar, on every screen. Open the first
// time; "Got it" folds it to its one-line summary for this phone.
import { h } from '../ui.js';

const FOLDED = 'tally42-hall-note-folded'; // localStorage: the note was read on this phone

function folded() {
  try {
    return localStorage.getItem(FOLDED) === 'yes';
  } catch {
    return false; // storage refused: open each time
  }
}

function fold(note) {
  note.open = false;
  try {
    localStorage.setItem(FOLDED, 'yes');
  } catch {
    // not kept: folded for now
  }
}

/** The note (an aside holding #hall-note) for a page served over plain HTTP at a network
 * address, or null when the page is a secure context (HTTPS, or the laptop's own localhost)
 * and everything works. */
export function hallNote(secure = window.isSecureContext) {
  if (secure) return null;
  const note = h(
    'details',
    { id: 'hall-note', open: !folded() },
    h('summary', {}, 'On the hall’s Wi-Fi: no install, no reopening offline'),
    h(
      'p',
      {},
      'Scoring, joining a table, undo and the board all work here while the laptop ' +
        'running Tally 42 is on.',
    ),
    h(
      'p',
      {},
      'This page reached the laptop over the hall’s own network, so it cannot be installed ' +
        'as an app and cannot be opened again while the laptop is off or asleep: keep this ' +
        'tab open. Hands entered while the laptop is away stay on this phone and are sent ' +
        'when it is back. The browser does not keep the screen awake here: give the phone a ' +
        'longer screen timeout.',
    ),
    h('button', { type: 'button', class: 'small', id: 'hall-note-ok' }, 'Got it'),
  );
  note.querySelector('#hall-note-ok').addEventListener('click', () => fold(note));
  return h('aside', { class: 'hall-note', 'aria-label': 'The hall’s Wi-Fi' }, note);
}
