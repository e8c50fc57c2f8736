// The director's screen of one event (#/e/<id>): before the start, the teams (added with one
// thumb), the check-in list (tap to check in; late teams marked and droppable), the seeding
// and the start; after it, the links for the board, each table's match with its table link
// and QR, forfeits and no-shows, corrections (and what can no longer change), the standings
// and every team's path. Everything is read from the server's director view
// (GET /api/events/{id}), re-read when the event's live stream says it changed (event-live.js),
// or every 15 s while that stream is down or not served: the bracket is derived there from the
// games, never kept here. A re-read never moves the screen (scroll, focus, an open QR).
// Needs the network; says so plainly without it.
import * as api from '../api.js';
import { followEvent } from '../event-live.js';
import { go, h, toast } from '../ui.js';
import { parseTeams } from '../parts/team-list.js';
import { everyoneLinks, paperLinks } from '../parts/print-links.js';
import { teamEditor } from '../parts/team-edit.js';
import { settingsPanel } from '../parts/event-settings.js';
import { noShowPrompt } from '../parts/no-show-prompt.js';
import { callTimeEverywhere, timeCaller } from '../parts/round-clock.js';
import { deletePanel, deleteWords } from '../parts/event-delete.js';
import { roundHead, roundStandings } from '../parts/rounds.js';
import { results, roundRobin } from '../parts/director-results.js';
import { held, matchesPart } from '../parts/director-matches.js';
import { keptCards, linkBox, linksPart } from '../parts/director-links.js';
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
  let timer = 0;
  let left = false;
  let reading = null; // the quiet read under way: one at a time, so none draws an older view
  let again = false; // a change was announced during it: read once more after it

  /** Show `words` (empty hides the note); `quiet` (the timer's reads) never moves the
   * screen: a director scrolled down to a table is not pulled back up every 15 s. */
  const say = (words, quiet = false) => {
    note.textContent = words;
    note.hidden = !words;
    if (words && !quiet) note.scrollIntoView({ block: 'nearest' });
  };
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
    if (left) return;
    if (res === null) {
      offline = true;
      if (!ev) body.replaceChildren(...(await keptLinks()));
      return say(offlineWords(), quiet);
    }
    if (res.status === 401 && res.body?.rule_code === 'UNKNOWN_TOKEN') return gone();
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
  function gone() {
    left = true;
    removal.hidden = true;
    say(
      'This tournament is not on the server any more: it was deleted, and its links no longer work.',
    );
    body.replaceChildren(
      h(
        'button',
        {
          type: 'button',
          id: 'forget-event',
          onclick: async () => {
            await forgetEvent(id);
            go('#/events');
          },
        },
        'Take it off this phone',
      ),
    );
  }

  /** A read that never moves the screen (a live change, the timer): one at a time, and one
   * more after it when a change was announced meanwhile. */
  function reread() {
    if (reading) {
      again = true;
      return reading;
    }
    reading = load(true).finally(() => {
      reading = null;
      if (again && !left) {
        again = false;
        reread();
      }
    });
    return reading;
  }

  /** One director action; re-reads the event after it. */
  async function act(method, path, payload, done) {
    const res = await call(method, path, token, payload);
    if (res === null) {
      offline = true;
      return say(OFFLINE);
    }
    if (res.status >= 400) return say(refusal(ev, res));
    say('');
    if (res.body?.matches) await keepTableTokens(id, res.body);
    if (done) await done(res);
    await load();
    return res;
  }

  // what the parts (parts/director-*.js) share of this screen: `ev` is read at each use
  const cx = {
    id,
    get ev() {
      return ev;
    },
    act,
    sure,
    body,
  };
  const { matchList } = matchesPart(cx);
  const { makeLink, callsPart, tables } = linksPart(cx);

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
          say('A team is two players: give both names.');
          (players[0] ? p2 : p1).focus();
          return;
        }
        await act('POST', `/api/events/${id}/teams`, { name, players }, () => {
          toast(`${name} added`);
          teamName.value = '';
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
      (ev?.teams || []).map((t) => t.name),
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
      const res = await call('POST', `/api/events/${id}/teams`, token, team);
      if (res === null) {
        offline = true;
        say(OFFLINE);
        break;
      }
      if (res.status >= 400) {
        say(`${team.name}: ${refusal(ev, res)}`);
        break;
      }
      added += 1;
    }
    if (added) toast(added === 1 ? '1 team added' : `${added} teams added`);
    if (added === got.teams.length) pasteBox.value = '';
    await load();
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
            sure(words) &&
            act('DELETE', `/api/events/${id}/teams/${t.id}/${path}`, undefined, done),
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
    const here = ev.teams.filter((t) => t.checked_in_at).length;
    const still = ev.teams.filter((t) => !t.dropped);
    const rows = ev.teams.map((t, i) => {
      const late = (ev.late || []).includes(t.id);
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
              onclick: () => act('POST', `/api/events/${id}/teams/${t.id}/check-in`),
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
                sure(
                  `Drop ${t.name}? They stay on the list, marked dropped, and play no match. This cannot be undone.`,
                ) && act('POST', `/api/events/${id}/teams/${t.id}/drop`),
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
            onclick: () => editor.open(t),
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
              sure(`Remove ${t.name} from the list? Their names are taken off for good.`) &&
              act('DELETE', `/api/events/${id}/teams/${t.id}`),
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
          h('span', { class: 'muted' }, t.players.join(' & ')),
          state,
        ),
        h('div', { class: 'row' }, buttons),
      );
    });
    const seeding = h(
      'div',
      { class: 'grid wide', role: 'group', 'aria-label': 'Seeding' },
      [
        ['listed', 'As listed'],
        ['random', 'Random draw'],
      ].map(([value, words]) =>
        h(
          'button',
          {
            type: 'button',
            'aria-pressed': String(ev.seeding === value),
            onclick: () => act('PATCH', `/api/events/${id}`, { seeding: value }),
          },
          words,
        ),
      ),
    );
    return [
      h('h2', { id: 'checkin-head' }, `Check-in: ${here} of ${still.length} here`),
      ev.checkin_deadline
        ? h(
            'p',
            { class: 'muted' },
            (ev.late || []).length
              ? `Check-in closed at ${clock(ev.checkin_deadline)}: late teams can be dropped.`
              : `Check in by ${clock(ev.checkin_deadline)}.`,
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
        h(
          'p',
          { class: 'muted' },
          ev.seeding === 'random'
            ? 'The draw is made when you start; the list order does not count.'
            : 'The first team listed is seed 1, and so on.',
        ),
      ),
    ];
  }

  /** Make table `table`'s link for match `m` (its older link stops working), then open its
   * QR where the director's thumb is, ready for the table's phone to scan. */
  /** A Swiss's or drawn event's next round (parts/rounds.js): called to the tables. */
  const startRound = (n) =>
    act('POST', `/api/events/${id}/rounds/${n}/start`, undefined, () =>
      toast(n > ev.rounds ? 'The championship has started' : `Round ${n} has started`),
    );

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
    left = true;
    await forgetEvent(id);
    toast(`${ev.name} is deleted`);
    go('#/events');
  });
  editor.el.hidden = true;
  settings.el.hidden = true;

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
      parts.push(...checkInList());
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
    if (left) return;
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
  const tick = () => {
    if (document.visibilityState === 'visible' && !live?.live()) reread();
  };
  timer = setInterval(tick, POLL_MS);
  const back = () => reread(); // the signal is back: read at once, not at the next tick
  window.addEventListener('online', back);
  return () => {
    left = true;
    live?.stop();
    clearInterval(timer);
    window.removeEventListener('online', back);
  };
}
