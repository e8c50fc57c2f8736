// The progressive parties this phone runs (#/parties), each opening its director screen, and
// "Run a progressive party". The list is this phone's own (IndexedDB, with each director
// token): a party is run from the phone that made it.
import { h } from '../ui.js';
import { myParties } from '../party.js';

/** Render the list. */
export async function render(main) {
  const parties = await myParties();
  main.append(
    h('h1', {}, 'Progressive parties'),
    parties.length
      ? h(
          'ul',
          { class: 'list', id: 'parties' },
          parties.map((p) =>
            h(
              'li',
              {},
              h('a', { class: 'btn game', href: `#/party/${p.id}` }, h('strong', {}, p.name)),
            ),
          ),
        )
      : h(
          'p',
          { class: 'muted' },
          'No parties on this phone yet. Players come as themselves; partners change every round and each keeps a total.',
        ),
    h(
      'div',
      { class: 'actions' },
      h(
        'a',
        { class: 'btn primary', href: '#/parties/new', id: 'new-party' },
        'Run a progressive party',
      ),
    ),
  );
}
