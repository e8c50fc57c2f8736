// Start screen: the games on this phone, newest first, and "New game".
import { allGames } from '../store.js';
import { h } from '../ui.js';
import { score, sideName, sideCount, unit } from '../game.js';

/** Render the list of games. */
export async function render(main) {
  const games = (await allGames()).sort((a, b) => b.created_at - a.created_at);
  const items = games.map((game) => {
    const { state } = score(game);
    const totals = state ? state.totals : [];
    const line = totals.map((t, side) => `${sideName(game, side)} ${t}`).join(' · ');
    const when = new Date(game.created_at).toLocaleDateString();
    const unsynced = game.hands.filter((x) => x.sync !== 'synced').length + (game.created ? 0 : 1);
    return h('li', {}, h('a', { class: 'btn', href: `#/g/${game.id}` },
      h('span', {}, line || `${sideCount(game.rules)} sides`),
      h('span', { class: 'muted' }, `${unit(game.rules)}${state && state.game_over ? ', over' : ''} · ${when}`,
        unsynced ? h('span', { class: 'sync local' }, ` ${unsynced} on this phone only`) : null)));
  });
  main.append(
    h('h1', {}, 'Your games'),
    items.length ? h('ul', { class: 'list' }, items)
      : h('p', { class: 'muted' }, 'No games yet. A new game works without a signal once the app has loaded.'),
    h('div', { class: 'actions' }, h('a', { class: 'btn primary', href: '#/new', id: 'new-game' }, 'New game')),
  );
}
