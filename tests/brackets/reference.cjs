// Plays cases through brackets-manager (npm), the reference for tests/brackets/test_reference.py.
// stdin: a JSON list of cases {type, seeding, results: [[group, round, number, winner]]}
// (`seeding` is the names in slot order, null for a bye); stdout: for each case, every match
// as [group, round, number, side1, side2, status, winner], a side being a name, "BYE" or null
// (not known yet), and for a finished elimination its final standings {name: rank}.
// Groups: 1 the winners' bracket (or the round robin), 2 the losers', 3 the
// grand final.
const { BracketsManager } = require('brackets-manager');
const { InMemoryDatabase } = require('brackets-memory-db');

async function play(testCase) {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  const settings =
    testCase.type === 'round_robin'
      ? { groupCount: 1 }
      : { grandFinal: 'double', seedOrdering: ['inner_outer'] };
  await manager.create.stage({
    tournamentId: 0,
    name: 'case',
    type: testCase.type,
    seeding: testCase.seeding,
    settings,
  });
  const participants = await storage.select('participant');
  const nameOf = new Map(participants.map((p) => [p.id, p.name]));
  const side = (opponent) =>
    opponent === null ? 'BYE' : opponent.id === null ? null : nameOf.get(opponent.id);
  const find = async (group, round, number) => {
    const groups = await storage.select('group', { number: group });
    const rounds = await storage.select('round', { group_id: groups[0].id, number: round });
    return (await storage.select('match', { round_id: rounds[0].id, number }))[0];
  };
  for (const [group, round, number, winner] of testCase.results) {
    const match = await find(group, round, number);
    const first = side(match.opponent1) === winner;
    await manager.update.match({
      id: match.id,
      opponent1: { result: first ? 'win' : 'loss' },
      opponent2: { result: first ? 'loss' : 'win' },
    });
  }
  const out = [];
  for (const group of await storage.select('group')) {
    for (const round of await storage.select('round', { group_id: group.id })) {
      for (const match of await storage.select('match', { round_id: round.id })) {
        const won = [match.opponent1, match.opponent2].find((o) => o && o.result === 'win');
        out.push([
          group.number,
          round.number,
          match.number,
          side(match.opponent1),
          side(match.opponent2),
          match.status,
          won ? nameOf.get(won.id) : null,
        ]);
      }
    }
  }
  let standings = null; // {name: rank} once an elimination stage is over
  if (testCase.type !== 'round_robin' && testCase.finished) {
    const stage = (await storage.select('stage'))[0];
    standings = Object.fromEntries(
      (await manager.get.finalStandings(stage.id)).map((item) => [item.name, item.rank]),
    );
  }
  return { matches: out, standings };
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const answers = [];
  for (const testCase of JSON.parse(input)) answers.push(await play(testCase));
  process.stdout.write(JSON.stringify(answers));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
