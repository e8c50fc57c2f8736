// The director's match list (views/event.js): every match with its pairing and state, folded
// by a filter (to play, in play, done, all) and a search by team, both acting in place, never
// redrawing the screen; each match's taps (a forfeit or a no-show while it waits or plays, a
// correction once played), each asked first in words naming the team and the match.
import { h, toast } from '../ui.js';
import { clock, matchName, pairing, sideWords, statusWords } from '../director.js';

// the match list folded: a 32-team event has 63 matches, most decided or with
// teams not known yet; the filter and the search act in place, never redrawing the screen
const FILTERS = [
  ['to-play', 'To play'],
  ['in-play', 'In play'],
  ['done', 'Done'],
  ['all', 'All'],
];

/** The filters match `m` is shown under; none for a later match whose teams are not known. */
const groupOf = (m) => {
  if (m.status === 'playing') return ['to-play', 'in-play'];
  if (['played', 'bye'].includes(m.status)) return ['done'];
  if (m.teams.every((t) => t === null)) return []; // later: teams not known yet
  return ['to-play'];
};

/** What the director must settle first: matches held by an edited earlier result. */
export function held(ev) {
  if (!ev.stale?.length) return null;
  return h(
    'p',
    { class: 'banner' },
    `Held: ${ev.stale.map((b) => matchName(ev, ev.matches.find((m) => m.id === b) || { id: b })).join(', ')}. ` +
      'An edited hand changed an earlier result after this match began: correct the earlier match to go on.',
  );
}

/** The match list of one director's screen, given the screen's `cx` ({ev: the latest read,
 * id, act, sure}). Returns {matchList}: the filter and search picked stay while the screen
 * is open, across redraws. */
