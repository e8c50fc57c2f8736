// Backup screen: "Back up this phone" writes every game (and the changes not yet sent) to one
// file; "Restore from a file" reads it back, adding what is missing and overwriting nothing.
// Works offline. The backup code loads only when this screen opens.
import { h, toast } from '../ui.js';

/** Render the Backup screen. */
export async function render(main) {
  const backup = await import('../backup.js');
  const report = h('ul', { class: 'report', id: 'restore-report', 'aria-live': 'polite' });
  const file = h('input', {
    type: 'file',
    id: 'restore-file',
    accept: 'application/json,.json',
    class: 'visually-hidden',
    'aria-label': 'Backup file to restore',
    tabindex: '-1', // reached through the "Restore from a file" button
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
      } catch (err) {
        report.replaceChildren(h('li', { class: 'restored error', role: 'alert' }, err.message));
      }
      file.value = '';
    },
  });
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
    h('div', { class: 'actions' }, h('a', { class: 'btn', href: '#/' }, 'Your games')),
  );
}
