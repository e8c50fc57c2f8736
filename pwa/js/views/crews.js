// Crews: the crews this phone belongs to, and starting a new one (docs/crews.md).
// Starting a crew needs a signal once (the server makes its token); after that its roster
// is kept here and its games can be played offline.
import { allCrews, startCrew } from '../crews.js';
import { h, go } from '../ui.js';

/** Render the list of crews and the "Start a crew" form. */
export async function render(main) {
  const crews = await allCrews();
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });
  const name = h('input', {
    type: 'text',
    id: 'crew-name',
    maxlength: 40,
    autocomplete: 'off',
    placeholder: 'Thursday table',
  });
  const form = h(
    'form',
    { class: 'stack card crew-start', novalidate: true },
    h('h2', {}, 'Start a crew'),
    h(
      'p',
      { class: 'muted' },
      'A crew is the people you play with: a family, a Thursday table, a club. Its games add up to everyone’s statistics. No accounts: share its link with the crew’s other phones.',
    ),
    h('label', { for: 'crew-name' }, 'The crew’s name'),
    name,
    error,
    h(
      'div',
      { class: 'actions' },
      h('button', { class: 'primary', id: 'start-crew' }, 'Start crew'),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    if (!name.value.trim()) {
      error.textContent = 'Give the crew a name, say “Thursday table”.';
      error.hidden = false;
      name.focus();
      return;
    }
    let out;
    try {
      out = await startCrew(name.value.trim());
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      out = { error: 'No signal: a crew starts on the server, so it needs a signal once.' };
    }
    if (out.error) {
      error.textContent = out.error;
      error.hidden = false;
      return;
    }
    go(`#/crew/${out.crew.id}`);
  });
  main.append(
    h('h1', {}, 'Crews'),
    crews.length
      ? h(
          'ul',
          { class: 'list' },
          crews.map((c) =>
            h(
              'li',
              {},
              h(
                'a',
                { class: 'btn', href: `#/crew/${c.id}` },
                h('strong', {}, c.name),
                h('span', { class: 'muted' }, `${c.players.length} players`),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'This phone is in no crew yet.'),
    form,
    h('p', {}, h('a', { class: 'btn', href: '#/' }, 'Your games')),
  );
}
