// A hand in four taps: bidder, bid, count (or made/set), save; with a preview of what happens.
import { getGame } from '../store.js';
import { RulesError } from '../rules.js';
import { addHand, editHand } from '../actions.js';
import { h, go, toast } from '../ui.js';
import { score, seatName, sideName, sideCount, shakes, winnableBids, bidLabel, isAllTricks, previewLine, unit } from '../game.js';

const GRID_MAX = 90; // above this many points a hand's count is typed, not tapped

/** Render the hand form; handNo set means editing that hand. */
export async function render(main, id, handNo, firstBidder) {
  const game = await getGame(id);
  if (!game) { go('#/'); return; }
  const editing = handNo ? Number(handNo) : null;
  const old = editing ? game.hands[editing - 1] : null;
  if (editing && !old) { go(`#/g/${id}`); return; }
  const before = score(game, game.hands.slice(0, (editing || game.hands.length + 1) - 1)).state;
  if (!before) { go(`#/g/${id}`); return; }
  const dealer = old && old.dealer !== undefined ? old.dealer : before.next_dealer;
  const r = game.rules;
  const pick = { allPass: Boolean(old && old.bids && old.bid === undefined), bidder: old ? old.bidder : firstBidder !== undefined ? Number(firstBidder) : null, bid: old ? old.bid : null, result: old ? old.result || null : null, penalties: old && old.penalties ? [...old.penalties] : [] };

  const seatsBox = h('div', { class: 'seats', role: 'group', 'aria-labelledby': 'step-bidder' });
  const bidsBox = h('div', { class: 'stack', role: 'group', 'aria-labelledby': 'step-bid' });
  const countBox = h('div', { class: 'stack', role: 'group', 'aria-labelledby': 'step-count' });
  const preview = h('p', { class: 'preview', id: 'preview', 'aria-live': 'polite' });
  const save = h('button', { type: 'button', class: 'primary', id: 'save', disabled: true, onclick: onSave }, editing ? 'Save changes' : 'Save hand');
  const bids = winnableBids(r, dealer);
  const penaltiesBox = h('details', { class: 'penalties', open: Boolean(old && old.penalties && old.penalties.length) });
  const countTitle = h('h2', { class: 'step-title', id: 'step-count' });
  const countHeading = (bid) => {
    if (pick.allPass) return 'Result';
    if (sideCount(r) > 2) return 'What each side took';
    if (bid !== null && (typeof bid === 'object' && bid.contract === 'nello')) return 'Result';
    return bid !== null && isAllTricks(r, bid) && unit(r) === 'marks' ? 'Result' : 'Count the bidders took';
  };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  const choice = (label, selected, onclick, extra = {}) =>
    h('button', { type: 'button', 'aria-pressed': String(Boolean(selected)), onclick, ...extra }, label);

  function drawSeats() {
    const order = Array.from({ length: r.players }, (_, i) => (dealer + 1 + i) % r.players);
    const seats = order.map((seat) => choice(seatName(game, seat), !pick.allPass && pick.bidder === seat,
      () => { pick.bidder = seat; pick.allPass = false; drawAll(); }, { 'data-seat': seat }));
    if (r.all_pass === 'reshuffle') {
      seats.push(choice('Everyone passed', pick.allPass, () => { pick.allPass = true; drawAll(); }, { 'data-seat': 'pass' }));
    }
    seatsBox.replaceChildren(...seats);
  }

  function drawAll() { drawSeats(); drawBids(); drawCount(); drawPenalties(); update(); }

  function drawBids() {
    if (pick.allPass) { bidsBox.replaceChildren(h('p', { class: 'muted' }, 'No bid: the dominoes are reshuffled.')); return; }
    const row = (list, cls) => list.length ? h('div', { class: cls }, list.map((bid) => choice(bidLabel(r, bid), same(pick.bid, bid),
      () => { if (!same(pick.bid, bid) && sideCount(r) <= 2) pick.result = null; pick.bid = bid; drawBids(); drawCount(); update(); }, { 'data-bid': JSON.stringify(bid) }))) : null;
    bidsBox.replaceChildren(...[row(bids.points, 'grid'), row(bids.marks, 'grid wide'), row(bids.contracts, 'grid wide')].filter(Boolean));
  }

  function drawCount() {
    const bid = pick.bid;
    countTitle.textContent = countHeading(bid);
    if (pick.allPass) { countBox.replaceChildren(); return; }
    if (sideCount(r) > 2 && !(typeof bid === 'object' && bid && bid.contract === 'nello')) { drawBySide(); return; }
    if (bid === null) { countBox.replaceChildren(h('p', { class: 'muted' }, 'Pick the bid first.')); return; }
    const setResult = (result) => { pick.result = result; drawCount(); update(); };
    if (typeof bid === 'object' && bid.contract === 'nello') {
      countBox.replaceChildren(h('div', { class: 'row' },
        choice('Made: no tricks', pick.result && pick.result.tricks === 0, () => setResult({ tricks: 0 }), { 'data-count': 'made' }),
        choice('Set: took a trick', pick.result && pick.result.tricks > 0, () => setResult({ tricks: 1 }), { 'data-count': 'set' })));
      return;
    }
    if (isAllTricks(r, bid) && unit(r) === 'marks') {
      const took = pick.result && pick.result.captured;
      countBox.replaceChildren(h('div', { class: 'row' },
        choice('Made: every trick', took === r.points_per_hand, () => setResult({ captured: r.points_per_hand }), { 'data-count': 'made' }),
        choice('Set', took !== undefined && took !== null && took < r.points_per_hand, () => setResult({ captured: 0, declared: 'set' }), { 'data-count': 'set' })));
      return;
    }
    if (r.points_per_hand > GRID_MAX) {
      const input = h('input', { type: 'number', id: 'count-input', min: 0, max: r.points_per_hand, inputmode: 'numeric',
        value: pick.result ? pick.result.captured : '', oninput: () => { pick.result = input.value === '' ? null : { captured: Number(input.value) }; update(); } });
      countBox.replaceChildren(h('label', { for: 'count-input' }, `Points the bidders took (0 to ${r.points_per_hand})`), input);
      return;
    }
    const need = isAllTricks(r, bid) ? r.points_per_hand : bid;
    const cells = Array.from({ length: r.points_per_hand + 1 }, (_, n) => choice(String(n), pick.result && pick.result.captured === n,
      () => setResult({ captured: n }), { 'data-count': n, class: n >= need ? 'made' : null, 'aria-label': `took ${n}` }));
    countBox.replaceChildren(h('div', { class: 'grid count' }, cells));
  }

  /** More than two sides (Moon, 140, three-hand): every side's take is typed. */
  function drawBySide() {
    const n = sideCount(r);
    const values = (pick.result && pick.result.by_side) || new Array(n).fill('');
    const inputs = Array.from({ length: n }, (_, side) => {
      const input = h('input', { type: 'number', id: `side-${side}`, min: 0, max: r.points_per_hand, inputmode: 'numeric', value: values[side],
        oninput: () => {
          const all = inputs.map((x) => x.value);
          pick.result = all.every((v) => v !== '') ? { by_side: all.map(Number) } : null;
          update();
        } });
      return input;
    });
    countBox.replaceChildren(h('p', { class: 'muted' }, `What each took (${r.points_per_hand} in all).`),
      h('div', { class: 'names' }, inputs.map((input, side) => h('label', { for: `side-${side}` }, sideName(game, side), input))));
  }

  const reneged = () => pick.penalties.some((p) => p.kind === 'renege');

  /** Penalties called during the hand: a renege decides it; table talk and exposed tiles add to it. */
  function drawPenalties() {
    const kinds = [['renege', 'Renege'], ['table_talk', 'Table talk'], ['exposed_domino', 'Exposed domino']];
    const rows = kinds.map(([kind, label]) => h('div', { class: 'row', role: 'group', 'aria-label': label },
      h('span', { class: 'penalty-kind' }, label),
      Array.from({ length: sideCount(r) }, (_, side) => {
        const on = pick.penalties.some((p) => p.kind === kind && p.side === side);
        return choice(`by ${sideName(game, side)}`, on, () => {
          pick.penalties = on ? pick.penalties.filter((p) => !(p.kind === kind && p.side === side))
            : [...pick.penalties, { kind, side }];
          drawPenalties(); update();
        }, { 'data-penalty': `${kind}-${side}` });
      })));
    penaltiesBox.replaceChildren(h('summary', { class: 'btn' }, pick.penalties.length ? `Penalties (${pick.penalties.length})` : 'Penalty called?'), ...rows);
  }

  function candidate() {
    if (pick.allPass) return { dealer, bids: new Array(r.players).fill('pass') };
    const hand = { dealer, bidder: pick.bidder, bid: pick.bid };
    if (pick.result && !reneged()) hand.result = pick.result;
    if (pick.penalties.length) hand.penalties = pick.penalties;
    if (old && old.trump !== undefined) hand.trump = old.trump;
    return hand;
  }

  function update() {
    save.disabled = true;
    if (!pick.allPass && (pick.bidder === null || pick.bid === null || (!pick.result && !reneged()))) {
      preview.textContent = pick.bidder === null ? 'Who won the bid?' : pick.bid === null ? 'What was the bid?' : 'How did it go?';
      return;
    }
    const hands = [...game.hands];
    const index = editing ? editing - 1 : hands.length;
    hands[index] = { hand_no: index + 1, ...candidate() };
    const { state, error } = score(game, editing ? hands : hands.slice(0, index + 1));
    if (error && error.hand_index === index) { preview.textContent = error.message; return; }
    const result = state ? state.hands[index] : score(game, hands.slice(0, index + 1)).state.hands[index];
    preview.textContent = previewLine(game, candidate(), result) + (error ? ` (then hand ${error.hand_index + 1} no longer fits: ${error.message})` : '');
    save.disabled = Boolean(error);
  }

  async function onSave() {
    save.disabled = true;
    let saved;
    try {
      saved = editing ? await editHand(id, editing, candidate()) : await addHand(id, candidate());
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      preview.textContent = err.message;
      return;
    }
    toast(editing ? `Hand ${editing} changed; later hands re-scored` : 'Hand saved');
    go(score(saved).state.game_over ? `#/g/${id}/over` : `#/g/${id}`);
  }

  main.append(
    h('h1', {}, editing ? `Edit hand ${editing}` : `Hand ${game.hands.length + 1}`, h('span', { class: 'muted' }, ` · ${shakes(game, dealer)}`)),
    h('h2', { class: 'step-title', id: 'step-bidder' }, 'Bidder'), seatsBox,
    h('h2', { class: 'step-title', id: 'step-bid' }, 'Bid'), bidsBox,
    countTitle, countBox, penaltiesBox,
    h('div', { class: 'actions hand-bar' }, preview, h('div', { class: 'row' }, h('a', { class: 'btn', href: `#/g/${id}` }, 'Cancel'), save)),
  );
  drawAll();
}
