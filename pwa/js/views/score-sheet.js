// The sheet: both sides' totals (tally marks or points), whose shake, the hands so far, and
// for a game of a match the match score (read from the server when online).
import { getGame, outboxAll } from '../store.js';
import { undoLast, addHand, restoreSetAside, setFirstDealer } from '../actions.js';
import { h, toast } from '../ui.js';
import {
  score,
  sideName,
  seatName,
  shakes,
  leads,
  sideCount,
  bidLabel,
  countLabel,
  awardLabel,
  leader,
  unit,
  handInput,
  bidsFirst,
  handBidLabel,
  handsText,
} from '../game.js';
import { toGo, endSentence } from '../words.js';
import { seatGrid, startAllPass } from '../parts/seat-grid.js';
import { matchSentence, readMatch } from '../parts/match-line.js';
import { shakerButtons, drawnLine } from '../parts/shaker-pick.js';
import { countdown, timeBanner } from '../parts/round-clock.js';

const PUT_BACK_MS = 10000; // how long "Put it back" stays offered after an undo
let undone = null; // the hand last undone: {id, hand_no, input, label, until}
let drawnHere = null; // the sheet's last shaker tap: {id, seat} (seat: the one drawn, or null)

const SVG = 'http://www.w3.org/2000/svg';
// seven marks are the seven strokes of "ALL": A (3 strokes), L (2), L (2)
const STROKES = [
  'M6 52 L22 4',
  'M22 4 L38 52',
  'M12 36 L32 36',
  'M58 4 L58 52',
  'M58 52 L84 52',
  'M104 4 L104 52',
  'M104 52 L130 52',
];

/** An SVG of up to seven tally strokes spelling ALL. */
export function tally(marks) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 136 56');
  svg.setAttribute('class', 'tally');
  svg.setAttribute('aria-hidden', 'true');
  STROKES.slice(0, Math.max(0, Math.min(marks, 7))).forEach((d) => {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  });
  return svg;
}

/** Render the sheet of one game; re-renders when the outbox changes the game. */
export async function render(main, id) {
  let alive = true; // a draw still running when the user has moved on must not paint over the next screen
  let match = null; // the game's match as the server last said (null: none, or not known)
  const refresh = (m) => {
    if (m && alive) {
      match = m;
      draw();
    }
  };
  const draw = async () => {
    const game = await getGame(id);
    const stuck = (await outboxAll()).filter((op) => op.game_id === id && op.last_error);
    if (!alive) return;
    if (!game) {
      main.replaceChildren(
        h('h1', {}, 'Game not found'),
        h('p', {}, h('a', { href: '#/' }, 'Your games')),
      );
      return;
    }
    main.replaceChildren(
      ...(stuck.length
        ? [
            h(
              'p',
              { class: 'banner', role: 'alert' },
              `Saved on this phone; the server refuses it for now (${stuck[0].last_error}). It will be sent again.`,
            ),
          ]
        : []),
      ...sheet(game, match),
    );
  };
  const onChange = (e) => {
    if (e.detail !== id) return;
    draw();
    if (match) readMatch(id).then(refresh);
  };
  window.addEventListener('tally:changed', onChange);
  // the "Put it back" offer goes away by itself: redraw when it runs out
  const expire = setInterval(() => {
    if (undone && Date.now() > undone.until) {
      undone = null;
      draw();
    }
  }, 1000);
  await draw();
  readMatch(id).then(refresh);
  return () => {
    alive = false;
    clearInterval(expire);
    window.removeEventListener('tally:changed', onChange);
  };
}

/** Undo the last hand, and offer to put it back for a few seconds: one tap never loses a hand. */
async function undo(game, last, label) {
  await undoLast(game.id);
  undone = {
    id: game.id,
    hand_no: last.hand_no,
    input: handInput(last),
    label,
    until: Date.now() + PUT_BACK_MS,
  };
  window.dispatchEvent(new CustomEvent('tally:changed', { detail: game.id }));
}

/**
 * Game 1 before its first hand: the table may set who shakes first, or draw for it (the
 * app draws and says who drew), as on the new-game form.
 */
function firstShaker(game) {
  const seats = Array.from({ length: game.rules.players }, (_, seat) => seatName(game, seat));
  const shown = drawnHere?.id === game.id ? drawnHere : null;
  return h(
    'details',
    { class: 'first-shaker', id: 'first-shaker', open: Boolean(shown) },
    h('summary', {}, 'Who shakes first'),
    shakerButtons(seats, game.first_dealer ?? 0, async (seat, drawn) => {
      drawnHere = drawn ? { id: game.id, seat } : { id: game.id, seat: null };
      await setFirstDealer(game.id, seat);
      window.dispatchEvent(new CustomEvent('tally:changed', { detail: game.id }));
    }),
    shown?.seat != null ? drawnLine(seats[shown.seat]) : null,
  );
}

