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
  bidOffer,
  forcedOffer,
  bidLabel,
  isAllTricks,
  previewLine,
  unit,
  possibleCounts,
  trumpChoices,
  handsText,
} from '../game.js';
import { seatGrid, takeAllPass } from '../parts/seat-grid.js';
import { countHelper, helperState } from '../parts/count-helper.js';
import {
  handFromPick,
  isNello,
  passMode,
  reneged,
  same,
  startPick,
  tapSide,
} from '../hand-pick.js';

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
  const pick = startPick(r, old, firstBidder, dealer, takeAllPass(game.id));
  const counts = possibleCounts(r);
  let bidOpen = pick.bid === null || Boolean(editing); // an edit shows every bid to change to
  let later = null; // {first, last, endsAt}: hands that no longer fit after this edit
  let confirming = false;

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
  const penaltiesBox = h('details', { class: 'penalties', open: pick.penalties.length > 0 });
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
  const offer = () => {
    if (pick.mode === 'forced') return forcedOffer(r, dealer);
    return pick.bidder === null
      ? { points: [], marks: [], contracts: [], nelloModes: [] }
      : bidOffer(r, dealer, pick.bidder);
  };
  const inOffer = (o, bid) =>
    [...o.points, ...o.marks, ...o.contracts].some(
      (b) => same(b, bid) || (isNello(b) && isNello(bid) && o.nelloModes.includes(bid.doubles)),
    );

  function drawSeats() {
    const pass = {
      mode: passMode(r),
      pressed: pick.mode !== 'bid',
      pick: () => {
        pick.mode = passMode(r);
        pick.bidder = pick.mode === 'forced' ? dealer : null;
        if (pick.mode === 'pass') pick.bid = null;
        afterBidderChange();
      },
    };
    seatsBox.replaceChildren(
      seatGrid(game, dealer, {
        pressed: (seat) => pick.mode === 'bid' && pick.bidder === seat,
        pick: (seat) => {
          pick.mode = 'bid';
          pick.bidder = seat;
          afterBidderChange();
        },
        pass,
      }),
    );
  }

  function afterBidderChange() {
    if (pick.bid !== null && !inOffer(offer(), pick.bid)) {
      pick.bid = null;
      pick.result = null;
    }
    bidOpen = pick.bid === null;
    drawAll();
  }

  function drawAll() {
    drawSeats();
    drawBids();
    drawCount();
    drawTrump();
    drawPenalties();
    update();
  }

  function pickBid(bid) {
    if (!same(pick.bid, bid) && sideCount(r) <= 2) {
      pick.result = null;
      pick.tens = null;
    }
    if (!same(pick.bid, bid)) pick.trump = null;
    pick.bid = bid;
    bidOpen = false;
    drawBids();
    drawCount();
    drawTrump();
    update();
  }

  function drawBids() {
    if (pick.mode === 'pass') {
      bidsBox.replaceChildren(h('p', { class: 'muted' }, 'No bid: the dominoes are reshuffled.'));
      return;
    }
    if (pick.bidder === null) {
      bidsBox.replaceChildren(h('p', { class: 'muted' }, 'Tap the seat that won the bid.'));
      return;
    }
    if (!bidOpen && pick.bid !== null) {
      const who =
        pick.mode === 'forced' ? `${seatName(game, dealer)}, forced` : seatName(game, pick.bidder);
      bidsBox.replaceChildren(
        h(
          'button',
          {
            type: 'button',
            id: 'change-bid',
            class: 'chosen',
            'aria-expanded': 'false',
            onclick: () => {
              bidOpen = true;
              drawBids();
            },
          },
          `${who}: ${bidLabel(r, pick.bid)}`,
          h('span', { class: 'muted' }, ' · change'),
        ),
      );
      return;
    }
    const o = offer();
    const row = (list, cls) =>
      list.length
        ? h(
            'div',
            { class: cls },
            list.map((bid) =>
              choice(
                bidLabel(r, bid).replace(/, doubles .*/, ''),
                same(pick.bid, bid) || (isNello(bid) && isNello(pick.bid)),
                () => pickBid(bid),
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

  const setResult = (result) => {
    pick.result = result;
    drawCount();
    update();
  };

  // the count helper: one per kind of count (the bidders', nel-o's tricks, a side's), kept
  // across redraws so its taps stay; `total` is what it added up last (a side's, for a tap)
  let helper = null;
  function helperFor(kind, side, onTotal) {
    const key = `${kind}:${side}`;
    if (helper?.key !== key) {
      const state = helperState(Boolean(helper?.state.open));
      const who =
        kind === 'nello' ? 'the bidder' : sideCount(r) > 2 ? sideName(game, side) : 'the bidders';
      const el = countHelper({ rules: r, state, who, nello: kind === 'nello', done: onTotal });
      helper = { key, state, el, total: null };
    }
    return helper.el;
  }
  const helped = (res) => {
    if (!res) {
      pick.result = null;
      drawCount();
      update();
    } else setResult(res.tricks !== undefined ? { tricks: res.tricks } : { captured: res.points });
  };

  function drawCount() {
    const bid = pick.bid;
    countTitle.textContent = countHeading(bid);
    countBox.hidden = pick.mode === 'pass';
    countTitle.hidden = countBox.hidden;
    if (pick.mode === 'pass') {
      countBox.replaceChildren();
      return;
    }
    if (sideCount(r) > 2 && !isNello(bid)) {
      drawBySide();
      return;
    }
    if (bid === null) {
      countBox.replaceChildren(h('p', { class: 'muted' }, 'Pick the bid first.'));
      return;
    }
    if (isNello(bid)) {
      countBox.replaceChildren(
        helperFor('nello', r.sides[pick.bidder ?? 0], helped),
        h(
          'div',
          { class: 'row' },
          choice(
            'Made: no tricks',
            pick.result && pick.result.tricks === 0,
            () => setResult({ tricks: 0 }),
            { 'data-count': 'made' },
          ),
          choice(
            'Set: took a trick',
            pick.result && pick.result.tricks > 0,
            () => setResult({ tricks: 1 }),
            { 'data-count': 'set' },
          ),
        ),
      );
      return;
    }
    if (isAllTricks(r, bid) && unit(r) === 'marks') {
      const took = pick.result?.captured;
      const set = Boolean(pick.result && pick.result.declared === 'set');
      countBox.replaceChildren(
        h(
          'div',
          { class: 'row' },
          choice(
            'Made: every trick',
            took === r.points_per_hand,
            () => setResult({ captured: r.points_per_hand }),
            { 'data-count': 'made' },
          ),
          choice('Set', set, () => setResult({ captured: 0, declared: 'set' }), {
            'data-count': 'set',
          }),
        ),
      );
      return;
    }
    const need = isAllTricks(r, bid) ? r.points_per_hand : bid;
    const early = unit(r) === 'marks' ? stoppedEarly() : [];
    const helping = helperFor('count', r.sides[pick.bidder ?? 0], helped);
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
        pick.result && pick.result.captured === n,
        () => setResult({ captured: n }),
        { 'data-count': n, class: n >= need ? 'made' : null, 'aria-label': `took ${n}` },
      ),
    );
    countBox.replaceChildren(helping, h('div', { class: 'grid count' }, cells, early));
  }

  /** Tournament rule: the hand stops once the bid is made or set, so nobody counts. */
  function stoppedEarly() {
    const declared =
      pick.result && pick.result.captured === undefined ? pick.result.declared : null;
    return ['made', 'set'].map((d) =>
      choice(
        `${d === 'made' ? 'Made' : 'Set'}, stopped early`,
        declared === d,
        () => setResult({ declared: d }),
        { 'data-count': `${d}-early`, class: `early ${d}` },
      ),
    );
  }

  /** Large hands (88, 72 ...): tens, then units; only counts that can happen are enabled. */
  function pads(need) {
    const captured = pick.result?.captured;
    const tens =
      captured !== undefined && captured !== null ? Math.floor(captured / 10) * 10 : pick.tens;
    const tensList = [...new Set(counts.map((n) => Math.floor(n / 10) * 10))];
    const tensRow = tensList.map((t) =>
      choice(
        String(t),
        tens === t,
        () => {
          pick.tens = t;
          const units = captured !== undefined && captured !== null ? captured % 10 : null;
          pick.result =
            units !== null && counts.includes(t + units) ? { captured: t + units } : null;
          drawCount();
          update();
        },
        { 'data-tens': t, 'aria-label': `${t} and some`, class: t + 9 >= need ? 'made' : null },
      ),
    );
    const unitsRow = Array.from({ length: 10 }, (_, u) =>
      choice(
        tens === null ? `+${u}` : String(tens + u),
        captured === (tens ?? 0) + u && tens !== null,
        () => setResult({ captured: tens + u }),
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
    const n = sideCount(r);
    if (!pick.sides) {
      pick.sides = pick.result?.by_side ? [...pick.result.by_side] : new Array(n).fill(null);
      pick.filled = null; // the side whose count was worked out, not tapped
      pick.active = pick.bidder !== null ? r.sides[pick.bidder] : 0; // the bidders' count first
    }
    const sides = h(
      'div',
      { class: 'sides', role: 'group', 'aria-label': 'Sides' },
      pick.sides.map((v, side) =>
        choice(
          [h('span', {}, sideName(game, side)), h('strong', {}, v === null ? '–' : String(v))],
          pick.active === side,
          () => {
            pick.active = side;
            drawBySide();
          },
          { 'data-side': side },
        ),
      ),
    );
    const cells = counts.map((c) =>
      choice(String(c), pick.sides[pick.active] === c, () => tapSideCount(c), {
        'data-count': c,
        'aria-label': `${sideName(game, pick.active)} took ${c}`,
      }),
    );
    const helping = helperFor('side', pick.active, (res) => {
      helper.total = res ? res.points : null;
      drawBySide();
    });
    const total = helper.total;
    const give =
      total === null
        ? null
        : h(
            'button',
            { type: 'button', class: 'primary give', onclick: () => tapSideCount(total) },
            `Put ${total} on ${sideName(game, pick.active)}`,
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

  function tapSideCount(count) {
    tapSide(r, counts, pick, count);
    drawBySide();
    update();
  }

  function countHeading(bid) {
    if (pick.mode === 'pass') return 'Result';
    if (sideCount(r) > 2) return 'What each side took';
    if (isNello(bid)) return 'Result';
    return bid !== null && isAllTricks(r, bid) && unit(r) === 'marks'
      ? 'Result'
      : 'Count the bidders took';
  }

  /** Trump: one optional tap (tap again to clear); for nel-o, the doubles mode instead. */
  function drawTrump() {
    const bid = pick.bid;
    trumpBox.hidden = bid === null || pick.mode === 'pass';
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
      const modes = offer().nelloModes.length ? offer().nelloModes : [bid.doubles];
      trumpBox.replaceChildren(
        title,
        h(
          'div',
          { class: 'row' },
          modes.map((m) =>
            choice(
              { high: 'high', low: 'low', own_suit: 'own suit' }[m],
              bid.doubles === m,
              () => {
                pick.bid = { ...bid, doubles: m };
                drawTrump();
                update();
              },
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
            pick.trump === value,
            () => {
              pick.trump = pick.trump === value ? null : value;
              drawTrump();
              update();
            },
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
          const on = pick.penalties.some((p) => p.kind === kind && p.side === side);
          return choice(
            `by ${sideName(game, side)}`,
            on,
            () => {
              pick.penalties = on
                ? pick.penalties.filter((p) => !(p.kind === kind && p.side === side))
                : [...pick.penalties, { kind, side }];
              drawPenalties();
              update();
            },
            { 'data-penalty': `${kind}-${side}` },
          );
        }),
      ),
    );
    penaltiesBox.replaceChildren(
      h(
        'summary',
        { class: 'btn' },
        pick.penalties.length ? `Penalties (${pick.penalties.length})` : 'Penalty called?',
      ),
      ...rows,
    );
  }

  function update() {
    save.disabled = true;
    later = null;
    confirming = false;
    save.textContent = editing ? 'Save changes' : 'Save hand';
    if (
      pick.mode !== 'pass' &&
      (pick.bidder === null || pick.bid === null || (!pick.result && !reneged(pick)))
    ) {
      preview.textContent =
        pick.bidder === null
          ? 'Who won the bid?'
          : pick.bid === null
            ? 'What was the bid?'
            : 'How did it go?';
      return;
    }
    const hands = [...game.hands];
    const index = editing ? editing - 1 : hands.length;
    hands[index] = { hand_no: index + 1, ...handFromPick(r, pick, dealer) };
    let { state, error } = score(game, editing ? hands : hands.slice(0, index + 1));
    if (error && error.hand_index === index) {
      preview.textContent = error.message;
      return;
    }
    if (error && error.code !== 'GAME_OVER') {
      const then = handsText(error.hand_index + 1, error.hand_index + 1);
      preview.textContent = `Then ${then} no longer scores: ${error.message}`;
      return;
    }
    if (error) {
      later = { first: error.hand_index + 1, last: hands.length, endsAt: error.hand_index };
      state = score(game, hands.slice(0, error.hand_index)).state;
    }
    const line = previewLine(game, handFromPick(r, pick, dealer), state.hands[index]);
    const fits =
      later &&
      `${handsText(later.first, later.last)} no longer fit${later.first === later.last ? 's' : ''}.`;
    preview.textContent = !later
      ? line
      : later.endsAt > index + 1
        ? `${line}. The game now ends at hand ${later.endsAt}, so ${fits}`
        : `${line} ${fits.replace(/^h/, 'H')}`;
    save.disabled = false;
  }

  async function onSave() {
    if (later && !confirming) {
      confirming = true;
      preview.textContent =
        `Set ${handsText(later.first, later.last)} aside? They are kept, and "Put them back" ` +
        'on the sheet undoes this.';
      save.textContent = 'Set aside and save';
      return;
    }
    save.disabled = true;
    const setAside = Boolean(later);
    let saved;
    try {
      saved = editing
        ? await editHand(id, editing, handFromPick(r, pick, dealer), { setAside })
        : await addHand(id, handFromPick(r, pick, dealer));
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
