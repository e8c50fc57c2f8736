// The director's screen of one event (#/e/<id>): before the start, the teams (added with one
// thumb), the check-in list (tap to check in; late teams marked and droppable), the seeding
// and the start; after it, the links for the board, each table's match with its table link
// and QR, forfeits and no-shows, corrections (and what can no longer change), the standings
// and every team's path. Everything is read from the server's director view
// (GET /api/events/{id}), re-read when the event's live stream says it changed (event-live.js),
// or every 15 s while that stream is down or not served: the bracket is derived there from the
// games, never kept here. A re-read never moves the screen (scroll, focus, an open QR).
// Needs the network; says so plainly without it.
// This file keeps the screen's state, reading, acting and drawing; its parts are drawn by
// parts/director-teams.js, -links.js, -matches.js and -results.js, and parts/event-flights.js
// (an event made for a crew split into A and B flights), given a small context.
import * as api from '../api.js';
import { followEvent } from '../event-live.js';
import { go, h, toast } from '../ui.js';
import { everyoneLinks, paperLinks } from '../parts/print-links.js';
import { teamEditor } from '../parts/team-edit.js';
import { settingsPanel } from '../parts/event-settings.js';
import { noShowPrompt } from '../parts/no-show-prompt.js';
import { callTimeEverywhere, timeCaller } from '../parts/round-clock.js';
import { deletePanel, deleteWords } from '../parts/event-delete.js';
import { directorFrame, unknownToken } from '../parts/director-frame.js';
import { roundHead, roundStandings } from '../parts/rounds.js';
import { results, roundRobin } from '../parts/director-results.js';
import { held, matchesPart } from '../parts/director-matches.js';
import { keptCards, linkBox, linksPart } from '../parts/director-links.js';
import { teamsPart } from '../parts/director-teams.js';
import { flightsPart } from '../parts/event-flights.js';
import {
  boardLink,
  call,
  clock,
  firstToWords,
  FORMATS,
  forgetEvent,
  keepTableTokens,
  keepTablesSeen,
  keptTableLinks,
  matchName,
  myEvent,
  OFFLINE,
  sideWords,
  tablesWithoutLink,
} from '../director.js';

const POLL_MS = 15000;

/** A tap that cannot be taken back asks first, in words naming the team and the match. */
const sure = (words) => confirm(words);

/** Words for a refusal: the event's own names for matches, else the server's sentence. */
function refusal(ev, res) {
  const b = res.body || {};
  const named = (ids) =>
    ids.map((id) => matchName(ev, ev.matches.find((m) => m.id === id) || { id })).join(', ');
  if (b.rule_code === 'RESULT_LOCKED' && ev && Array.isArray(b.locked))
    return `That result can no longer change: ${named(b.locked)} ${b.locked.length === 1 ? 'has' : 'have'} already been played with those teams.`;
  // the server names matches by their bracket ids and times in UTC: say them as the screen does
  const words = api
    .errorMessage(res)
    .replace(/\b(?:match )?([WLGRP]\d{1,3}(?:\.\d{1,4})?)\b/g, (_all, bracketId) =>
      ev ? named([bracketId]) : bracketId,
    )
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)/g, (iso) =>
      clock(iso),
    );
  return words.charAt(0).toUpperCase() + words.slice(1).replace(/([^.])$/, '$1.');
}

