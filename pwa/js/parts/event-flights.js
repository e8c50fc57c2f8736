// "Split into A and B flights" on the director's screen (docs/tournaments.md
// "Flights"): before the start, a tournament made for a crew splits by the crew's ratings
// into this one (the stronger half of the teams, "..., A flight") and a new one (the rest,
// "..., B flight", with the same settings), kept on this phone as a tournament it made. Asks
// first, in words saying what will happen; the crew's token comes from this phone's crews.
import { keepEvent } from '../director.js';
import { h, toast } from '../ui.js';

/** The question asked before splitting `ev` (the director view). */
export function splitWords(ev) {
  const teams = ev.teams.filter((t) => !t.dropped).length;
  const top = Math.ceil(teams / 2);
  return (
    `Split ${ev.name} in two by the crew’s ratings? The ${top} strongest teams stay here, ` +
    `renamed “${ev.name}, A flight”; the other ${teams - top} move to a new tournament, ` +
    `“${ev.name}, B flight”, with the same settings and its own board and table links. ` +
    'This cannot be undone.'
  );
}

/** The part, given the screen's context (views/event.js): `flightsCard()` draws it. */
export function flightsPart(cx) {
  let made = null; // the B flight split off on this screen: a way to it

  async function split() {
    const ev = cx.ev;
    if (!ev || !cx.sure(splitWords(ev))) return;
    const { getCrew } = await import('../crews.js');
    const crew = await getCrew(ev.crew_id);
    if (!crew?.token)
      return cx.say(
        'This phone does not hold the crew this tournament was made for: open the crew’s link on this phone first, then split.',
      );
    const res = await cx.act(
      'POST',
      `/api/events/${cx.id}/flights`,
      { crew_token: crew.token },
      async ({ body }) => {
        made = body.b;
        await keepEvent(cx.id, { name: body.a.name });
        await keepEvent(made.id, {
          name: made.name,
          date: made.date,
          token: made.director_token,
          public_token: made.public_token,
          tables: {},
        });
        toast(`${made.name} is made`);
      },
    );
    // the way to the B flight, where the screen redrawn with fewer teams may have moved it
    if (res?.status === 201)
      document.getElementById('b-flight')?.scrollIntoView({ block: 'center' });
  }

  /** Before the start, for a tournament made for a crew: the split (from 4 teams in), and
   * the B flight made. */
  function flightsCard() {
    const ev = cx.ev;
    if (!ev?.crew_id || ev.started_at) return null;
    const teams = ev.teams.filter((t) => !t.dropped).length;
    return h(
      'section',
      { class: 'card stack', id: 'flights-card' },
      h('h2', {}, 'Flights'),
      made
        ? h(
            'div',
            { class: 'stack', id: 'b-flight' },
            h(
              'p',
              {},
              `The other teams are in ${made.name}, on this phone’s list of tournaments: check them in and start it there.`,
            ),
            h('a', { class: 'btn', href: `#/e/${made.id}` }, `Open ${made.name}`),
          )
        : h(
            'p',
            { class: 'muted' },
            'Two tournaments tonight, by the crew’s ratings: the stronger half of the teams plays here (A flight), the rest in a new tournament (B flight).',
          ),
      teams >= 4
        ? h(
            'button',
            { type: 'button', id: 'split-flights', onclick: split },
            'Split into A and B flights',
          )
        : made
          ? null
          : h(
              'p',
              { class: 'muted', id: 'split-later' },
              `A split needs at least 4 teams, two in each flight: ${teams} entered so far.`,
            ),
    );
  }

  return { flightsCard };
}
