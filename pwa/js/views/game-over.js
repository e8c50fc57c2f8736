// Game over: the winner, the summary, share (Web Share or copy, with a QR code), an editor
// link for another phone, and a rematch with the same seats. A game of a match (read from
// the server when online) shows the match score, and its rematch starts the match's next game.
import { getGame, putGame, updateGame } from '../store.js';
import * as api from '../api.js';
import { h, go, toast } from '../ui.js';
import { score, sideName, seatName, seatsOf, bidLabel, awardLabel, unit } from '../game.js';
import { localGameFrom, syncNow } from '../sync.js';
import { endSentence } from '../words.js';
import { timeBanner } from '../parts/round-clock.js';
import { matchSentence, readMatch } from '../parts/match-line.js';

/** Render the game-over (and sharing) screen. */
export async function render(main, id) {
  let alive = true; // a draw still running when the user has moved on must not paint over the next screen
  let match = null; // the game's match as the server last said (null: none, or not known)
  const draw = async () => {
    const game = await getGame(id);
    if (!alive) return;
    if (!game) {
      go('#/');
      return;
    }
    const nodes = await screen(game, match);
    if (alive) main.replaceChildren(...nodes);
  };
  const refresh = (m) => {
    if (m && alive) {
      match = m;
      draw();
    }
  };
  const onChange = (e) => {
    if (e.detail === id) {
      draw();
      if (match) readMatch(id).then(refresh);
    }
  };
  window.addEventListener('tally:changed', onChange);
  await draw();
  syncNow();
  readMatch(id).then(refresh);
  return () => {
    alive = false;
    window.removeEventListener('tally:changed', onChange);
  };
}

/** Start the match's next game on the server, keep it on this phone, open its sheet. */
async function nextGame(game, match) {
  let res;
  try {
    res = await api.request('POST', `/api/matches/${match.id}/games`, {
      body: { game_no: match.game_no + 1 },
      token: game.edit_token,
    });
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    toast('No signal: the next game of a match starts when online');
    return;
  }
  if (res.status !== 200 && res.status !== 201) {
    toast(api.errorMessage(res));
    return;
  }
  const g = res.body.game;
  if (!(await getGame(g.id))) {
    // the match's token reaches every game of the match
    // a tournament table's game keeps its way back to the table (views/table.js)
    await putGame({ ...localGameFrom(g, game.edit_token), table: game.table });
  }
  go(`#/g/${g.id}`);
}

