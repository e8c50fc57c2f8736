// A game of a match: the match as the server tells it now, and its score in one line, on the
// score sheet and the game-over screen ("Match, first to 2 games: Us 1, Them 0. This is game 2.").
import * as api from '../api.js';
import { getGame } from '../store.js';
import { score, sideName, seatsOf } from '../game.js';

/** The match the game belongs to, as the server tells it now; null if none or offline. */
export async function readMatch(id) {
  const game = await getGame(id);
  if (!game?.created) return null;
  try {
    const res = await api.getGame(id, game.edit_token);
    return res.status === 200 ? res.body.match : null;
  } catch (err) {
    if (err instanceof TypeError) return null;
    throw err;
  }
}

/** "Match, first to 2 games: Us 1, Them 0. This is game 2." or "Them win the match 2-0." */
export function matchSentence(game, match) {
  const [a, b] = match.score;
  if (match.decided) {
    const w = match.winner;
    const verb = seatsOf(game.rules, w).length > 1 ? 'win' : 'wins';
    return `${sideName(game, w)} ${verb} the match ${Math.max(a, b)}-${Math.min(a, b)}.`;
  }
  const tense = score(game).state?.game_over ? 'was' : 'is';
  return `Match, first to ${match.first_to} games: ${sideName(game, 0)} ${a}, ${sideName(game, 1)} ${b}. This ${tense} game ${match.game_no}.`;
}
