// Join a crew from its link: #/crew-join/<crew id>/<crew token>. The token lives in the
// fragment only (never in a server log); it is kept on this phone and removed from the
// address bar and history at once.
import { getCrew, joinCrew } from '../crews.js';
import { h, go } from '../ui.js';

/** Keep the crew's id and token, read its roster, open the crew. */
export async function render(main, id, token) {
  history.replaceState(null, '', `#/crew/${id}`);
  const known = await getCrew(id);
  if (known?.token === token) {
    go(`#/crew/${id}`);
    return;
  }
  main.append(h('h1', {}, 'Joining the crew…'));
  let out;
  try {
    out = await joinCrew(id, token);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    out = {
      error: 'No signal: joining a crew needs the network once. Open the link again when online.',
    };
  }
  if (out.error) {
    const gone = [401, 403, 404].includes(out.status);
    main.replaceChildren(
      h('h1', {}, 'Could not join the crew'),
      h(
        'p',
        { class: 'banner', role: 'alert' },
        gone
          ? 'This link does not open a crew. Ask someone in the crew for its link again.'
          : out.error,
      ),
      h('div', { class: 'actions' }, h('a', { class: 'btn', href: '#/crews' }, 'Crews')),
    );
    return;
  }
  go(`#/crew/${id}`);
}