/** What an undone hand was, in words: "30 bid by Ann, made", "all passed". */
function undoneWords(game, hand, result) {
  if (result.outcome === 'reshuffle') return 'all passed';
  const bid = bidLabel(game.rules, result.bid);
  return `${bid} bid by ${seatName(game, hand.bidder)}, ${result.outcome}`;
}

/** The "Hand 7 undone: 30 bid by Ann, made. Put it back" line, while the offer stands. */
function putBack(game) {
  if (
    !undone ||
    undone.id !== game.id ||
    Date.now() > undone.until ||
    game.hands.length !== undone.hand_no - 1
  )
    return null;
  const offer = undone;
  return h(
    'p',
    { class: 'banner undone', role: 'status' },
    `Hand ${offer.hand_no} undone: ${offer.label}. `,
    h(
      'button',
      {
        type: 'button',
        id: 'put-back',
        class: 'small',
        onclick: async () => {
          undone = null;
          await addHand(game.id, offer.input);
          toast(`Hand ${offer.hand_no} is back`);
          window.dispatchEvent(new CustomEvent('tally:changed', { detail: game.id }));
        },
      },
      'Put it back',
    ),
  );
}

function sheet(game, match) {
  const { state, error } = score(game);
  const out = [];
  if (game.conflict?.over) {
    out.push(
      h(
        'p',
        { class: 'banner', role: 'alert', id: 'match-over' },
        `Not sent: ${game.conflict.message}. `,
        h('a', { href: `#/g/${game.id}/conflict` }, 'What now'),
      ),
    );
  } else if (game.conflict?.locked) {
    out.push(
      h(
        'p',
        { class: 'banner', role: 'alert', id: 'change-locked' },
        `Not changed: ${game.conflict.message}. `,
        h('a', { href: `#/g/${game.id}/conflict` }, 'What now'),
      ),
    );
  } else if (game.conflict) {
    out.push(
      h(
        'p',
        { class: 'banner', role: 'alert' },
        'The server and this phone disagree about hand ',
        String(game.conflict.hand_no ?? ''),
        '. ',
        h('a', { href: `#/g/${game.id}/conflict` }, 'Choose which to keep'),
      ),
    );
  }
  const aside = setAsideNote(game);
  if (aside) out.push(aside);
  if (game.mismatch)
    out.push(h('p', { class: 'banner', role: 'alert' }, `Scoring bug reported: ${game.mismatch}`));
  if (error) {
    out.push(
      h(
        'p',
        { class: 'banner', role: 'alert' },
        `Hand ${error.hand_index + 1} cannot be scored: ${error.message}`,
      ),
    );
    return out;
  }
  const n = sideCount(game.rules);
  const lead = leader(state);
  const marks = unit(game.rules) === 'marks';
  const left = toGo(game.rules, state.totals);
  out.push(h('h1', { class: 'visually-hidden' }, 'Score sheet'));
  if (match)
    out.push(h('p', { class: 'muted turn', id: 'match-score' }, matchSentence(game, match)));
  const clock =
    timeBanner(game, state) ?? (!state.game_over && countdown(game.deadline, 'sheet-clock'));
  if (clock) out.push(clock); // the round clock (docs/rules.md 36-38)

  out.push(
    h(
      'section',
      { class: `totals${n === 3 ? ' three' : ''}`, 'aria-label': 'Totals' },
      state.totals.map((t, side) =>
        h(
          'div',
          { class: `card side s${side}${lead === side ? ' lead' : ''}` },
          h('div', { class: 'name' }, sideName(game, side)),
          h(
            'div',
            { class: 'score', 'aria-label': `${sideName(game, side)}: ${t} ${unit(game.rules)}` },
            String(t),
          ),
          marks ? tally(t) : null,
          !marks && !state.game_over ? h('div', { class: 'to-go' }, `${left[side]} to go`) : null,
        ),
      ),
    ),
  );
  const dealer = state.next_dealer;
  if (state.game_over) {
    out.push(
      h(
        'p',
        { class: 'turn' },
        // a marks game can end level at its hand limit (a party's round of hands, often)
        h('strong', {}, state.winner === null ? 'A tie.' : `${sideName(game, state.winner)} won.`),
        ' ',
        endSentence(game, state),
        ' ',
        h('a', { href: `#/g/${game.id}/over` }, 'Share and rematch'),
      ),
    );
  } else {
    out.push(
      h(
        'p',
        { class: 'turn' },
        `Hand ${state.next_hand_no}: `,
        h('strong', {}, shakes(game, dealer)),
        ', ',
        `${bidsFirst(game, (dealer + 1) % game.rules.players)}.`,
        lead === null
          ? ' Tied.'
          : ` ${leads(game, lead)}${n === 2 ? ` by ${Math.abs(state.totals[0] - state.totals[1])}` : ''}.`,
      ),
    );
  }
  if (!state.game_over && !game.hands.length && !game.in_match && !game.table && !match)
    out.push(firstShaker(game));
  const last = game.hands[game.hands.length - 1];
  const lastResult = last ? state.hands[state.hands.length - 1] : null;
  const label = last && undoneWords(game, last, lastResult);
  out.push(
    h(
      'div',
      { class: 'row sheet-tools' },
      h('h2', { class: 'visually-hidden' }, 'Hands'),
      h(
        'button',
        {
          type: 'button',
          id: 'undo',
          class: 'small',
          disabled: !last,
          onclick: () => undo(game, last, label),
        },
        'Undo last',
      ),
      h('a', { class: 'btn small', href: `#/g/${game.id}/rules`, id: 'rules' }, 'Rules'),
      h('a', { class: 'btn small', href: `#/g/${game.id}/over`, id: 'share-game' }, 'Share'),
    ),
  );

  out.push(handsTable(game, state));
  if (state.game_over) {
    out.push(
      h(
        'div',
        { class: 'actions' },
        h(
          'a',
          { class: 'btn primary', href: `#/g/${game.id}/over`, id: 'game-over' },
          'Game over: share, rematch',
        ),
      ),
    );
  } else {
    // the first tap of a hand is the bidder, right here, in the seats' places round the table;
    // the undo offer sits in the bar fixed at the bottom: in view however far the sheet scrolled
    const mode = game.rules.all_pass === 'forced' ? 'forced' : 'pass';
    const first = (dealer + 1) % game.rules.players;
    out.push(
      h(
        'nav',
        { class: 'actions bidder-bar', 'aria-label': 'New hand: who won the bid?' },
        putBack(game),
        h('p', { class: 'bar-title', id: 'won-bid' }, 'New hand: who won the bid?'),
        seatGrid(game, dealer, {
          link: (seat) => `#/g/${game.id}/hand/new/${seat}`,
          pass: {
            mode,
            link: `#/g/${game.id}/hand/new/${mode === 'forced' ? dealer : first}`,
            pick: () => startAllPass(game.id, mode),
          },
        }),
      ),
    );
  }
  return out;
}

