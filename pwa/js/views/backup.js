// Backup screen: "Back up this phone" writes every game (and the changes not yet sent) to one
// file; "Restore from a file" reads it back, adding what is missing and overwriting nothing.
// Works offline. The backup code loads only when this screen opens.
import { h, toast } from '../ui.js';
import { syncNow } from '../sync.js';

/** Render the Backup screen. */
export async function render(main) {
  const backup = await import('../backup.js');
  const perGame = h('div', { id: 'one-game' });
  const listGames = async () => perGame.replaceChildren(...(await oneGame(backup)));
  const report = h('ul', { class: 'report', id: 'restore-report', 'aria-live': 'polite' });
  const file = h('input', {
    type: 'file',
    id: 'restore-file',
    accept: 'application/json,.json',
    hidden: true, // opened by the "Restore from a file" button
    'aria-label': 'Backup file to restore',
    onchange: async () => {
      const chosen = file.files[0];
      if (!chosen) return;
      report.replaceChildren(h('li', { class: 'muted' }, 'Restoring…'));
      try {
        const lines = await backup.restore(await chosen.text());
        report.replaceChildren(
          ...(lines.length
            ? lines.map((l) => h('li', { class: `restored ${l.outcome}` }, l.text))
            : [h('li', { class: 'muted' }, 'The file holds no games.')]),
        );
        window.dispatchEvent(new CustomEvent('tally:changed', { detail: null }));
        syncNow(); // restored changes not yet sent go out when there is a signal
        await listGames();
      } catch (err) {
        report.replaceChildren(h('li', { class: 'restored error', role: 'alert' }, err.message));
      }
      file.value = '';
    },
  });
  await listGames();
  main.append(
    h('h1', {}, 'Backup'),
    h(
      'p',
      {},
      'Keep every game of this phone in one file, to bring them to a new phone or back after a reset.',
    ),
    h(
      'p',
      {},
      h(
        'button',
        {
          class: 'primary',
          id: 'backup-now',
          onclick: async () => {
            const count = await backup.backUp();
            toast(`Backed up ${count} game${count === 1 ? '' : 's'}`);
          },
        },
        'Back up this phone',
      ),
    ),
    h('p', { class: 'muted' }, 'The file can change your games: keep it as private as the phone.'),
    h('h2', {}, 'Restore'),
    h('p', {}, 'Games already on this phone are never changed; the others are added.'),
    h(
      'p',
      {},
      h('button', { id: 'restore-button', onclick: () => file.click() }, 'Restore from a file'),
      file,
    ),
    report,
    perGame,
    h('div', { class: 'actions' }, h('a', { class: 'btn', href: '#/' }, 'Your games')),
  );
}

/** "One game as a file": each game with JSON (to import) and CSV (a spreadsheet) buttons. */
async function oneGame(backup) {
  const games = await backup.gamesForExport();
  if (!games.length) return [];
  const save = (game, format) => () =>
    backup.exportGame(game, format).catch((err) => toast(err.message));
  return [
    h('h2', {}, 'One game as a file'),
    h(
      'ul',
      { class: 'list export-games' },
      games.map(({ game, words }) =>
        h(
          'li',
          { class: 'card' },
          h('p', {}, words),
          h(
            'p',
            {},
            h(
              'button',
              { class: 'btn', 'data-export': `${game.id}:json`, onclick: save(game, 'json') },
              'JSON',
            ),
            ' ',
            h(
              'button',
              { class: 'btn', 'data-export': `${game.id}:csv`, onclick: save(game, 'csv') },
              'CSV (spreadsheet)',
            ),
          ),
        ),
      ),
    ),
  ];
}
