// The director's table links and calls (views/event.js): each table's card (its match, its
// round clock, its link and QR, or the button that makes the link), a table's own link and the
// tap that replaces it, the tables calling the director, and, offline before any read, the
// links this phone keeps. Made links are kept on this phone (director.js keepEvent), so their
// QR codes still show with no signal.
import { h, toast } from '../ui.js';
import { tableClock, timeCaller } from './round-clock.js';
import {
  callWords,
  clock,
  keepEvent,
  matchName,
  myEvent,
  needWords,
  pairing,
  tableLink,
  tableMatchWords,
  tableOwnLink,
} from '../director.js';

/** A folded card with `url` as a link, a copy button and its QR (drawn on first use). */
export async function linkBox(url, label, id) {
  const { qrSvg } = await import('../parts/qr-code.js');
  return h(
    'details',
    { class: 'card link-box', id },
    h('summary', { class: 'btn' }, label),
    h('p', {}, h('a', { href: url, class: 'link-text', target: '_blank', rel: 'noopener' }, url)),
    h(
      'button',
      {
        type: 'button',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(url);
            toast('Link copied');
          } catch {
            toast('Could not copy: press on the link to copy it');
          }
        },
      },
      'Copy the link',
    ),
    qrSvg(url, `QR code: ${label}`),
  );
}

/** Offline before any read: the links `kept` for the tables of event `id` (director.js
 * keptTableLinks of its `entry`) as this phone last saw them; none when it keeps none. */
export async function keptCards(id, kept, entry) {
  if (!kept.length) return [];
  const boxes = [];
  for (const t of kept)
    boxes.push(
      h(
        'li',
        { class: 'card stack', 'data-table': t.table },
        h('h3', {}, `Table ${t.table}`),
        h('p', {}, t.words),
        h('p', { class: 'muted' }, `As this phone last saw it, at ${clock(entry.seen.at)}`),
        await linkBox(
          t.own ? tableOwnLink(id, t.table, t.token) : tableLink(id, t.match, t.token),
          `Table ${t.table}'s link and QR`,
          `table-link-${t.table}`,
        ),
      ),
    );
  return [
    h('h2', {}, 'Table links kept on this phone'),
    h('ul', { class: 'list', id: 'tables' }, boxes),
  ];
}

/** The tables of one director's screen, given the screen's `cx` ({ev: the latest read, id,
 * act, body}). Returns {makeLink, callsPart, tables}. */
