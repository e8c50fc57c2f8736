// A list of teams pasted at the sign-up table (the event screen's "Paste a list of teams"):
// one team a line, "Ann & Bob", or columns from a spreadsheet or CSV ("Ann,Bob", or
// "Rangers,Ann,Bob" with the team's name first). Pure, so node tests it
// (tests/pwa/team-list.test.mjs).

const JOINS = /\s+(?:&|and|\+|\/)\s+|\s*[&+/]\s*/i; // "Ann & Bob", "Ann and Bob", "Ann/Bob"
const COLUMNS = /\t|,|;/;
const HEADER = /^\s*(team|player|name)/i;

/** One line as {name, players} or {problem} (null for a blank line or a header row). */
export function parseLine(line) {
  const text = line.trim();
  if (!text) return null;
  let cells = text.split(COLUMNS).map((c) => c.trim().replace(/^"|"$/g, '').trim());
  cells = cells.filter(Boolean);
  if (cells.length >= 2 && cells.every((c) => HEADER.test(c))) return null;
  if (cells.length === 1)
    cells = cells[0]
      .split(JOINS)
      .map((c) => c.trim())
      .filter(Boolean);
  if (cells.length === 2) return { name: `${cells[0]} & ${cells[1]}`, players: cells };
  if (cells.length === 3) return { name: cells[0], players: [cells[1], cells[2]] };
  if (cells.length < 2) return { problem: `“${text}” names one player: a team is two.` };
  return { problem: `“${text}” has more than three names: give a team and its two players.` };
}

/**
 * The teams in `text`, with what stops a line: {teams: [{name, players}], duplicates:
 * [names], problems: [words]}. A team whose name is already on the list (`entered`), or
 * twice in the paste, is named among the duplicates and left out.
 */
export function parseTeams(text, entered = []) {
  const seen = new Set(entered.map((n) => n.trim().toLowerCase()));
  const teams = [];
  const duplicates = [];
  const problems = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const got = parseLine(line);
    if (!got) return;
    if (got.problem) {
      problems.push(`Line ${i + 1}: ${got.problem}`);
      return;
    }
    const key = got.name.toLowerCase();
    if (seen.has(key)) duplicates.push(got.name);
    else teams.push(got);
    seen.add(key);
  });
  return { teams, duplicates, problems };
}
