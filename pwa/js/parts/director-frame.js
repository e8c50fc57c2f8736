// A director's screen's frame, shared by the tournament's (views/event.js), the party's
// (views/party.js) and the season's (views/crew-season.js), as parts/table-link.js is by both
// table phones: the note that says what went wrong, a director's token the server no longer
// knows said as gone (with "Take it off this phone"), the read again every few seconds while
// the screen is in sight, and all of it stopped when the director leaves the screen.
import { forgetButton, goneWords } from './event-delete.js';

/** Whether the server refused the director's token as unknown: the event or party is gone. */
export const unknownToken = (res) => res?.status === 401 && res.body?.rule_code === 'UNKNOWN_TOKEN';

/** Show `words` in `note` (empty hides it); `scroll`: an unquiet note is scrolled into view. */
export const sayIn =
  (note, scroll = false) =>
  (words, quiet = false) => {
    note.textContent = words || '';
    note.hidden = !words;
    if (scroll && words && !quiet) note.scrollIntoView({ block: 'nearest' });
  };

/**
 * The frame of one director's screen: {say, left (true once the director left or the thing is
 * gone), follow(read, every, when), gone(...), leave}. `note` is the screen's note.
 */
export function directorFrame(note, scroll = false) {
  const stops = [];
  const frame = {
    say: sayIn(note, scroll),
    left: false,
    /** Run `read` every `every` ms while the screen is in sight and `when()` holds, and at
     * once when the signal comes back (`online`). */
    follow(read, every, when = () => true, online = false) {
      const timer = setInterval(() => {
        if (document.visibilityState === 'visible' && when()) read();
      }, every);
      stops.push(() => clearInterval(timer));
      if (online) {
        const back = () => read(); // the signal is back: read at once, not at the next tick
        window.addEventListener('online', back);
        stops.push(() => window.removeEventListener('online', back));
      }
    },
    /** Stop `stop` too when the director leaves (a live stream). */
    onLeave: (stop) => stops.push(stop),
    /** The server knows the director's token no more (`what` was deleted, from a phone
     * restored from this one's backup, say): said so, `body` offers to forget it here. */
    gone(what, body, removal, forgetId, forget, back) {
      frame.left = true;
      removal.hidden = true;
      frame.say(goneWords(what));
      body.replaceChildren(forgetButton(forgetId, forget, back));
    },
    /** The director left the screen: nothing reads or draws any more. */
    leave() {
      frame.left = true;
      for (const stop of stops.splice(0)) stop();
    },
  };
  return frame;
}
