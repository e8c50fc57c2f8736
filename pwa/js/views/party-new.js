// "Run a progressive party": the director names it, picks the rules (house rules as the
// new-game form takes them), what a round lasts (a
// game, or a number of hands), how many rounds, and pastes the players one a line; POST
// /api/parties. The director and public tokens are kept on this phone (party.js).
import { loadRulesets } from '../actions.js';
import * as api from '../api.js';
import { h, go, toast, choiceButtons } from '../ui.js';
import { call } from '../director.js';
import { sideCount } from '../game.js';
import { keepParty, pastedNames } from '../party.js';
import { drawHouseRules, presetSelect } from '../parts/house-rules.js';
import { applyOverrides, RulesError } from '../rules.js';

const OFFLINE = 'No signal: making a party needs the network. Try again when online.';

/** Render the form. */
export async function render(main) {
  // four at a table, two partnerships: rulesets of four players and two sides
  const presets = (await loadRulesets()).filter(
    (p) => sideCount(p) === 2 && (p.players ?? 4) === 4,
  );
  main.append(h('h1', {}, 'Run a progressive party'));
  if (!presets.length) {
    main.append(
      h(
        'p',
        { class: 'banner' },
        'The rules have not been loaded yet. Open the app with a signal.',
      ),
    );
    return;
  }
  let preset = presets.find((p) => p.id === 'straight-42') || presets[0];
  let length = 'hands';
  const overrides = {};
  const houseBox = h('fieldset', {});
  const name = h('input', { type: 'text', id: 'party-name', autocomplete: 'off', maxlength: 80 });
  const rulesPicker = presetSelect(
    'party-preset',
    () => overrides,
    (picked) => {
      preset = picked;
      drawHouseRules(houseBox, preset, overrides);
      drawLength();
    },
  );
  rulesPicker.fill(presets, preset.id);
  const number = (id, value, max) =>
    h('input', { type: 'number', id, min: 1, max, step: 1, inputmode: 'numeric', value });
  const hands = number('party-hands', '4', 20);
  const rounds = number('party-rounds', '4', 60);
  const players = h('textarea', {
    id: 'party-players',
    class: 'party-players',
    rows: 8,
    autocomplete: 'off',
    placeholder: 'Ann\nBo\nCy\nDi',
  });
  const lengthBox = h('fieldset', {});
  const handsRow = h('label', { for: 'party-hands' }, 'Hands in a round', hands);
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });

  function drawLength() {
    const marks = preset.scoring !== 'points';
    if (!marks) length = 'game';
    const options = marks
      ? [
          ['hands', 'A number of hands'],
          ['game', 'A game'],
        ]
      : [['game', 'A game']];
    lengthBox.replaceChildren(
      h('legend', {}, 'A round is'),
      choiceButtons(
        'A round is',
        options,
        length,
        (v) => {
          length = v;
        },
        drawLength,
      ),
      ...(marks
        ? []
        : [h('p', { class: 'muted' }, 'These rules count points: a round is a game.')]),
    );
    handsRow.hidden = length !== 'hands';
  }

  async function submit(event) {
    event.preventDefault();
    const say = (words, field) => {
      error.textContent = words;
      error.hidden = false;
      field?.focus();
    };
    error.hidden = true;
    if (!name.value.trim()) return say('Give the party a name.', name);
    try {
      applyOverrides(preset, overrides);
    } catch (err) {
      if (err instanceof RulesError) return say(err.message);
      throw err;
    }
    const names = pastedNames(players.value);
    const body = {
      name: name.value.trim(),
      ruleset: preset.id,
      ...(Object.keys(overrides).length ? { rules: { ...overrides } } : {}),
      rounds: Number(rounds.value),
      hands_per_round: length === 'hands' ? Number(hands.value) : null,
      players: names,
    };
    const res = await call('POST', '/api/parties', null, body);
    if (res === null) return say(OFFLINE);
    if (res.status !== 201) return say(api.errorMessage(res));
    const party = res.body;
    await keepParty(party.id, {
      name: party.name,
      token: party.director_token,
      public_token: party.public_token,
    });
    toast(`${party.name} is made with ${names.length} players`);
    go(`#/party/${party.id}`);
  }

  drawHouseRules(houseBox, preset, overrides);
  drawLength();
  main.append(
    h(
      'form',
      { class: 'stack', novalidate: true, onsubmit: submit },
      h('label', { for: 'party-name' }, h('strong', {}, 'Name'), name),
      h('div', {}, h('label', { for: 'party-preset' }, h('strong', {}, 'Rules')), rulesPicker.el),
      houseBox,
      lengthBox,
      handsRow,
      h('label', { for: 'party-rounds' }, h('strong', {}, 'Rounds'), rounds),
      h(
        'label',
        { for: 'party-players' },
        h('strong', {}, 'Players, one a line'),
        players,
        h('span', { class: 'muted' }, 'Partners change every round; each player keeps a total.'),
      ),
      error,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary', id: 'make-party' }, 'Make the party'),
      ),
    ),
  );
}
