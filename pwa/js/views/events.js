// The tournaments this phone runs (#/events), each opening its director screen, and "Run a
// tournament". The list is this phone's own (IndexedDB, with each director token): a
// tournament is directed from the phone that made it.
import { h } from '../ui.js';
import { myEvents } from '../director.js';

/** Render the list. */
export async function render(main) {
  const events = await myEvents();
  main.append(
    h('h1', {}, 'Tournaments'),
    events.length
      ? h(
          'ul',
          { class: 'list', id: 'events' },
          events.map((e) =>
            h(
              'li',
              {},
              h(
                'a',
                { class: 'btn game', href: `#/e/${e.id}` },
                h('strong', {}, e.name),
                h('span', { class: 'muted' }, e.date || ''),
              ),
            ),
          ),
        )
      : h(
          'p',
          { class: 'muted' },
          'No tournaments on this phone yet. Make one, add the teams, and each table plays its match on its own phone.',
        ),
    h(
      'div',
      { class: 'actions' },
      h('a', { class: 'btn primary', href: '#/events/new', id: 'new-event' }, 'Run a tournament'),
    ),
    h(
      'p',
      {},
      h(
        'a',
        { href: '#/parties', id: 'to-parties' },
        'Progressive parties: partners change every round',
      ),
    ),
    h(
      'p',
      { class: 'muted' },
      'Running a tournament needs a signal; the tables’ games work offline.',
    ),
  );
}
