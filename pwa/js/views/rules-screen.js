// The Rules screen: the chosen preset and each house rule in plain words, generated from the
// ruleset's knobs (words.js), for a game (#/g/<id>/rules) or a preset (#/rules/<preset>).
import { getGame } from '../store.js';
import { loadRulesets } from '../actions.js';
import { h } from '../ui.js';
import { rulesBody } from '../parts/rules-body.js';

/** Render the rules of a game (id) or, with no game, of a preset (presetId). */
export async function render(main, id, presetId) {
  const presets = await loadRulesets();
  const game = id ? await getGame(id) : null;
  const preset = presets.find((p) => p.id === (game ? game.ruleset : presetId));
  const rules = game ? game.rules : preset;
  const back = game
    ? h('a', { class: 'btn', href: `#/g/${game.id}` }, 'Back to the sheet')
    : h('a', { class: 'btn', href: '#/new' }, 'New game');
  if (!rules) {
    main.append(
      h('h1', {}, 'Rules'),
      h(
        'p',
        { class: 'banner' },
        'These rules are not on this phone yet. Open the app once with a signal.',
      ),
      h('div', { class: 'actions' }, back),
    );
    return;
  }
  const changed = game && Object.keys(game.overrides || {}).length;
  main.append(
    ...[
      h('h1', {}, `Rules: ${preset?.name || rules.name}`),
      changed
        ? h('p', { class: 'muted' }, 'With this game’s own house rules, as set when it started.')
        : null,
      ...rulesBody(rules, preset ? preset.description : rules.description),
      h('div', { class: 'actions' }, back),
    ].filter(Boolean),
  );
}
