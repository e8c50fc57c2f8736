// The director's side of a progressive party (docs/tournaments.md "How a party runs"): the
// parties this phone runs, with their director and public tokens and the tables' links,
// kept in IndexedDB (never in a URL), and the words and links the party screens share.
// Loaded only by the party screens (views/party*.js).
import { keptList } from './kept-list.js';

const KEY = 'parties'; // meta row: [{id, name, token, public_token, links: {table: token}}]

const kept = keptList(KEY, (id) => ({ id, links: {} }));

/** The parties this phone runs, newest first. */
export const myParties = kept.all;

/** This phone's record of one party (with its director token), or undefined. */
export const myParty = kept.one;

/** Add or update this phone's record of a party (fields merged into what is kept). */
export const keepParty = kept.keep;

/** Forget a party this phone ran (it was deleted): its director token and links go. */
export const forgetParty = kept.forget;

/** The question asked before deleting `party` (the director's view), naming what goes. */
export function partyDeleteWords(party) {
  const players = party.players.length;
  const games = party.seating.reduce((n, r) => n + r.tables.length, 0);
  const what = [
    `${players} player${players === 1 ? '' : 's'}`,
    ...(games ? [`${games} table game${games === 1 ? '' : 's'} played or under way`] : []),
  ].join(' and ');
  const links = party.started ? 'the board on the TV and the tables’ links' : 'the board on the TV';
  return (
    `Delete ${party.name} for good? Its ${what} go with it, and every link to it stops ` +
    `working: ${links}. This cannot be undone.`
  );
}

/** A table's link for the whole party: the fragment carries the token (never a server log). */
export const partyTableLink = (partyId, table, token) =>
  `${location.origin}/#/table/p/${partyId}/${table}/${token}`;

/** The party's board, for the room's TV (the public token is its address). */
export const partyBoardLink = (publicToken) => `${location.origin}/party/${publicToken}`;

/** The players pasted one a line (or with commas), blanks dropped, spaces tidied. */
export function pastedNames(text) {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/** What a round lasts, in words. */
export function roundWords(handsPerRound) {
  if (handsPerRound === null || handsPerRound === undefined) return 'a game a round';
  return handsPerRound === 1 ? '1 hand a round' : `${handsPerRound} hands a round`;
}

/** A table's score so far, in words ("2–0 after 2 hands · done", "no hands yet"). */
export function tableScore(t) {
  if (!t.totals || !t.hands) return 'no hands yet';
  const hands = t.hands === 1 ? '1 hand' : `${t.hands} hands`;
  return `${t.totals[0]}–${t.totals[1]} after ${hands}${t.over ? ' · done' : ''}`;
}
