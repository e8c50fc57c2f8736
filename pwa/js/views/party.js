// A progressive party's director screen (#/party/<id>): before the start, the players (pasted
// again to change them) and "Start the party"; then the round's seating in words with each
// table's score, its link and QR for the table's phone, "Start round N" once every table is
// done, the standings, and the board's address for the room's TV. Follows the party by
// itself (a read every few seconds). "Delete this party" (folded, at the foot) asks in the
// director's words what goes, then deletes it and the phone forgets it.
import * as api from '../api.js';
import { go, h, toast } from '../ui.js';
import { call } from '../director.js';
import { deletePanel } from '../parts/event-delete.js';
import { directorFrame, unknownToken } from '../parts/director-frame.js';
import { linkBox } from '../parts/director-links.js';
import {
  forgetParty,
  keepParty,
  myParty,
  partyBoardLink,
  partyTableLink,
  partyDeleteWords,
  pastedNames,
  roundWords,
  tableScore,
} from '../party.js';

const POLL_MS = 4000;
const OFFLINE = 'No signal: running a party needs the network. Nothing was changed.';

/** The standings: place, player, total, tables won. */
function standingsPart(party) {
  if (!party.standings.length) return null;
  return h(
    'section',
    { id: 'party-standings', 'aria-labelledby': 'standings-h' },
    h('h2', { id: 'standings-h' }, party.finished ? 'Final standings' : 'Standings'),
    h(
      'ol',
      { class: 'list' },
      party.standings.map((s) =>
        h(
          'li',
          { class: 'card standing' },
          h('strong', {}, `${s.place}. ${s.player}`),
          h('span', { class: 'team-score' }, ` ${s.total}`),
          h('span', { class: 'muted' }, ` · ${tablesWon(s)}`),
        ),
      ),
    ),
  );
}

