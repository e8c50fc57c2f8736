// A hand in four taps: bidder (laid out like the table), bid, count (or made/set), save; with a
// preview of what happens, and an edit that ends the game earlier sets the later hands aside.
import { getGame } from '../store.js';
import { RulesError } from '../rules.js';
import { addHand, editHand } from '../actions.js';
import { h, go, toast } from '../ui.js';
import {
  score,
  seatName,
  sideName,
  sideCount,
  shakes,
  bidLabel,
  isAllTricks,
  unit,
  trumpChoices,
  handsText,
} from '../game.js';
import { seatGrid, takeAllPass } from '../parts/seat-grid.js';
import { countHelper, helperState } from '../parts/count-helper.js';
import { isNello, passMode, same } from '../hand-pick.js';
import {
  askSetAside,
  bySide,
  fromHelper,
  handTable,
  offer,
  openBids,
  pickAllPass,
  pickBid,
  pickBidder,
  pickDoubles,
  pickSide,
  pickTens,
  preview as previewOf,
  putOnSide,
  setResult,
  startHand,
  toggleTrump,
  togglePenalty,
} from '../hand-state.js';

const GRID_MAX = 49; // up to this many possible counts, one tap on a grid; above, tens then units

/** Render the hand form; handNo set means editing that hand. Returns the screen's cleanup. */
export async function render(main, id, handNo, firstBidder) {
  const game = await getGame(id);
  if (!game) {
    go('#/');
    return null;
  }
  const editing = handNo ? Number(handNo) : null;
  const old = editing ? game.hands[editing - 1] : null;
  if (editing && !old) {
    go(`#/g/${id}`);
    return null;
  }
  const before = score(game, game.hands.slice(0, (editing || game.hands.length + 1) - 1)).state;
  if (!before) {
    go(`#/g/${id}`);
    return null;
  }
  const dealer = old && old.dealer !== undefined ? old.dealer : before.next_dealer;
  const r = game.rules;
  const table = handTable(r, dealer);
  const counts = table.counts;
  // the hand as tapped so far (hand-state.js): every tap is one change to it, then a draw
  let state = startHand(table, old, firstBidder, takeAllPass(game.id));
  const change = (next) => {
    state = next;
    drawAll();
  };

  const seatsBox = h('div', { class: 'seat-box' });
  const bidsBox = h('div', { class: 'stack bids', role: 'group', 'aria-labelledby': 'step-bid' });
  const countBox = h('div', { class: 'stack', role: 'group', 'aria-labelledby': 'step-count' });
  const trumpBox = h('div', { class: 'trumps', role: 'group', 'aria-labelledby': 'step-trump' });
  const preview = h('p', { class: 'preview', id: 'preview', 'aria-live': 'polite' });
  const save = h(
    'button',
    { type: 'button', class: 'primary', id: 'save', disabled: true, onclick: onSave },
    editing ? 'Save changes' : 'Save hand',
  );
  const cancel = h('a', { class: 'btn', href: `#/g/${id}`, id: 'cancel' }, 'Cancel');
  const penaltiesBox = h('details', { class: 'penalties', open: state.penalties.length > 0 });
  const countTitle = h('h2', { class: 'step-title', id: 'step-count' });
  const bar = h(
    'div',
    { class: 'actions hand-bar' },
    preview,
    h('div', { class: 'row' }, cancel, save),
  );

  const choice = (label, selected, onclick, extra = {}) =>
    h(
      'button',
      { type: 'button', 'aria-pressed': String(Boolean(selected)), onclick, ...extra },
      label,
    );

  function drawSeats() {
    const pass = {
      mode: passMode(r),
      pressed: state.mode !== 'bid',
      pick: () => change(pickAllPass(table, state)),
    };
    seatsBox.replaceChildren(
      seatGrid(game, dealer, {
        pressed: (seat) => state.mode === 'bid' && state.bidder === seat,
        pick: (seat) => change(pickBidder(table, state, seat)),
        pass,
      }),
    );
  }

  function drawAll() {
    drawSeats();
    drawBids();
    drawCount();
    drawTrump();
    drawPenalties();
    drawBar();
  }

  function drawBids() {
    if (state.mode === 'pass') {
      bidsBox.replaceChildren(h('p', { class: 'muted' }, 'No bid: the dominoes are reshuffled.'));
      return;
    }
    if (state.bidder === null) {
      bidsBox.replaceChildren(h('p', { class: 'muted' }, 'Tap the seat that won the bid.'));
      return;
    }
    if (!state.bidOpen && state.bid !== null) {
      const who =
        state.mode === 'forced'
          ? `${seatName(game, dealer)}, forced`
          : seatName(game, state.bidder);
      bidsBox.replaceChildren(
        h(
          'button',
          {
            type: 'button',
            id: 'change-bid',
            class: 'chosen',
            'aria-expanded': 'false',
            onclick: () => change(openBids(state)),
          },
          `${who}: ${bidLabel(r, state.bid)}`,
          h('span', { class: 'muted' }, ' · change'),
        ),
      );
      return;
    }
    const o = offer(table, state);
    const row = (list, cls) =>
      list.length
        ? h(
            'div',
            { class: cls },
            list.map((bid) =>
              choice(
                bidLabel(r, bid).replace(/, doubles .*/, ''),
                same(state.bid, bid) || (isNello(bid) && isNello(state.bid)),
                () => change(pickBid(table, state, bid)),
                { 'data-bid': JSON.stringify(bid) },
              ),
            ),
          )
        : null;
    bidsBox.replaceChildren(
      ...[row(o.points, 'grid'), row(o.marks, 'grid wide'), row(o.contracts, 'grid wide')].filter(
        Boolean,
      ),
    );
  }

  const result = (res) => change(setResult(table, state, res));

  // the count helper: one per kind of count (the bidders', nel-o's tricks, a side's), kept
  // across redraws so its taps stay; `total` is what it added up last (a side's, for a tap)
  let helper = null;
  function helperFor(kind, side, onTotal) {
    const key = `${kind}:${side}`;
    if (helper?.key !== key) {
      const kept = helperState(Boolean(helper?.state.open));
      const who =
        kind === 'nello' ? 'the bidder' : sideCount(r) > 2 ? sideName(game, side) : 'the bidders';
      const el = countHelper({
        rules: r,
        state: kept,
        who,
        nello: kind === 'nello',
        done: onTotal,
      });
      helper = { key, state: kept, el, total: null };
    }
    return helper.el;
  }
  const helped = (res) => change(fromHelper(table, state, res));

  function drawCount() {
    const bid = state.bid;
    countTitle.textContent = countHeading(bid);
    countBox.hidden = state.mode === 'pass';
    countTitle.hidden = countBox.hidden;
    if (state.mode === 'pass') {
      countBox.replaceChildren();
      return;
    }
    if (bySide(table, state)) {
      drawBySide();
      return;
    }
    if (bid === null) {
      countBox.replaceChildren(h('p', { class: 'muted' }, 'Pick the bid first.'));
      return;
    }
    if (isNello(bid)) {
      countBox.replaceChildren(
        helperFor('nello', r.sides[state.bidder ?? 0], helped),
        h(
          'div',
          { class: 'row' },
          choice(
            'Made: no tricks',
            state.result && state.result.tricks === 0,
            () => result({ tricks: 0 }),
            { 'data-count': 'made' },
          ),
          choice(
            'Set: took a trick',
            state.result && state.result.tricks > 0,
            () => result({ tricks: 1 }),
            { 'data-count': 'set' },
          ),
        ),
      );
      return;
    }
    if (isAllTricks(r, bid) && unit(r) === 'marks') {
      const took = state.result?.captured;
      const set = Boolean(state.result && state.result.declared === 'set');
      countBox.replaceChildren(
        h(
          'div',
          { class: 'row' },
          choice(
            'Made: every trick',
            took === r.points_per_hand,
            () => result({ captured: r.points_per_hand }),
            { 'data-count': 'made' },
          ),
          choice('Set', set, () => result({ captured: 0, declared: 'set' }), {
            'data-count': 'set',
          }),
        ),
      );
      return;
    }
    const need = isAllTricks(r, bid) ? r.points_per_hand : bid;
    const early = unit(r) === 'marks' ? stoppedEarly() : [];
    const helping = helperFor('count', r.sides[state.bidder ?? 0], helped);
    if (counts.length > GRID_MAX) {
      countBox.replaceChildren(
        helping,
        pads(need),
        ...(early.length ? [h('div', { class: 'row' }, early)] : []),
      );
      return;
    }
    const cells = counts.map((n) =>
      choice(
        String(n),
        state.result && state.result.captured === n,
        () => result({ captured: n }),
        { 'data-count': n, class: n >= need ? 'made' : null, 'aria-label': `took ${n}` },
      ),
    );
    countBox.replaceChildren(helping, h('div', { class: 'grid count' }, cells, early));
  }

  /** Tournament rule: the hand stops once the bid is made or set, so nobody counts. */
  function stoppedEarly() {
    const declared =
      state.result && state.result.captured === undefined ? state.result.declared : null;
    return ['made', 'set'].map((d) =>
      choice(
        `${d === 'made' ? 'Made' : 'Set'}, stopped early`,
        declared === d,
        () => result({ declared: d }),
        { 'data-count': `${d}-early`, class: `early ${d}` },
      ),
    );
  }

  /** Large hands (88, 72 ...): tens, then units; only counts that can happen are enabled. */
  function pads(need) {
    const captured = state.result?.captured;
    const tens =
      captured !== undefined && captured !== null ? Math.floor(captured / 10) * 10 : state.tens;
    const tensList = [...new Set(counts.map((n) => Math.floor(n / 10) * 10))];
    const tensRow = tensList.map((t) =>
      choice(String(t), tens === t, () => change(pickTens(table, state, t)), {
        'data-tens': t,
        'aria-label': `${t} and some`,
        class: t + 9 >= need ? 'made' : null,
      }),
    );
    const unitsRow = Array.from({ length: 10 }, (_, u) =>
      choice(
        tens === null ? `+${u}` : String(tens + u),
        captured === (tens ?? 0) + u && tens !== null,
        () => result({ captured: tens + u }),
        {
          'data-units': u,
          disabled: tens === null || !counts.includes(tens + u),
          'aria-label': tens === null ? `plus ${u}` : `took ${tens + u}`,
          class: tens !== null && tens + u >= need ? 'made' : null,
        },
      ),
    );
    return h(
      'div',
      { class: 'pads' },
      h('p', { class: 'muted pad-title' }, 'Tens, then the exact count'),
      h('div', { class: 'grid tens' }, tensRow),
      h('div', { class: 'grid units' }, unitsRow),
    );
  }

  /**
   * More than two sides (Moon, 140, three-hand): tap a side, then its count; the next side
   * follows, and the last one left gets the rest of the hand's points.
   */
  function drawBySide() {
    const sides = h(
      'div',
      { class: 'sides', role: 'group', 'aria-label': 'Sides' },
      state.sides.map((v, side) =>
        choice(
          [h('span', {}, sideName(game, side)), h('strong', {}, v === null ? '–' : String(v))],
          state.active === side,
          () => change(pickSide(state, side)),
          { 'data-side': side },
        ),
      ),
    );
    const cells = counts.map((c) =>
      choice(String(c), state.sides[state.active] === c, () => tapSideCount(c), {
        'data-count': c,
        'aria-label': `${sideName(game, state.active)} took ${c}`,
      }),
    );
    const helping = helperFor('side', state.active, (res) => {
      helper.total = res ? res.points : null;
      drawAll();
    });
    const total = helper.total;
    const give =
      total === null
        ? null
        : h(
            'button',
            { type: 'button', class: 'primary give', onclick: () => tapSideCount(total) },
            `Put ${total} on ${sideName(game, state.active)}`,
          );
    countBox.replaceChildren(
      h(
        'p',
        { class: 'muted pad-title' },
        `${r.points_per_hand} in all: tap a side, then its count`,
      ),
      sides,
      helping,
      give,
      h('div', { class: 'grid count' }, cells),
    );
  }

  const tapSideCount = (count) => change(putOnSide(table, state, count));

  function countHeading(bid) {
    if (state.mode === 'pass') return 'Result';
    if (sideCount(r) > 2) return 'What each side took';
    if (isNello(bid)) return 'Result';
    return bid !== null && isAllTricks(r, bid) && unit(r) === 'marks'
      ? 'Result'
      : 'Count the bidders took';
  }

  /** Trump: one optional tap (tap again to clear); for nel-o, the doubles mode instead. */
  function drawTrump() {
    const bid = state.bid;
    trumpBox.hidden = bid === null || state.mode === 'pass';
    if (trumpBox.hidden) {
      trumpBox.replaceChildren();
      return;
    }
    const title = h(
      'h2',
      { class: 'step-title', id: 'step-trump' },
      isNello(bid) ? 'Doubles' : 'Trump (if you like)',
    );
    if (isNello(bid)) {
      const { nelloModes } = offer(table, state);
      const modes = nelloModes.length ? nelloModes : [bid.doubles];
      trumpBox.replaceChildren(
        title,
        h(
          'div',
          { class: 'row' },
          modes.map((m) =>
            choice(
              { high: 'high', low: 'low', own_suit: 'own suit' }[m],
              bid.doubles === m,
              () => change(pickDoubles(table, state, m)),
              { 'data-doubles': m },
            ),
          ),
        ),
      );
      return;
    }
    trumpBox.replaceChildren(
      title,
      h(
        'div',
        { class: 'grid trump' },
        trumpChoices(r, bid).map(([value, label]) =>
          choice(
            typeof value === 'number' ? String(value) : label,
            state.trump === value,
            () => change(toggleTrump(table, state, value)),
            {
              'data-trump': value,
              'aria-label': label,
              class: typeof value === 'number' ? null : 'word',
            },
          ),
        ),
      ),
    );
  }

  /** Penalties called during the hand: a renege decides it; table talk and exposed tiles add to it. */
  function drawPenalties() {
    const kinds = [
      ['renege', 'Renege'],
      ['table_talk', 'Table talk'],
      ['exposed_domino', 'Exposed domino'],
    ];
    const rows = kinds.map(([kind, label]) =>
      h(
        'div',
        { class: 'row', role: 'group', 'aria-label': label },
        h('span', { class: 'penalty-kind' }, label),
        Array.from({ length: sideCount(r) }, (_, side) => {
          const on = state.penalties.some((p) => p.kind === kind && p.side === side);
          return choice(
            `by ${sideName(game, side)}`,
            on,
            () => change(togglePenalty(table, state, kind, side)),
            { 'data-penalty': `${kind}-${side}` },
          );
        }),
      ),
    );
    penaltiesBox.replaceChildren(
      h(
        'summary',
        { class: 'btn' },
        state.penalties.length ? `Penalties (${state.penalties.length})` : 'Penalty called?',
      ),
      ...rows,
    );
  }

  /** The bar: what the hand does, and Save once it can be saved. */
  function drawBar() {
    const said = previewOf(game, editing, table, state);
    preview.textContent = said.words;
    save.disabled = !said.ready;
    save.textContent =
      said.later && state.confirming
        ? 'Set aside and save'
        : editing
          ? 'Save changes'
          : 'Save hand';
  }

  async function onSave() {
    const { later, hand } = previewOf(game, editing, table, state);
    if (later && !state.confirming) {
      change(askSetAside(state));
      return;
    }
    save.disabled = true;
    const setAside = Boolean(later);
    let saved;
    try {
      saved = editing ? await editHand(id, editing, hand, { setAside }) : await addHand(id, hand);
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      preview.textContent = err.message;
      return;
    }
    window.scrollTo(0, 0); // the sheet opens at its top: the score in view
    if (setAside) toast(`Saved; ${handsText(later.first, later.last)} set aside`);
    else toast(editing ? `Hand ${editing} changed; later hands re-scored` : 'Hand saved');
    go(score(saved).state.game_over && !setAside ? `#/g/${id}/over` : `#/g/${id}`);
  }

  window.scrollTo(0, 0); // a hand starts at its top, wherever the sheet was scrolled
  main.append(
    h(
      'h1',
      {},
      editing ? `Edit hand ${editing}` : `Hand ${game.hands.length + 1}`,
      h('span', { class: 'muted' }, ` · ${shakes(game, dealer)}`),
    ),
    h('h2', { class: 'visually-hidden', id: 'step-bidder' }, 'Bidder'),
    seatsBox,
    h('h2', { class: 'visually-hidden', id: 'step-bid' }, 'Bid'),
    bidsBox,
    countTitle,
    countBox,
    trumpBox,
    penaltiesBox,
    bar,
  );
  drawAll();
  // the bar at the bottom grows with the preview: keep the page's end clear of it
  const view = main.closest('main');
  const fit = new ResizeObserver(() => {
    if (view) view.style.paddingBottom = `${bar.offsetHeight + 16}px`;
  });
  fit.observe(bar);
  return () => {
    fit.disconnect();
    if (view) view.style.paddingBottom = '';
  };
}
