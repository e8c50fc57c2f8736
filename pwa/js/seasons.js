// A crew's seasons (docs/leagues.md) through the API with the crew's token: list, make, read
// one, start tonight's night or the playoff (its director token kept like any event's, so the
// usual director screen opens it), a new director link, a night's substitutes, and the link
// of the season's board for the club's TV (kept on this phone), and deleting it. Running a
// season needs the
// network: each call resolves to null without a signal, and the screens say so.
import { call, forgetEvent, keepEvent } from './director.js';
import { getMeta, putMeta } from './store.js';

const base = (crew) => `/api/crews/${encodeURIComponent(crew.id)}/seasons`;

export const OFFLINE_SEASON =
  'No signal: a season lives on the server, so this needs the network. Nothing was changed.';

export const listSeasons = (crew) => call('GET', base(crew), crew.token);

export const makeSeason = (crew, body) => call('POST', base(crew), crew.token, body);

export const readSeason = (crew, id) => call('GET', `${base(crew)}/${id}`, crew.token);

export const setSubstitutes = (crew, id, night, substitutes) =>
  call('PUT', `${base(crew)}/${id}/nights/${night}/substitutes`, crew.token, { substitutes });

/** Keep an event a season just made (or re-linked) on this phone, as "Run a tournament" does. */
async function keepMade(res, name) {
  if (res && res.status === 201) {
    await keepEvent(res.body.event_id, {
      name,
      token: res.body.director_token,
      ...(res.body.public_token ? { public_token: res.body.public_token } : {}),
    });
  }
  return res;
}

/** Make the season's next night (or its playoff: `what` 'playoff'); keeps its director token. */
export async function startNext(crew, season, what = 'nights') {
  const res = await call('POST', `${base(crew)}/${season.id}/${what}`, crew.token);
  if (res?.status !== 201) return res;
  const name =
    what === 'playoff'
      ? `${season.name}, playoff`
      : `${season.name}, night ${res.body.played.at(-1).number}`;
  return keepMade(res, name);
}

/** A new director token for night `number` (or the playoff: null), kept on this phone. */
export async function relink(crew, season, number, name) {
  const path = number == null ? 'playoff' : `nights/${number}`;
  const res = await call('POST', `${base(crew)}/${season.id}/${path}/director-link`, crew.token);
  return keepMade(res, name);
}

const boardKey = (seasonId) => `seasonboard:${seasonId}`;

/**
 * The season's board link for the TV: {url}, the one this phone keeps, or (none kept, or
 * `fresh`) a new one, which ends the one before; else {res}, the refusal (null: no signal).
 */
export async function seasonBoard(crew, seasonId, fresh = false) {
  const kept = fresh ? null : await getMeta(boardKey(seasonId));
  if (kept) return { url: kept };
  const res = await call('POST', `${base(crew)}/${seasonId}/board-link`, crew.token);
  if (res?.status !== 201) return { res };
  await putMeta(boardKey(seasonId), res.body.board_url);
  return { url: res.body.board_url };
}

/** Delete the season (its nights' events and their games go with it); this phone then
 * forgets those events' director links and the board's link. Resolves to the answer. */
export async function deleteSeason(crew, season) {
  const res = await call('DELETE', `${base(crew)}/${season.id}`, crew.token);
  if (res?.status !== 200) return res;
  const events = [...season.played.map((n) => n.event_id), season.playoff?.event_id];
  for (const id of events.filter(Boolean)) await forgetEvent(id);
  await putMeta(boardKey(season.id), null);
  return res;
}