/** Render the director's screen of party `id`. */
export async function render(main, id) {
  const kept = await myParty(id);
  const heading = h('h1', {}, kept?.name || 'Party');
  const note = h('p', { class: 'banner', role: 'alert', id: 'party-note', hidden: true });
  const body = h('div', { class: 'stack', id: 'party-body' });
  main.append(heading, note, body);
  if (!kept) {
    body.append(h('p', { class: 'banner' }, 'This party is run from the phone that made it.'));
    return;
  }
  // the note, the reads and the leaving (parts/director-frame.js), as the tournament's screen
  const frame = directorFrame(note);
  const { say } = frame;
  let drawn = '';
  let etag = null;
  let shown = null; // the party as last drawn: what the delete's question names

  // outside the body a re-read redraws, so an open panel stays open
  const removal = deletePanel(
    async () => {
      if (!shown || !confirm(partyDeleteWords(shown))) return;
      const res = await call('DELETE', `/api/parties/${id}`, kept.token);
      if (res === null) return say(OFFLINE);
      if (res.status !== 200) return say(api.errorMessage(res));
      frame.left = true;
      await forgetParty(id);
      toast(`${shown.name} is deleted`);
      go('#/parties');
    },
    {
      what: 'party',
      id: 'delete-party',
      blurb: 'For a party typed by mistake, or over and done: its players, tables and games go.',
    },
  );
  main.append(removal);

  /** A director's write: say what went wrong, or draw the party it answers with. */
  async function act(method, path, payload) {
    const res = await call(method, `/api/parties/${id}${path}`, kept.token, payload);
    if (res === null) return say(OFFLINE);
    if (res.status !== 200) return say(api.errorMessage(res));
    say('');
    if (res.body.table_links) {
      kept.links = { ...(kept.links || {}), ...res.body.table_links };
      await keepParty(id, { links: kept.links });
    }
    drawn = '';
    await draw(res.body);
    return res.body;
  }

  /** A new link for `table` (its phone lost, stolen or dead): the old one stops at once; the
   * new QR opens for the table's new phone to scan. */
  async function renewLink(table) {
    const res = await call('POST', `/api/parties/${id}/tables/${table}/link`, kept.token);
    if (res === null) return say(OFFLINE);
    if (res.status !== 201) return say(api.errorMessage(res));
    kept.links = { ...(kept.links || {}), [table]: res.body.table_token };
    await keepParty(id, { links: kept.links });
    drawn = '';
    etag = null;
    await refresh();
    const box = body.querySelector(`#table-link-${table}`);
    if (box) box.open = true;
    toast(`Table ${table} has a new link: the old one no longer works`);
  }

  function beforeStart(party) {
    const players = h(
      'textarea',
      { id: 'party-players', class: 'party-players', rows: 8 },
      party.players.join('\n'),
    );
    return [
      h(
        'p',
        { class: 'muted', id: 'party-what' },
        `${party.players.length} players · ${party.rounds} rounds · ${roundWords(party.hands_per_round)}`,
      ),
      h('label', { for: 'party-players' }, h('strong', {}, 'Players, one a line'), players),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            type: 'button',
            id: 'save-players',
            onclick: () => act('PUT', '/players', { players: pastedNames(players.value) }),
          },
          'Save the players',
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 'start-party',
            onclick: () => act('POST', '/start'),
          },
          'Start the party',
        ),
      ),
    ];
  }

  async function roundPart(party) {
    const round = party.seating[party.seating.length - 1];
    const tables = await Promise.all(
      round.tables.map(async (t) => {
        const token = kept.links?.[t.table];
        return h(
          'li',
          { class: `card party-table${t.over ? ' over' : ''}`, id: `party-table-${t.table}` },
          h('strong', {}, t.words),
          h('span', { class: 'muted' }, ` ${tableScore(t)}`),
          token
            ? await linkBox(
                partyTableLink(id, t.table, token),
                `Table ${t.table}'s link and QR`,
                `table-link-${t.table}`,
              )
            : null,
          h(
            'button',
            { type: 'button', id: `renew-link-${t.table}`, onclick: () => renewLink(t.table) },
            `New link for table ${t.table} (a phone lost)`,
          ),
        );
      }),
    );
    const next = party.next_round;
    return [
      h('h2', { id: 'round-h' }, `Round ${round.round} of ${party.rounds}`),
      h('ol', { class: 'list', id: 'party-seating' }, tables),
      round.sitting_out_words ? h('p', { id: 'sitting-out' }, round.sitting_out_words) : null,
      next
        ? h(
            'div',
            { class: 'actions' },
            h(
              'button',
              {
                type: 'button',
                class: 'primary',
                id: 'next-round',
                onclick: () => act('POST', '/rounds', { round: next }),
              },
              `Start round ${next}`,
            ),
          )
        : h(
            'p',
            { class: 'muted', id: 'round-state' },
            party.finished
              ? `${party.name} is over.`
              : 'The next round starts once every table is done.',
          ),
    ];
  }

  async function draw(party) {
    if (frame.left) return;
    const text = JSON.stringify(party);
    if (text === drawn) return; // nothing changed: keep the open QR open
    drawn = text;
    shown = party;
    heading.textContent = party.name;
    const parts = party.started ? await roundPart(party) : beforeStart(party);
    parts.push(standingsPart(party));
    if (kept.public_token)
      parts.push(
        await linkBox(
          partyBoardLink(kept.public_token),
          'The board for the room’s TV',
          'party-board',
        ),
      );
    body.replaceChildren(...parts.filter(Boolean));
  }

  /** Read the party (304 while nothing changed: a hand anywhere, a round, moves it). */
  async function refresh() {
    let res;
    try {
      const headers = etag ? { 'If-None-Match': etag } : {};
      res = await api.request('GET', `/api/parties/${id}`, { token: kept.token, headers });
    } catch (err) {
      if (err instanceof TypeError) return say('No signal: this is the party as it stood.');
      throw err;
    }
    if (frame.left || res.status === 304) return;
    if (unknownToken(res)) return gone();
    if (res.status !== 200) return say(api.errorMessage(res));
    etag = res.etag;
    await draw(res.body);
  }

  /** The server knows this party's director token no more: it was deleted (from a phone
   * restored from this one's backup, say). Said so, with a way to forget it here. */
  const gone = () =>
    frame.gone('party', body, removal, 'forget-party', () => forgetParty(id), '#/parties');

  await refresh();
  // a list of players being typed is not redrawn under the director's thumb
  frame.follow(refresh, POLL_MS, () => !body.querySelector('textarea'));
  return frame.leave;
}

/** A player's tables, as said at the party: "no table played yet", "won 2 of 3 tables". */
function tablesWon(s) {
  if (!s.tables_played) return 'no table played yet';
  return `won ${s.tables_won} of ${s.tables_played} table${s.tables_played === 1 ? '' : 's'}`;
}