export function linksPart(cx) {
  /** Make table `table`'s link for match `m` (its older link stops working), then open its
   * QR where the director's thumb is, ready for the table's phone to scan. */
  async function makeLink(m, table) {
    const kept = (await myEvent(cx.id))?.tables || {};
    const res = await cx.act(
      'POST',
      `/api/events/${cx.id}/matches/${m.id}/table-token`,
      undefined,
      (made) =>
        keepEvent(cx.id, {
          tables: {
            ...kept,
            [m.id]: { token: made.body.table_token, match_id: made.body.match_id },
          },
        }),
    );
    const box = res && cx.body.querySelector(`#table-link-${table}`);
    if (!box) return;
    box.open = true;
    (box.querySelector('.qr') || box).scrollIntoView({ block: 'center' });
    toast(`Table ${table}'s link is ready: its phone scans the QR`);
  }

  // --- a table's own link (docs/tournaments.md "A table's link"): one for the whole event
  /** A new link for table `table` (a phone lost, stolen or dead): the old one stops at once;
   * its QR opens where the director's thumb is, for the table's new phone to scan. */
  async function renewLink(table) {
    const kept = (await myEvent(cx.id))?.links || {};
    const res = await cx.act(
      'POST',
      `/api/events/${cx.id}/tables/${table}/link`,
      undefined,
      (made) => keepEvent(cx.id, { links: { ...kept, [table]: made.body.table_token } }),
    );
    const box = res && cx.body.querySelector(`#table-link-${table}`);
    if (!box) return;
    box.open = true;
    (box.querySelector('.qr') || box).scrollIntoView({ block: 'center' });
    toast(`Table ${table} has a new link: the old one no longer works`);
  }

  /** Table `table`'s own link and QR, and the one tap that replaces it. */
  async function ownLink(table, linkToken) {
    return [
      await linkBox(
        tableOwnLink(cx.id, table, linkToken),
        `Table ${table}'s link and QR`,
        `table-link-${table}`,
      ),
      h(
        'button',
        { type: 'button', id: `new-link-${table}`, onclick: () => renewLink(table) },
        `New link for table ${table}`,
      ),
      h('p', { class: 'muted' }, 'For a lost phone: the old link stops at once.'),
    ];
  }

  /** The tables calling the director, each answered with one tap (until then the board
   * shows the call too). */
  function callsPart() {
    if (!cx.ev.calls?.length) return [];
    return [
      h(
        'div',
        { class: 'banner calls stack', id: 'calls', role: 'alert' },
        h('strong', {}, `${callWords(cx.ev.calls)}.`),
        cx.ev.calls.map((c) =>
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              id: `answer-${c.table}`,
              onclick: () =>
                cx.act('DELETE', `/api/events/${cx.id}/tables/${c.table}/call`, undefined, () =>
                  toast(`Table ${c.table}: answered`),
                ),
            },
            `On my way to table ${c.table} (called ${clock(c.at)})`,
          ),
        ),
      ),
    ];
  }

  async function tables(need) {
    const mineNow = await myEvent(cx.id);
    const kept = mineNow?.tables || {};
    const links = mineNow?.links || {};
    const cards = [];
    for (const plan of cx.ev.table_plan) {
      const playing = cx.ev.matches.find((m) => m.id === plan.playing);
      const next = cx.ev.matches.find((m) => m.id === plan.next);
      const parts = [h('h3', {}, `Table ${plan.table}`)];
      const needs = need.some((x) => x.table === plan.table);
      const own = links[plan.table];
      if (playing) {
        const mine = kept[playing.id];
        parts.push(
          h('p', {}, h('strong', {}, matchName(cx.ev, playing)), `: ${pairing(cx.ev, playing)}`),
          h('p', { class: 'muted' }, tableMatchWords(cx.ev, playing)),
          ...tableClock(cx.ev, plan.table, timeCaller(cx.act, cx.id)), // the round clock
        );
        if (own) parts.push(...(await ownLink(plan.table, own)));
        else if (!needs && mine)
          parts.push(
            await linkBox(
              tableLink(cx.id, playing.id, mine.token),
              `Table ${plan.table}'s link and QR`,
              `table-link-${plan.table}`,
            ),
          );
        else
          parts.push(
            h(
              'button',
              {
                type: 'button',
                id: `make-link-${plan.table}`,
                onclick: () => makeLink(playing, plan.table),
              },
              `Make table ${plan.table}'s link`,
            ),
            h('p', { class: 'muted' }, 'A new link stops any older link for this match.'),
          );
      } else {
        parts.push(h('p', { class: 'muted' }, 'Free'));
        if (own) parts.push(...(await ownLink(plan.table, own)));
      }
      if (next)
        parts.push(
          h(
            'p',
            { class: 'muted' },
            `Next here: ${matchName(cx.ev, next)}, ${pairing(cx.ev, next)}`,
          ),
        );
      cards.push(
        h(
          'li',
          { class: `card stack${needs ? ' needs-link' : ''}`, 'data-table': plan.table },
          parts,
        ),
      );
    }
    return [
      h('h2', {}, 'Tables'),
      need.length ? h('p', { class: 'banner', id: 'need-links' }, needWords(need)) : null,
      h('ul', { class: 'list', id: 'tables' }, cards),
    ];
  }

  return { makeLink, callsPart, tables };
}
