// The director's links to paper and to everyone's read-only pages (docs/tournaments.md "The
// paper kit"): the bracket sheet, the table cards, a score sheet and the results sheet are
// server pages the browser prints (/p/<public token>/…); the light board is the board for a
// projector. The table cards carry each table's link as a QR: only this phone holds those
// links, so they ride in the cards page's #fragment, which never reaches a server.
import { h } from '../ui.js';
import { tableLink, tableOwnLink } from '../director.js';

const opens = (href, id, words) =>
  h('a', { href, id, class: 'btn', target: '_blank', rel: 'noopener' }, words);

/** The cards page's fragment: `1=<table 1's link>&2=…`: each table's own link for the whole
 * event where this phone holds it (`own`, {table: token}), else the link of the match it
 * plays now (an older match's link does not count). */
export function cardsFragment(eventId, ev, kept, own = {}) {
  const params = new URLSearchParams();
  for (const plan of ev?.table_plan || []) {
    const m = ev.matches.find((x) => x.id === plan.playing);
    const mine = m && kept?.[m.id];
    if (own[plan.table])
      params.set(String(plan.table), tableOwnLink(eventId, plan.table, own[plan.table]));
    else if (mine && (mine.match_id == null || mine.match_id === m.match_id))
      params.set(String(plan.table), tableLink(eventId, m.id, mine.token));
  }
  const text = params.toString();
  return text ? `#${text}` : '';
}

/** The light board and the results sheet (printable, and CSV), beside the board's own link. */
export function everyoneLinks(publicToken) {
  const at = `${location.origin}/p/${publicToken}`;
  return [
    h(
      'p',
      {},
      opens(
        `${location.origin}/b/${publicToken}?theme=light`,
        'light-board-link',
        'The light board (for a projector)',
      ),
    ),
    h('p', {}, opens(`${at}/results`, 'public-link', 'The results sheet')),
    h(
      'p',
      {},
      h(
        'a',
        {
          href: `${location.origin}/api/e/${publicToken}/results.csv`,
          id: 'results-csv',
          download: '',
        },
        'The results for a spreadsheet (CSV)',
      ),
    ),
  ];
}

/** The "Paper" part: the pages to print, for the wall and for when phones fail. */
export function paperLinks(eventId, ev, mine) {
  const at = `${location.origin}/p/${mine.public_token}`;
  return [
    h('h2', {}, 'Paper'),
    h(
      'p',
      { class: 'muted' },
      'For the wall, and for when phones fail: each opens a page to print (Letter or A4).',
    ),
    h(
      'ul',
      { class: 'list paper-links', id: 'paper-links' },
      h('li', {}, opens(`${at}/bracket`, 'print-bracket', 'Bracket sheet')),
      h(
        'li',
        {},
        opens(
          `${at}/cards${cardsFragment(eventId, ev, mine.tables, mine.links)}`,
          'print-cards',
          'Table cards',
        ),
      ),
      h('li', {}, opens(`${at}/score-sheet`, 'print-score-sheet', 'Score sheet (one game)')),
      h('li', {}, opens(`${at}/results`, 'print-results', 'Results sheet')),
    ),
  ];
}
