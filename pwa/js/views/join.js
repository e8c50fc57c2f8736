// Join a game from another phone as an editor: the link carries the id and edit token.
import * as api from '../api.js';
import { loadRulesets } from '../actions.js';
import { getGame, putGame } from '../store.js';
import { localGameFrom } from '../sync.js';
import { h, go } from '../ui.js';

/** Fetch the game with the token from the link, keep it on this phone, open its sheet. */
export async function render(main, id, token) {
  history.replaceState(null, '', `#/g/${id}`); // keep the token out of the address bar and history
  const known = await getGame(id);
  if (known) {
    go(`#/g/${id}`);
    return;
  }
  main.append(h('h1', {}, 'Joining the game…'));
  let res;
  try {
    res = await api.getGame(id, token);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    main.append(
      h(
        'p',
        { class: 'banner' },
        'No signal: joining needs the network once. Try again when online.',
      ),
    );
    return;
  }
  if (res.status !== 200) {
    // a wrong, old or revoked editor link: say what to do about it, not the server's words
    const gone = [401, 403, 404].includes(res.status);
    main.replaceChildren(
      h('h1', {}, 'Could not join the game'),
      h(
        'p',
        { class: 'banner', role: 'alert' },
        gone
          ? 'This editor link does not open a game any more. Ask the scorekeeper for a new one.'
          : api.errorMessage(res),
      ),
      h('div', { class: 'actions' }, h('a', { class: 'btn', href: '#/' }, 'Your games')),
    );
    return;
  }
  const g = res.body;
  await loadRulesets();
  await putGame(localGameFrom({ ...g, id }, token, res.etag));
  go(`#/g/${id}`);
}
