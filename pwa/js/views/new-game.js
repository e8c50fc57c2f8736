// New game: marks or points, a preset with house-rule switches, names, first shaker, carried
// score; or a match (best of 3 or 5, and who shakes first in each next game), made on the server.
import { applyOverrides, RulesError } from '../rules.js';
import { createGame, loadRulesets } from '../actions.js';
import * as api from '../api.js';
import { getGame, getMeta, putGame } from '../store.js';
import { localGameFrom } from '../sync.js';
import { shakerButtons, drawnLine } from '../parts/shaker-pick.js';
import { h, go, toast, choiceButtons } from '../ui.js';
import { seatName, sideName, seatsOf, sideCount, score } from '../game.js';
import { rulesBody } from '../parts/rules-body.js';
import { drawHouseRules } from '../parts/house-rules.js';

/** Render the new-game form; rematchId pre-fills it from a finished game. */
export async function render(main, rematchId) {
  const presets = await loadRulesets();
  const from = rematchId ? await getGame(rematchId) : null;
  if (!presets.length) {
    main.append(
      h('h1', {}, 'New game'),
      h(
        'p',
        { class: 'banner' },
        'The rules have not been loaded yet. Open the app once with a signal; after that new games work offline.',
      ),
    );
    return;
  }
  const form = h('form', { class: 'stack', novalidate: true });
  let scoring = from ? from.rules.scoring : 'marks';
  let preset = from ? presets.find((p) => p.id === from.ruleset) : null;
  const overrides = { ...(from ? from.overrides : {}) };
  let dealer = from ? (score(from).state?.next_dealer ?? 0) : 0;
  let bestOf = 1; // 1: one game; 3 or 5: a match, first to 2 or 3 wins
  let shakeRule = 'rotate';
  let drawn = false; // the first shaker was drawn by the app (the form says who drew)
  // a crew game: the crew's modules load only when this phone holds a crew
  const crews = (await getMeta('crews')) || [];
  const crewKit = crews.length
    ? await Promise.all([import('../parts/seat-picker.js'), import('../crews.js')])
    : null;
  // a rematch keeps its crew; "New game" on a crew's screen starts one for that crew
  const asked = sessionStorage.getItem('tally42-new-game-crew');
  sessionStorage.removeItem('tally42-new-game-crew');
  const wanted = from?.crew?.id || asked;
  let crew = crews.find((c) => c.id === wanted) || null;
  const crewBox = h('div');

  const scoringRow = h('div', { class: 'row', role: 'group', 'aria-label': 'Scoring' });
  const presetSelect = h('select', {
    id: 'preset',
    onchange: () => {
      preset = presets.find((p) => p.id === presetSelect.value);
      resetRules();
    },
  });
  const houseBox = h('fieldset', {}, h('legend', {}, 'House rules'));
  const namesBox = h('fieldset', {}, h('legend', {}, 'Teams and players (optional)'));
  const shakerBox = h('fieldset', {}, h('legend', {}, 'Who shakes first'));
  const carryBox = h('fieldset', {}, h('legend', {}, 'Score carried over from paper'));
  const matchBox = h('fieldset', { id: 'match-box' }, h('legend', {}, 'One game or a match'));
  const desc = h('p', { class: 'muted', id: 'preset-desc' });
  const error = h('p', { class: 'banner', role: 'alert', hidden: true });
  const carryError = h('p', {
    class: 'banner field-error',
    id: 'carry-error',
    role: 'alert',
    hidden: true,
  });
  const explained = h('div', { id: 'rules-explained' });
  const explainBox = h(
    'details',
    { class: 'card' },
    h('summary', { class: 'btn', id: 'explain' }, 'What these rules mean'),
    explained,
  );

  const rules = () => applyOverrides(preset, overrides);
  const nameInputs = [];

  function drawScoring() {
    scoringRow.replaceChildren(
      ...['marks', 'points'].map((kind) =>
        h(
          'button',
          {
            type: 'button',
            'aria-pressed': String(scoring === kind),
            onclick: () => {
              scoring = kind;
              preset = null;
              drawScoring();
              resetRules();
            },
          },
          kind === 'marks' ? 'Marks (to 7)' : 'Points (to 250)',
        ),
      ),
    );
  }

  function resetRules() {
    const fit = presets.filter((p) => p.scoring === scoring);
    if (!preset || preset.scoring !== scoring) {
      preset = fit[0] || presets[0];
      for (const k of Object.keys(overrides)) delete overrides[k];
    }
    presetSelect.replaceChildren(
      ...fit.map((p) => h('option', { value: p.id, selected: p.id === preset.id }, p.name)),
    );
    desc.textContent = preset.description || '';
    drawExplained();
    drawHouse();
    drawNames();
    drawShaker();
    drawCarry();
    drawMatch();
  }

  function drawExplained() {
    let r;
    try {
      r = rules();
    } catch (err) {
      if (err instanceof RulesError) return;
      throw err;
    }
    explained.replaceChildren(...rulesBody(r, null).filter(Boolean));
  }

  function drawHouse() {
    drawHouseRules(houseBox, preset, overrides, drawExplained);
  }

  function drawNames() {
    const r = rules();
    const probe = { rules: r, teams: [] };
    nameInputs.length = 0;
    const boxes = [];
    for (let side = 0; side < sideCount(r); side += 1) {
      const team = from?.teams ? from.teams[side] : null;
      const teamInput = h('input', {
        type: 'text',
        id: `team-${side}`,
        placeholder: sideName(probe, side),
        value: team ? team.name : '',
        autocomplete: 'off',
      });
      const players = seatsOf(r, side).map((seat, i) =>
        h('input', {
          type: 'text',
          id: `seat-${seat}`,
          'aria-label': `Player at seat ${seat + 1}, ${sideName(probe, side)}`,
          placeholder: seatName(probe, seat),
          value: team?.players ? team.players[i] || '' : '',
          autocomplete: 'off',
        }),
      );
      nameInputs.push({ teamInput, players });
      boxes.push(
        h(
          'div',
          { class: 'stack' },
          h('label', { for: `team-${side}` }, `Team ${side + 1}`),
          teamInput,
          ...players,
        ),
      );
    }
    namesBox.replaceChildren(
      h('legend', {}, 'Teams and players (optional)'),
      h('div', { class: 'names' }, boxes),
    );
    drawCrew();
  }

  /** The crew buttons, and each seat's roster under its box when the game is a crew's. */
  function drawCrew() {
    if (!crewKit) return;
    const [picker] = crewKit;
    crewBox.replaceChildren(
      picker.crewChoice(crews, crew, (c) => {
        crew = c;
        drawNames();
        drawShaker();
        drawMatch();
      }),
    );
    if (!crew) return;
    const inputs = seatInputs();
    if (from?.crew?.id === crew.id) {
      inputs.forEach((input, seat) => {
        const id = from.crew.seats[seat];
        if (id && crew.players.some((p) => p.id === id)) input.dataset.player = id;
      });
    }
    picker.addRoster(crew, inputs, drawShaker);
  }

  const seatInputs = () =>
    Array.from({ length: rules().players }, (_, seat) => namesBox.querySelector(`#seat-${seat}`));

  function drawShaker() {
    const r = rules();
    const names = currentNames(r);
    if (dealer >= r.players) dealer = 0;
    const seats = Array.from({ length: r.players }, (_, seat) => seatName(names, seat));
    shakerBox.replaceChildren(
      h('legend', {}, bestOf > 1 ? 'Who shakes first in game 1' : 'Who shakes first'),
      shakerButtons(seats, dealer, (seat, wasDrawn) => {
        dealer = seat;
        drawn = wasDrawn;
        drawShaker();
      }),
      ...(drawn ? [drawnLine(seats[dealer])] : []), // replaceChildren writes a null as "null"
    );
  }

  function drawCarry() {
    const r = rules();
    const names = currentNames(r);
    const inputs = Array.from({ length: sideCount(r) }, (_, side) =>
      h(
        'label',
        {},
        sideName(names, side),
        h('input', {
          type: 'number',
          min: 0,
          max: r.target - 1,
          step: 1,
          inputmode: 'numeric',
          id: `carry-${side}`,
          placeholder: '0',
          'aria-describedby': 'carry-error',
        }),
      ),
    );
    carryError.hidden = true;
    carryBox.replaceChildren(
      h('legend', {}, 'Score carried over from paper'),
      h('div', { class: 'names' }, inputs),
      carryError,
    );
  }

  function choice(label, options, chosen, pick) {
    return choiceButtons(label, options, chosen, pick, drawMatch);
  }

  function drawMatch() {
    const r = rules();
    if (sideCount(r) !== 2) {
      bestOf = 1;
      matchBox.replaceChildren(
        h('legend', {}, 'One game or a match'),
        h(
          'p',
          { class: 'muted' },
          `A match is between two teams; ${r.name} has ${sideCount(r)} sides.`,
        ),
      );
    } else {
      const rows = [
        h('legend', {}, 'One game or a match'),
        choice(
          'Games',
          [
            [1, 'One game'],
            [3, 'Best of 3'],
            [5, 'Best of 5'],
          ],
          bestOf,
          (n) => {
            bestOf = n;
          },
        ),
      ];
      if (bestOf > 1 && crew) {
        rows.push(
          h(
            'p',
            { class: 'banner', id: 'match-crew' },
            `A match's games do not count in ${crew.name}'s statistics yet: choose One game to play for the crew.`,
          ),
        );
      }
      if (bestOf > 1) {
        rows.push(
          h(
            'p',
            { class: 'muted', id: 'match-about' },
            `First team to win ${(bestOf + 1) / 2} games takes the match. A match is kept on the server, so it needs a signal to start.`,
          ),
          h('p', { id: 'next-shaker' }, h('strong', {}, 'Who shakes first in the next game')),
          choice(
            'Who shakes first in the next game',
            [
              ['rotate', 'Take turns'],
              ['loser', "Last game's loser"],
              ['draw', 'Drawn at the table'],
            ],
            shakeRule,
            (rule) => {
              shakeRule = rule;
            },
          ),
        );
      }
      matchBox.replaceChildren(...rows);
    }
    // a match starts from nothing: the API keeps no score carried over from paper
    carryBox.hidden = bestOf > 1;
    shakerBox.firstChild.textContent =
      bestOf > 1 ? 'Who shakes first in game 1' : 'Who shakes first';
    startButton.textContent = bestOf > 1 ? `Start best of ${bestOf}` : 'Start game';
  }

  /** Make the match on the server and keep its first game on this phone; false if not. */
  async function startMatch(teams) {
    let res;
    try {
      res = await api.request('POST', '/api/matches', {
        body: {
          ruleset: preset.id,
          ...(Object.keys(overrides).length ? { rules: { ...overrides } } : {}),
          teams,
          first_dealer: dealer,
          first_to: (bestOf + 1) / 2,
          shake_rule: shakeRule,
        },
      });
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      error.textContent =
        'No signal: a match is kept on the server, so it starts only with a signal. One game can start now.';
      error.hidden = false;
      return false;
    }
    if (res.status !== 201) {
      error.textContent = api.errorMessage(res);
      error.hidden = false;
      return false;
    }
    // the match's token reaches every game of the match: the phone writes with it
    const game = localGameFrom(res.body.game, res.body.edit_token);
    await putGame(game);
    toast(`Best of ${bestOf} started: game 1`);
    go(`#/g/${game.id}`);
    return true;
  }

  function currentNames(r) {
    const teams = nameInputs.map(({ teamInput, players }) => ({
      name: teamInput.value.trim(),
      players: players.map((p) => p.value.trim()),
    }));
    return { rules: r, teams };
  }

  async function submit(event) {
    event.preventDefault();
    error.hidden = true;
    carryError.hidden = true;
    let r;
    try {
      r = rules();
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      error.textContent = err.message;
      error.hidden = false;
      return;
    }
    const typed = currentNames(r);
    // a crew game's team with every seat named is called by its players ("Ann & Cy")
    const pairName = (team) =>
      crew && team.players.every(Boolean) && team.players.length > 1
        ? team.players.join(' & ').slice(0, 60)
        : null;
    const teams = typed.teams.map((team, side) => ({
      name: team.name || pairName(team) || sideName({ rules: r, teams: [] }, side),
      players: team.players.map(
        (p, i) => p || seatName({ rules: r, teams: [] }, seatsOf(r, side)[i]),
      ),
    }));
    if (bestOf > 1) {
      await startMatch(teams);
      return;
    }
    const carry = Array.from({ length: sideCount(r) }, (_, side) =>
      Number(form.querySelector(`#carry-${side}`).value || 0),
    );
    if (carry.some((n) => !Number.isInteger(n) || n < 0 || n >= r.target)) {
      // said next to the boxes, and brought into view with the first wrong box focused
      carryError.textContent = `A score carried over from paper is a whole number from 0 to ${r.target - 1}.`;
      carryError.hidden = false;
      const bad = carry.findIndex((n) => !Number.isInteger(n) || n < 0 || n >= r.target);
      const box = form.querySelector(`#carry-${bad}`);
      box.focus();
      carryBox.scrollIntoView({ block: 'center' });
      return;
    }
    let crewGame = null;
    if (crew) {
      const [picker, crewMod] = crewKit;
      const seats = crewMod.seatPlayers(crew, picker.picks(seatInputs()));
      const twice = seats.find((s, i) => s && seats.findIndex((t) => t?.id === s.id) !== i);
      if (twice) {
        error.textContent = `${twice.name} is in two seats: pick someone else for one of them.`;
        error.hidden = false;
        return;
      }
      crewGame = {
        crew: { id: crew.id, seats: seats.map((s) => s?.id ?? null) },
        crewOps: await crewMod.crewOps(crew, seats),
      };
    }
    const game = await createGame({
      ruleset: preset.id,
      overrides: { ...overrides },
      rules: r,
      teams,
      firstDealer: dealer,
      startTotals: carry.some(Boolean) ? carry : null,
      ...crewGame,
    });
    toast('Game saved on this phone');
    go(`#/g/${game.id}`);
  }

  const startButton = h('button', { type: 'submit', class: 'primary', id: 'start' }, 'Start game');
  form.addEventListener('submit', submit);
  form.append(
    h('h1', {}, from ? 'Rematch' : 'New game'),
    crewBox,
    h('fieldset', {}, h('legend', {}, 'Scoring'), scoringRow),
    h('div', {}, h('label', { for: 'preset' }, h('strong', {}, 'Rules')), presetSelect, desc),
    explainBox,
    houseBox,
    namesBox,
    shakerBox,
    matchBox,
    carryBox,
    error,
    h('div', { class: 'actions' }, startButton),
  );
  drawScoring();
  resetRules();
  main.append(form);
}