/** The note on the sheet about hands set aside by an edit, with "Put them back". */
function setAsideNote(game) {
  const s = game.set_aside;
  if (!s?.hands?.length) return null;
  const last = s.first_hand_no + s.hands.length - 1;
  return h(
    'p',
    { class: 'banner set-aside', role: 'status' },
    `Hand ${s.hand_no} was changed and the game ended sooner: ${handsText(s.first_hand_no, last)} ` +
      `set aside. `,
    h(
      'button',
      {
        type: 'button',
        id: 'put-back',
        class: 'small',
        onclick: async (e) => {
          e.currentTarget.disabled = true;
          await restoreSetAside(game.id);
          toast(`${handsText(s.first_hand_no, last)} put back`.replace(/^h/, 'H'));
          window.dispatchEvent(new CustomEvent('tally:changed', { detail: game.id }));
        },
      },
      'Put them back',
    ),
  );
}

function handsTable(game, state) {
  if (!game.hands.length) return h('p', { class: 'muted' }, 'No hands yet.');
  const rows = game.hands.map((hand, i) => {
    const r = state.hands[i];
    const sync = hand.sync || 'local';
    const syncText = {
      local: 'phone only',
      synced: 'synced',
      conflict: 'conflict',
      rejected: 'refused',
    }[sync];
    return h(
      'tr',
      {},
      h('td', { class: 'num' }, String(hand.hand_no)),
      h(
        'td',
        {},
        handBidLabel(game, hand, r),
        h('br', {}),
        h('span', { class: `sync ${sync}` }, syncText),
      ),
      h('td', {}, countLabel(game.rules, hand, r.bid)),
      h('td', {}, h('span', { class: r.outcome }, r.outcome), h('br', {}), awardLabel(game, r)),
      h(
        'td',
        { class: 'num' },
        h(
          'a',
          {
            class: 'btn edit',
            href: `#/g/${game.id}/hand/${hand.hand_no}`,
            'aria-label': `Edit hand ${hand.hand_no}`,
          },
          'Edit',
        ),
      ),
    );
  });
  return h(
    'table',
    { class: 'hands' },
    h('caption', { class: 'visually-hidden' }, 'Hands so far, newest first'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['#', 'Bid', 'Count', 'Result', ''].map((t, i) =>
          h(
            'th',
            { scope: 'col', class: i === 0 ? 'num' : null },
            t || h('span', { class: 'visually-hidden' }, 'Edit'),
          ),
        ),
      ),
    ),
    h('tbody', {}, rows.reverse()),
  );
}
