// One crew: its roster, its link and QR code for the crew's other phones, the way to its
// statistics and to tonight's flights by rating, and a new tournament for the crew seeded by its ratings. The roster is read
// again when online; offline the copy on this phone shows, with the names made here and not
// yet sent marked as such.
import { getCrew, joinLink, refreshCrew } from '../crews.js';
import { allGames } from '../store.js';
import { h, go, toast } from '../ui.js';

/** Render the crew screen. */
export async function render(main, id) {
  let crew = await getCrew(id);
  if (!crew) {
    go('#/crews');
    return;
  }
  let alive = true;
  const draw = async () => {
    const games = (await allGames()).filter((g) => g.crew?.id === id);
    if (alive) main.replaceChildren(...(await screen(crew, games)).filter(Boolean));
  };
  await draw();
  refreshCrew(id).then((fresh) => {
    if (fresh && alive) {
      crew = fresh;
      draw();
    }
  });
  return () => {
    alive = false;
  };
}

async function screen(crew, games) {
  const link = joinLink(crew);
  const refused = games.filter((g) => g.crew.error);
  const roster = crew.players.length
    ? h(
        'ul',
        { class: 'roster', id: 'roster' },
        crew.players.map((p) =>
          h('li', {}, p.name, p.local ? h('span', { class: 'muted' }, ' (not sent yet)') : null),
        ),
      )
    : h(
        'p',
        { class: 'muted', id: 'roster' },
        'Nobody on the list yet: names typed at a new game for this crew join it.',
      );
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({
          title: crew.name,
          text: `Join ${crew.name} on Tally 42`,
          url: link,
        });
        return;
      } catch (err) {
        if (err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast('Link copied');
    } catch {
      toast('Copy the link from the box');
    }
  };
  const { qrSvg } = await import('../parts/qr-code.js');
  return [
    h('h1', {}, crew.name),
    h(
      'div',
      { class: 'actions' },
      h(
        'a',
        { class: 'btn primary', href: `#/crew/${crew.id}/stats`, id: 'crew-stats' },
        'Statistics',
      ),
      h('a', { class: 'btn', href: `#/crew/${crew.id}/seasons`, id: 'crew-seasons' }, 'Seasons'),
      h(
        'a',
        { class: 'btn', href: `#/crew/${crew.id}/flights`, id: 'crew-flights' },
        'Split into flights',
      ),
      h(
        'a',
        {
          class: 'btn',
          href: '#/new',
          id: 'crew-new-game',
          onclick: () => sessionStorage.setItem('tally42-new-game-crew', crew.id),
        },
        'New game',
      ),
    ),
    h('section', { class: 'card stack' }, h('h2', {}, `Players (${crew.players.length})`), roster),
    refused.length
      ? h(
          'p',
          { class: 'banner', role: 'alert' },
          `${refused.length} game${refused.length === 1 ? ' is' : 's are'} not in the crew's numbers: ${refused[0].crew.error}`,
        )
      : null,
    h(
      'p',
      { class: 'muted' },
      `${games.length} game${games.length === 1 ? '' : 's'} for this crew on this phone.`,
    ),
    h(
      'p',
      {},
      h(
        'a',
        {
          class: 'btn',
          href: '#/events/new',
          id: 'crew-new-event',
          onclick: () => sessionStorage.setItem('tally42-new-event-crew', crew.id),
        },
        'New tournament, seeded by rating',
      ),
    ),
    h(
      'section',
      { class: 'card stack' },
      h('h2', {}, 'Bring in another phone'),
      h(
        'p',
        { class: 'muted' },
        'Anyone with this link can see the crew’s statistics and add its games. Share it only with the crew.',
      ),
      h('input', {
        type: 'text',
        readonly: true,
        value: link,
        id: 'crew-link',
        'aria-label': 'The crew’s link',
      }),
      h('button', { type: 'button', onclick: share }, 'Share the link'),
      h('figure', { class: 'qr-box' }, qrSvg(link, `QR code of ${crew.name}'s link`)),
    ),
    h('p', {}, h('a', { class: 'btn', href: '#/crews' }, 'Crews')),
  ];
}
