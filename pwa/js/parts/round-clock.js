// The round clock (docs/tournaments.md "The round clock"; docs/rules.md 36-38): the time left
// in a game, counted down on this phone to the deadline the server sent (nothing is sent each
// second), and, once the director calls time, what the table does: finish the hand, play one
// more, or who won on time. Drawn on the table's screen, the score sheet and the director's
// tables; the server never ends a game by the clock: the director calls time.
import { h, toast } from '../ui.js';
import { seatsOf, sideName, unit } from '../names.js';
import { getGame, updateGame } from '../store.js';

/** "12:05" for a span in milliseconds (none below 0:00). Exported for tests. */
export function mmss(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A line counting down to `deadline` (ISO) by itself, once a second, until it leaves the
 * page; null without a deadline. */
export function countdown(deadline, id) {
  if (!deadline) return null;
  const end = Date.parse(deadline);
  const el = h('p', { class: 'clock', id, role: 'timer' });
  let shown = false;
  let unseen = 0; // seconds not on the page: a line drawn for a screen that was never shown
  const tick = () => {
    const left = end - Date.now();
    el.textContent =
      left > 0 ? `${mmss(left)} left in this game` : 'Time is up: the director calls time.';
    el.classList.toggle('banner', left <= 0); // time is up: said as loud as a call
  };
  tick();
  const timer = setInterval(() => {
    if (el.isConnected) shown = true;
    else if (shown || ++unseen > 5) return clearInterval(timer); // gone: a redraw replaced it
    tick();
  }, 1000);
  return el;
}

// the table's words once time is called, by the engine's phase
const PHASE = {
  finish_hand: 'Time! Finish this hand.',
  one_more_hand: 'Level: one more hand.',
};

/** "Reds win on time, 5 marks to 3" (the game `state` ended on time), else null. */
function wonOnTime(game, state) {
  if (!state.game_over || state.end_reason !== 'time') return null;
  const won = state.winner;
  const other = Math.max(...state.totals.filter((_, side) => side !== won));
  const many = seatsOf(game.rules, won).length > 1;
  const what = unit(game.rules);
  const score = state.totals[won];
  return `${sideName(game, won)} ${many ? 'win' : 'wins'} on time, ${score} ${score === 1 ? what.slice(0, -1) : what} to ${other}.`;
}

/** The score sheet's banner once time is called (null before): finish the hand, one more
 * hand, or who won on time. */
export function timeBanner(game, state) {
  const t = state.time;
  if (!t) return null;
  const words = PHASE[t.phase] ?? wonOnTime(game, state);
  return words
    ? h('p', { class: 'banner time-called', id: 'time-called', role: 'status' }, words)
    : null;
}

/** The clock of a table's game under way (`clock`, from the API's `clocks`): the time left,
 * or once time is called, what the table does; null without one. */
export function clockLine(clock, id) {
  if (!clock) return null;
  const said = clock.time && PHASE[clock.time.phase];
  if (said) return h('p', { class: 'banner clock called', id, role: 'status' }, said);
  return countdown(clock.deadline, id);
}

/** Keep the deadline of the table's game under way on the game kept on this phone, so its
 * score sheet counts down too. */
export async function keepDeadline(clock) {
  if (!clock?.deadline) return;
  const kept = await getGame(clock.game_id);
  if (!kept || kept.deadline === clock.deadline) return;
  await updateGame(clock.game_id, (g) => {
    g.deadline = clock.deadline;
  });
  window.dispatchEvent(new CustomEvent('tally:changed', { detail: clock.game_id })); // redraw
}

/** The director's clock of one table (`ev.clocks`): its time left and "Call time" (an
 * event without a time limit shows neither, unless time was called there anyway). */
export function tableClock(ev, table, callTime) {
  const clock = ev.clocks?.find((c) => c.table === table);
  if (!clock || (!ev.time_limit_minutes && !clock.time)) return [];
  const line = clockLine(clock, `clock-${table}`);
  if (clock.time) return [line];
  return [
    line,
    h(
      'button',
      { type: 'button', id: `call-time-${table}`, onclick: () => callTime(table) },
      `Call time at table ${table}`,
    ),
  ];
}

/** "Call time at every table", while a table plays with time not called yet (null else). */
export function callTimeEverywhere(ev, callTime) {
  const open = (ev.clocks || []).filter((c) => !c.time);
  if (!ev.time_limit_minutes || open.length < 2) return null;
  return h(
    'button',
    { type: 'button', id: 'call-time-all', onclick: () => callTime(null) },
    `Call time at every table (${open.length})`,
  );
}

/** The director's call of time for event `id` through the event screen's `act`: at one
 * table, or at every table (`table` null). */
export function timeCaller(act, id) {
  return (table) =>
    act(
      'POST',
      table ? `/api/events/${id}/tables/${table}/time` : `/api/events/${id}/time`,
      {},
      () => toast(table ? `Time called at table ${table}` : 'Time called at every table'),
    );
}

/** The event form's "Round clock" box (`id` its input): {el, limit()} where limit() is the
 * minutes (5 to 240), null when empty (no clock), or undefined when it is not one. */
export function timeLimitBox(id) {
  const input = h('input', {
    id,
    type: 'number',
    min: 5,
    max: 240,
    inputmode: 'numeric',
    autocomplete: 'off',
  });
  const el = h(
    'label',
    { for: id },
    h('strong', {}, 'Round clock (optional)'),
    input,
    h('span', { class: 'muted' }, 'Minutes a game may last before the director calls time.'),
  );
  const limit = () => {
    if (!input.value) return null;
    const n = Number(input.value);
    return Number.isInteger(n) && n >= 5 && n <= 240 ? n : undefined;
  };
  return { el, input, limit };
}
