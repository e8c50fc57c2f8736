// A table's phone for a whole event or party (views/table-phone.js, views/party-table.js):
// the table's link kept on this phone (its token leaves the address bar at once), the
// screen's frame, the table's read every few seconds (a 304 while nothing changed), and the
// words for a link refused.
import * as api from '../api.js';
import { getMeta, putMeta } from '../store.js';
import { h } from '../ui.js';

const POLL_MS = 3000;

/**
 * Words for a refusal of a table's link to its `what` ('event' or 'party'): the table's own
 * when the director replaced the link (403 TABLE_LINK_ENDED), else a link the server no
 * longer knows (its event or party removed with its links, which the server cannot tell from
 * a link it never made, so the phone says both), else the server's words.
 */
export function linkRefused(res, what) {
  if (res.body?.rule_code === 'TABLE_LINK_ENDED')
    return 'This table link no longer works: the director made the table a new one. Scan the new QR code from the director.';
  if (res.status === 401 || res.status === 404)
    return `This table link no longer works: the director may have removed the ${what}, or given the table a new link. Ask the director.`;
  return api.errorMessage(res);
}

/** The table's token: `linkToken` from the link (kept under `key`, the address bar set back
 * to `here`), else the one this phone kept. */
export async function keptLink(key, here, linkToken) {
  if (!linkToken) return getMeta(key);
  history.replaceState(null, '', here); // the token leaves the address bar
  await putMeta(key, linkToken);
  return linkToken;
}

/** The table's screen in `main` ("Table N", its note, its body): {box, say}; null (after
 * saying how to get one) when this phone has no link for the table. */
export function tableFrame(main, table, token) {
  const heading = h('h1', {}, `Table ${table}`);
  const note = h('p', { class: 'banner', role: 'alert', id: 'table-note', hidden: true });
  const box = h('div', { class: 'stack', id: 'table-body' });
  main.append(heading, note, box);
  if (!token) {
    box.append(
      h(
        'p',
        { class: 'banner' },
        'Open the link or scan the QR code the director gave this table.',
      ),
    );
    return null;
  }
  const say = (words) => {
    note.textContent = words || '';
    note.hidden = !words;
  };
  return { box, say };
}

/** GET `path` with the table's `token` unless it is still `etag` (the one drawn): null when
 * nothing changed, 'offline' without a signal, else the response ({status, body, etag}). */
export async function readIfChanged(path, token, etag) {
  try {
    const headers = etag ? { 'If-None-Match': etag } : {};
    const res = await api.request('GET', path, { token, headers });
    return res.status === 304 ? null : res;
  } catch (err) {
    if (err instanceof TypeError) return 'offline';
    throw err;
  }
}

/** Run `refresh` every few seconds while the screen is in sight; returns the stop. */
export function everyFewSeconds(refresh) {
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') refresh();
  }, POLL_MS);
  return () => clearInterval(timer);
}
