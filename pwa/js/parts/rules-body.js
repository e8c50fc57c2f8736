// The rules of a ruleset in plain words, as nodes: the Rules screen's body, and the new-game
// form's "What these rules mean". Every sentence is generated from the knobs (words.js).
import { h } from '../ui.js';
import { explainRules } from '../words.js';

/** The explanation of a ruleset as nodes: the preset's description, then one part a topic. */
export function rulesBody(rules, description) {
  return [
    description ? h('p', { class: 'rules-desc' }, description) : null,
    ...explainRules(rules).map(([title, sentences]) =>
      h(
        'section',
        { class: 'rules-part' },
        h('h2', {}, title),
        h(
          'ul',
          {},
          sentences.map((s) => h('li', {}, s)),
        ),
      ),
    ),
  ];
}