export function matchesPart(cx) {
  function matchActions(m) {
    const teams = m.teams.filter((t) => typeof t === 'number');
    const other = (t) =>
      sideWords(
        cx.ev,
        teams.find((x) => x !== t),
      );
    if (teams.length !== 2 || (cx.ev.finished && m.status !== 'played')) return null;
    if (['playing', 'waiting-for-table'].includes(m.status)) {
      return h(
        'details',
        { class: 'more' },
        h('summary', { class: 'btn' }, 'Forfeit or no-show'),
        h(
          'div',
          { class: 'stack' },
          teams.flatMap((t) => [
            h(
              'button',
              {
                type: 'button',
                onclick: () =>
                  cx.sure(
                    `${sideWords(cx.ev, t)} forfeits ${matchName(cx.ev, m)}? ${other(t)} wins it. This cannot be undone.`,
                  ) &&
                  cx.act(
                    'POST',
                    `/api/events/${cx.id}/matches/${m.id}/forfeit`,
                    { team: t, reason: 'forfeit' },
                    () =>
                      toast(
                        `${sideWords(cx.ev, t)} forfeited at ${clock(new Date().toISOString())}`,
                      ),
                  ),
              },
              `${sideWords(cx.ev, t)} forfeits`,
            ),
            h(
              'button',
              {
                type: 'button',
                onclick: () =>
                  cx.sure(
                    `${sideWords(cx.ev, t)} did not show for ${matchName(cx.ev, m)}? ${other(t)} wins it. This cannot be undone.`,
                  ) &&
                  cx.act(
                    'POST',
                    `/api/events/${cx.id}/matches/${m.id}/forfeit`,
                    { team: t, reason: 'no-show' },
                    () =>
                      toast(
                        `${sideWords(cx.ev, t)}: no-show at ${clock(new Date().toISOString())}`,
                      ),
                  ),
              },
              `${sideWords(cx.ev, t)} did not show`,
            ),
          ]),
          h(
            'p',
            { class: 'muted' },
            `A no-show can be recorded ${cx.ev.no_show_minutes} minutes after the match was called; the team is out.`,
          ),
        ),
      );
    }
    if (m.status === 'played')
      return h(
        'details',
        { class: 'more' },
        h('summary', { class: 'btn' }, 'Correct the result'),
        h(
          'div',
          { class: 'stack' },
          teams
            .filter((t) => t !== m.winner)
            .map((t) =>
              h(
                'button',
                {
                  type: 'button',
                  onclick: () =>
                    cx.sure(
                      `Correct ${matchName(cx.ev, m)}: ${sideWords(cx.ev, t)} won it, not ${other(t)}? Later matches not played yet follow the corrected result.`,
                    ) &&
                    cx.act(
                      'POST',
                      `/api/events/${cx.id}/matches/${m.id}/correction`,
                      { winner: t },
                      () => toast(`${matchName(cx.ev, m)}: ${sideWords(cx.ev, t)} won`),
                    ),
                },
                `${sideWords(cx.ev, t)} won it`,
              ),
            ),
          h('p', { class: 'muted' }, 'Later matches not played yet follow the corrected result.'),
        ),
      );
    return null;
  }

  let matchFilter = null; // null: "To play" while the event runs, "All" once it is over
  let matchSearch = '';
  const teamsOf = (m) => m.teams.map((t) => sideWords(cx.ev, t).toLowerCase()).join(' | ');
  function showMatches(list) {
    const filter = matchFilter ?? (cx.ev.finished ? 'all' : 'to-play');
    const words = matchSearch.trim().toLowerCase();
    let shown = 0;
    for (const li of list.children) {
      const m = cx.ev.matches.find((x) => x.id === li.dataset.match);
      const inFilter = filter === 'all' || groupOf(m).includes(filter);
      li.hidden = !(inFilter && (!words || teamsOf(m).includes(words)));
      if (!li.hidden) shown += 1;
    }
    for (const button of list.parentNode?.querySelectorAll('[data-filter]') || [])
      button.setAttribute('aria-pressed', String(button.dataset.filter === filter));
    const none = list.parentNode?.querySelector('#matches-none');
    if (none) none.hidden = shown > 0;
  }

  function matchList() {
    const matches = cx.ev.matches.filter((m) => m.status !== 'void');
    const rows = matches.map((m) =>
      h(
        'li',
        { class: `card match-row ${m.status}`, 'data-match': m.id },
        h('strong', {}, matchName(cx.ev, m)),
        h('span', {}, pairing(cx.ev, m)),
        h('span', { class: 'muted' }, statusWords(cx.ev, m)),
        matchActions(m),
      ),
    );
    const list = h('ul', { class: 'list', id: 'matches' }, rows);
    const count = (key) =>
      key === 'all' ? matches.length : matches.filter((m) => groupOf(m).includes(key)).length;
    const later = matches.filter((m) => groupOf(m).length === 0).length;
    const filters = h(
      'div',
      { class: 'grid wide match-filter', role: 'group', 'aria-label': 'Show matches' },
      FILTERS.map(([key, words]) =>
        h(
          'button',
          {
            type: 'button',
            'data-filter': key,
            id: `matches-${key}`,
            onclick: () => {
              matchFilter = key;
              showMatches(list);
            },
          },
          `${words} (${count(key)})`,
        ),
      ),
    );
    const search = h('input', {
      type: 'search',
      id: 'match-search',
      autocomplete: 'off',
      autocorrect: 'off',
      spellcheck: 'false',
      value: matchSearch,
      oninput: (e) => {
        matchSearch = e.target.value;
        showMatches(list);
      },
    });
    const section = h(
      'section',
      { 'aria-labelledby': 'matches-head' },
      h('h2', { id: 'matches-head' }, 'Matches'),
      filters,
      h('label', { for: 'match-search' }, 'Find a team', search),
      later
        ? h(
            'p',
            { class: 'muted' },
            `${later} later ${later === 1 ? 'match waits' : 'matches wait'} for earlier results (under All).`,
          )
        : null,
      list,
      h('p', { class: 'muted', id: 'matches-none', hidden: true }, 'No match here.'),
    );
    showMatches(list);
    return [section];
  }

  return { matchList };
}