async function screen(game, match) {
  const { state } = score(game);
  const out = [];
  const totals = state.totals.map((t, side) => `${sideName(game, side)} ${t}`).join(', ');
  if (state.game_over) {
    out.push(
      h(
        'h1',
        { class: 'winner' },
        state.winner === null // level at the hand limit: nobody won
          ? 'A tie!'
          : `${sideName(game, state.winner)} ${seatsOf(game.rules, state.winner).length > 1 ? 'win' : 'wins'}!`,
      ),
    );
    out.push(h('p', { class: 'turn', id: 'why-over' }, endSentence(game, state)));
    const timed = timeBanner(game, state); // "Rangers win on time, 4 marks to 2"
    if (timed) out.push(timed);
  } else {
    out.push(h('h1', {}, 'Share this game'));
  }
  out.push(
    h(
      'p',
      { class: 'turn' },
      `${totals} (${unit(game.rules)}) after ${game.hands.length} hand${game.hands.length === 1 ? '' : 's'}.`,
    ),
  );
  if (match) out.push(h('p', { class: 'turn', id: 'match-score' }, matchSentence(game, match)));
  const made = game.hands.filter((_, i) => state.hands[i].outcome === 'made').length;
  out.push(
    h(
      'p',
      { class: 'muted turn' },
      `${made} bids made, ${game.hands.length - made} set or reshuffled.`,
      ...bestHand(game, state),
    ),
  );

  if (game.hands.length) out.push(await race(game, state));
  if (game.crew?.id) {
    // a crew game: its players' statistics are one tap away (they need a signal)
    out.push(
      h(
        'p',
        {},
        h(
          'a',
          { class: 'btn', href: `#/crew/${game.crew.id}/stats`, id: 'crew-stats' },
          'The crew’s statistics',
        ),
      ),
    );
  }

  const shareUrl = game.share_url;
  const joinUrl = `${location.origin}/#/join/${game.id}/${game.edit_token}`;
  const shareBox = h(
    'section',
    { class: 'card stack', 'aria-labelledby': 'share-title' },
    h('h2', { id: 'share-title' }, 'Follow along (read-only)'),
  );
  if (shareUrl) {
    shareBox.append(
      h(
        'p',
        {},
        h(
          'a',
          { href: shareUrl, id: 'share-link', class: 'url', target: '_blank', rel: 'noopener' },
          shareUrl,
        ),
      ),
      h(
        'button',
        { type: 'button', class: 'primary', id: 'share', onclick: () => share(shareUrl, totals) },
        navigator.share ? 'Share link' : 'Copy link',
      ),
      await qrFigure(shareUrl, 'QR code of the read-only link'),
    );
  } else {
    shareBox.append(
      h(
        'p',
        { class: 'muted' },
        game.created && game.share_url === null
          ? 'Sharing is off.'
          : 'The share link appears once this phone has been online.',
      ),
    );
  }
  if (game.created) {
    shareBox.append(
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          { type: 'button', id: 'rotate', onclick: () => setShare(game, 'rotate') },
          shareUrl ? 'New link' : 'Share again',
        ),
        shareUrl
          ? h(
              'button',
              { type: 'button', id: 'revoke', onclick: () => setShare(game, 'revoke') },
              'Stop sharing',
            )
          : null,
      ),
    );
  }
  const joinBox = h(
    'details',
    { class: 'card' },
    h('summary', { class: 'btn' }, 'Let another phone keep score'),
    h('p', {}, 'Anyone with this link can change the score. Show it only at the table.'),
    h(
      'button',
      { type: 'button', id: 'copy-join', onclick: () => copy(joinUrl, 'Editor link copied') },
      'Copy editor link',
    ),
  );
  joinBox.addEventListener(
    'toggle',
    async () => {
      if (joinBox.open && !joinBox.querySelector('svg'))
        joinBox.append(await qrFigure(joinUrl, 'QR code of the editor link'));
    },
    { once: false },
  );
  out.push(shareBox, joinBox);
  out.push(
    h(
      'div',
      { class: 'actions' },
      h(
        'a',
        { class: state.game_over ? 'btn' : 'btn primary', href: `#/g/${game.id}` },
        state.game_over ? 'Sheet' : 'Back to the sheet',
      ),
      // a table with its own link signs each game there first (views/table-phone.js)
      state.game_over && match && !match.decided && !game.table?.startsWith('#/table/')
        ? h(
            'button',
            {
              type: 'button',
              class: 'primary',
              id: 'next-game',
              onclick: () => nextGame(game, match),
            },
            `Next game (game ${match.game_no + 1})`,
          )
        : null,
      // a tournament table's decided match goes back to its table; a casual one offers a rematch
      state.game_over &&
        game.table &&
        (!(match && !match.decided) || game.table.startsWith('#/table/'))
        ? h('a', { class: 'btn primary', href: game.table, id: 'to-table' }, 'Your table')
        : null,
      state.game_over && !(match && !match.decided) && !game.table
        ? h('a', { class: 'btn primary', href: `#/new/${game.id}`, id: 'rematch' }, 'Rematch')
        : null,
    ),
  );
  return out;
}

/**
 * The score race, hand by hand, from the local game (works offline: charts.js is precached).
 * Imported here, not at the top: the charts load only when this screen draws the race.
 */
async function race(game, state) {
  const { raceSection, scoreRace } = await import('../charts.js');
  const start = game.start_totals || state.totals.map(() => 0);
  const { target, scoring } = game.rules;
  const names = state.totals.map((_, side) => sideName(game, side));
  return raceSection(h, scoreRace(target, scoring, start, state.hands, state.winner), names);
}

function bestHand(game, state) {
  let best = -1;
  state.hands.forEach((r, i) => {
    if (
      r.outcome === 'made' &&
      (best < 0 || bidValue(game, r.bid) > bidValue(game, state.hands[best].bid))
    )
      best = i;
  });
  if (best < 0) return [];
  const r = state.hands[best];
  return [
    ` Biggest bid made: ${seatName(game, r.bidder)}, ${bidLabel(game.rules, r.bid)} (${awardLabel(game, r)}).`,
  ];
}

const bidValue = (game, bid) => (typeof bid === 'number' ? bid : bid.marks * game.rules.mark_value);

async function qrFigure(text, alt) {
  const { qrSvg } = await import('../parts/qr-code.js');
  return qrSvg(text, alt);
}

/** Rotate or revoke the read-only link (needs the network: the old link must stop working now). */
async function setShare(game, action) {
  let res;
  try {
    res = await api.shareGame(game.id, game.edit_token, { action });
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    toast('No signal: try again when online');
    return;
  }
  if (res.status !== 200) {
    toast(api.errorMessage(res));
    return;
  }
  await updateGame(game.id, (g) => {
    g.share_url = res.body.share_url;
    g.share_token = res.body.share_token;
  });
  toast(
    action === 'revoke'
      ? 'The old link no longer works'
      : 'New link made; the old one no longer works',
  );
  window.dispatchEvent(new CustomEvent('tally:changed', { detail: game.id }));
}

async function share(url, text) {
  if (navigator.share) {
    try {
      await navigator.share({ title: 'Tally 42', text: `Texas 42: ${text}`, url });
      return;
    } catch (err) {
      if (err.name === 'AbortError') return;
    }
  }
  await copy(url, 'Link copied');
}

async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    toast(done);
  } catch {
    toast(text);
  }
}