/** Render the director's screen of event `id`. */
export async function render(main, id) {
  const mine = await myEvent(id);
  if (!mine?.token) {
    main.append(
      h('h1', {}, 'Not your tournament'),
      h(
        'p',
        { class: 'banner' },
        'This phone does not run this tournament. Only the phone that made it can direct it.',
      ),
      h('div', { class: 'actions' }, h('a', { class: 'btn', href: '#/events' }, 'Tournaments')),
    );
    return;
  }
  const token = mine.token;
  const title = h('h1', {}, mine.name);
  const about = h('p', { class: 'muted', id: 'event-about' });
  const note = h('p', { class: 'banner', role: 'alert', id: 'event-note', hidden: true });
  const body = h(
    'div',
    { class: 'stack', id: 'event-body' },
    h('p', { class: 'loading' }, 'Loading…'),
  );
  let ev = null;
  let readAt = null; // when the screen last read the event (said when the signal is gone)
  let reading = null; // the quiet read under way: one at a time, so none draws an older view
  let again = false; // a change was announced during it: read once more after it

  // the note, the reads and the leaving (parts/director-frame.js); `quiet` (the timer's
  // reads) never moves the screen: a director scrolled down to a table is not pulled back up
  const frame = directorFrame(note, true);
  const { say } = frame;
  /** Offline, what the screen can still do: the links already made and their QR codes are
   * on this phone; reading the event again and every action need the network. */
  let kept = []; // offline, before any read: the table links this phone holds
  const offlineWords = () =>
    ev
      ? `No signal: this is the tournament as it stood at ${clock(readAt.toISOString())}. ` +
        'The table links and QR codes shown still work; anything new needs the network.'
      : kept.length
        ? 'No signal: the tournament cannot be read now. Below are the table links this phone ' +
          'keeps; they may not be current (a match may be over, or its link made again). ' +
          'Anything new needs the network.'
        : 'No signal: the tournament can only be read with the network. Try again when online.';
  /** Offline before any read: the links kept for the tables as this phone last saw them. */
  async function keptLinks() {
    const entry = await myEvent(id);
    kept = keptTableLinks(entry);
    return keptCards(id, kept, entry);
  }
  let offline = false; // the note says there is no signal

  async function load(quiet = false) {
    const res = await call('GET', `/api/events/${id}`, token);
    if (frame.left) return;
    if (res === null) {
      offline = true;
      if (!ev) body.replaceChildren(...(await keptLinks()));
      return say(offlineWords(), quiet);
    }
    if (unknownToken(res)) return gone();
    if (res.status !== 200) return say(refusal(ev, res), quiet);
    await keepTableTokens(id, res.body);
    await keepTablesSeen(id, res.body);
    ev = res.body;
    readAt = new Date();
    if (offline || note.textContent === OFFLINE) say('');
    offline = false;
    await draw();
  }

  /** The server knows this event's director token no more: the event was deleted (from a
   * phone restored from this one's backup, say). Said so, with a way to forget it here. */
  const gone = () =>
    frame.gone('tournament', body, removal, 'forget-event', () => forgetEvent(id), '#/events');

  /** A read that never moves the screen (a live change, the timer): one at a time, and one
   * more after it when a change was announced meanwhile. */
  function reread() {
    if (reading) {
      again = true;
      return reading;
    }
    reading = load(true).finally(() => {
      reading = null;
      if (again && !frame.left) {
        again = false;
        reread();
      }
    });
    return reading;
  }

  /** No signal for a tap: said so, and marked (the next read that works clears the note). */
  function noSignal() {
    offline = true;
    return say(OFFLINE);
  }

  /** One director action; re-reads the event after it. */
  async function act(method, path, payload, done) {
    const res = await call(method, path, token, payload);
    if (res === null) return noSignal();
    if (res.status >= 400) return say(refusal(ev, res));
    say('');
    if (res.body?.matches) await keepTableTokens(id, res.body);
    if (done) await done(res);
    await load();
    return res;
  }

  // the panels a re-read never redraws (what is typed there stays): a team's names (at any
  // time), the settings (before the start), deleting the event
  const saved = async (method, path, payload, words) =>
    (await act(method, path, payload, () => toast(words)))?.status === 200;
  const editor = teamEditor(
    (t, change) =>
      saved('PATCH', `/api/events/${id}/teams/${t.id}`, change, `${change.name ?? t.name}: saved`),
    say,
  );
  const settings = settingsPanel(
    (change) => saved('PATCH', `/api/events/${id}`, change, 'Settings saved'),
    say,
  );
  const removal = deletePanel(async () => {
    if (!ev || !sure(deleteWords(ev))) return;
    const res = await call('DELETE', `/api/events/${id}`, token);
    if (res === null) return say(OFFLINE);
    if (res.status >= 400) return say(refusal(ev, res));
    frame.left = true;
    await forgetEvent(id);
    toast(`${ev.name} is deleted`);
    go('#/events');
  });
  editor.el.hidden = true;
  settings.el.hidden = true;

  // what the parts (parts/director-*.js) share of this screen: `ev` is read at each use
  const cx = {
    id,
    get ev() {
      return ev;
    },
    token,
    body,
    editor,
    act,
    say,
    sure,
    load,
    noSignal,
    refusal: (res) => refusal(ev, res),
  };
  const { addForm, pasteForm, checkInList } = teamsPart(cx);
  const { matchList } = matchesPart(cx);
  const { makeLink, callsPart, tables } = linksPart(cx);
  const { flightsCard } = flightsPart(cx);

  /** A Swiss's or drawn event's next round (parts/rounds.js): called to the tables. */
  const startRound = (n) =>
    act('POST', `/api/events/${id}/rounds/${n}/start`, undefined, () =>
      toast(n > ev.rounds ? 'The championship has started' : `Round ${n} has started`),
    );

  // the one bar at the foot of the screen, under the thumb: start (before the start), else
  // refresh; above them, while a table waits for its link, the button that makes it
  const startButton = h(
    'button',
    {
      type: 'button',
      class: 'primary',
      id: 'start-event',
      onclick: async () => {
        const res = await act('POST', `/api/events/${id}/start`, undefined, () =>
          toast('Started: hand each table its link'),
        );
        if (res) window.scrollTo(0, 0); // the tables, table 1 first, from the top
      },
    },
    'Start the tournament',
  );
  const refresh = h('button', { type: 'button', id: 'refresh', onclick: () => load() }, 'Refresh');
  const toList = h('a', { class: 'btn', href: '#/events' }, 'Tournaments');
  const bar = h('div', { class: 'actions event-bar' }, refresh, toList);

  /** The bar for `need` (the tables waiting for a link): the first one's button on top. */
  function drawBar(need) {
    const first = need[0];
    const linkNext =
      first &&
      h(
        'button',
        {
          type: 'button',
          class: 'primary need',
          id: 'link-next',
          onclick: () => makeLink(first.match, first.table),
        },
        `Make table ${first.table}'s link`,
      );
    bar.replaceChildren(
      ...[linkNext, ev.started_at ? refresh : startButton, toList].filter(Boolean),
    );
  }

  async function draw() {
    const need =
      ev.started_at && !ev.finished
        ? tablesWithoutLink(ev, (await myEvent(id))?.tables || {}, (await myEvent(id))?.links)
        : [];
    drawBar(need);
    const format = FORMATS.find(([f]) => f === ev.format)?.[1] || ev.format;
    title.textContent = ev.name;
    about.textContent = [
      ev.date,
      format,
      firstToWords(ev.first_to),
      `${ev.tables} table${ev.tables === 1 ? '' : 's'}`,
    ]
      .filter(Boolean)
      .join(' · ');
    editor.show(ev);
    settings.show(ev);
    settings.el.hidden = Boolean(ev.started_at);
    const parts = [];
    if (!ev.started_at) {
      addForm.hidden = false;
      pasteForm.hidden = false;
      parts.push(...checkInList(), flightsCard());
    } else {
      addForm.hidden = true;
      pasteForm.hidden = true;
      if (ev.finished) {
        const champ = sideWords(ev, ev.champion);
        parts.push(
          h('p', { class: 'turn', id: 'champion' }, h('strong', {}, `${champ} won ${ev.name}!`)),
        );
      }
      parts.push(
        ...callsPart(),
        noShowPrompt(ev, act),
        held(ev),
        callTimeEverywhere(ev, timeCaller(act, id)),
      );
      if (ev.finished) parts.push(...results(ev), ...matchList());
      else
        parts.push(
          ...roundHead(ev, startRound), // a Swiss's or drawn rounds: the round, its start
          ...(await tables(need)),
          ...(ev.round_robin?.length ? roundRobin(ev) : []),
          ...roundStandings(ev),
          ...matchList(),
          ...results(ev),
        );
    }
    if (mine.public_token)
      parts.push(
        h('h2', {}, 'For everyone'),
        await linkBox(
          boardLink(mine.public_token),
          'The board (for a TV) and its QR',
          'board-link',
        ),
        ...everyoneLinks(mine.public_token),
        ...paperLinks(id, ev, mine),
      );
    if (frame.left) return;
    // a redraw keeps open what the director opened: the same panel of the same match
    const keyOf = (d) =>
      d.id ||
      `${d.closest('[data-match]')?.dataset.match}:${d.querySelector('summary').textContent}`;
    const open = new Set([...body.querySelectorAll('details[open]')].map(keyOf));
    const focused = focusKey();
    const anchor = anchorOf();
    body.replaceChildren(...parts.filter(Boolean));
    for (const d of body.querySelectorAll('details')) if (open.has(keyOf(d))) d.open = true;
    const find = (key) => [...body.querySelectorAll(KEYED)].find((el) => focusKeyOf(el) === key);
    if (focused) find(focused)?.focus({ preventScroll: true });
    // what the director was looking at stays where it was, though a part above grew or shrank
    const moved = anchor && find(anchor.key)?.getBoundingClientRect().top;
    if (moved != null && moved !== anchor.top) window.scrollBy(0, moved - anchor.top);
    // the view on screen, for whoever waits on a draw (the browser tests): its live ETag
    document.body.dataset.drawn = ev.live_etag || '';
  }

  /** The control with the focus if it is in view, else the first card or box in view: a
   * redraw keeps it where it is on the screen. */
  function anchorOf() {
    const inView = (el) => {
      const box = el.getBoundingClientRect(); // a hidden or folded element has no box: not seen
      return box.height > 0 && box.top >= 0 && box.top < window.innerHeight;
    };
    const el = document.activeElement;
    const mark = focusKey() && inView(el) ? el : [...body.querySelectorAll(KEYED)].find(inView);
    return mark ? { key: focusKeyOf(mark), top: mark.getBoundingClientRect().top } : null;
  }

  const KEYED = 'button, summary, a, [id], [data-table], [data-match], [data-team]';
  /** What a control or card is, across redraws: its id, else its card and its words. */
  const focusKeyOf = (el) => {
    const card = el.closest('[data-match],[data-table],[data-team]')?.dataset || {};
    const words = el.matches('[data-match],[data-table],[data-team]') ? '' : el.textContent;
    return el.id || `${el.tagName}|${card.match}|${card.table}|${card.team}:${words}`;
  };
  /** The control in the redrawn part that has the focus (a redraw keeps it there). */
  const focusKey = () => {
    const el = document.activeElement;
    return el && el !== body && body.contains(el) ? focusKeyOf(el) : null;
  };

  main.append(title, about, note, settings.el, addForm, pasteForm, body, editor.el, removal, bar);
  addForm.hidden = true;
  pasteForm.hidden = true;
  await load();
  // live: a change at any table is read at once; the timer reads only while it is not live
  const drawn = () => ev?.live_etag;
  const live = mine.public_token ? followEvent(mine.public_token, drawn, reread) : null;
  if (live) frame.onLeave(live.stop);
  frame.follow(reread, POLL_MS, () => !live?.live(), true);
  return frame.leave;
}
