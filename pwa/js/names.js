// What a game's seats, sides and score are called: "Us", "Left", "Ann & Bo", "marks". Kept
// apart from game.js so that words.js can name the winner without importing game.js, which
// imports words.js for the ending hand's sentence.

const DEFAULT_SEATS_4 = ['You', 'Left', 'Partner', 'Right'];

/** Number of sides (teams) in a ruleset. */
export const sideCount = (rules) => new Set(rules.sides).size;

/** The seats of one side, in seat order. */
export const seatsOf = (rules, side) =>
  rules.sides.map((s, i) => (s === side ? i : -1)).filter((i) => i >= 0);

/** A side's name: the team's name, or for a one-seat side its player's name. */
export function sideName(game, side) {
  const team = (game.teams || [])[side];
  if (team?.name) return team.name;
  if (sideCount(game.rules) === 2) return side === 0 ? 'Us' : 'Them';
  const seats = seatsOf(game.rules, side);
  if (seats.length > 1) {
    // 140: three teams of two, "Seats 1 & 4" or "Ann & Bo"
    const names = seats.map((seat) => seatName(game, seat));
    const plain = names.every((name, i) => name === `Seat ${seats[i] + 1}`);
    return plain ? `Seats ${seats.map((seat) => seat + 1).join(' & ')}` : names.join(' & ');
  }
  return seatName(game, seats[0]);
}

/** A seat's name: the player's name, else a table position. */
export function seatName(game, seat) {
  const side = game.rules.sides[seat];
  const index = seatsOf(game.rules, side).indexOf(seat);
  const team = (game.teams || [])[side];
  const given = team?.players?.[index];
  if (given) return given;
  if (game.rules.players === 4 && sideCount(game.rules) === 2) return DEFAULT_SEATS_4[seat];
  return `Seat ${seat + 1}`;
}

/** The ruleset's unit: "marks" or "points". */
export const unit = (rules) => (rules.scoring === 'points' ? 'points' : 'marks');
