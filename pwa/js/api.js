// HTTP to the Tally 42 API. Every call resolves to {status, body, etag}; only a network
// failure rejects (with a TypeError), so callers decide what each status means.

/** Send one request; body is JSON-encoded, token becomes a Bearer header. */
export async function request(method, path, { body, token, headers = {} } = {}) {
  const init = { method, headers: { Accept: 'application/json', ...headers }, cache: 'no-store' };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let parsed = null;
  const text = await res.text();
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
  }
  return { status: res.status, body: parsed, etag: res.headers.get('ETag') };
}

export const getRulesets = () => request('GET', '/api/rulesets');
export const createGame = (body) => request('POST', '/api/games', { body });
export const getGame = (id, token) => request('GET', `/api/games/${id}`, { token });
export const addHand = (id, token, hand, key) =>
  request('POST', `/api/games/${id}/hands`, {
    body: hand,
    token,
    headers: { 'Idempotency-Key': key },
  });
export const putHand = (id, token, handNo, hand, etag) =>
  request('PUT', `/api/games/${id}/hands/${handNo}`, {
    body: hand,
    token,
    headers: etag ? { 'If-Match': etag } : {},
  });
export const deleteHand = (id, token, handNo, etag) =>
  request('DELETE', `/api/games/${id}/hands/${handNo}`, {
    token,
    headers: etag ? { 'If-Match': etag } : {},
  });
export const shareGame = (id, token, body = {}) =>
  request('POST', `/api/games/${id}/share`, { body, token });

/** The error message an API error body carries (the contract's one error shape). */
export function errorMessage(res) {
  const b = res.body || {};
  return b.message || `The server answered ${res.status}.`;
}
