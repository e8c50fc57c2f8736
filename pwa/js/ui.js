// Small DOM helpers shared by the views: element builder, toast, navigation.

/** Build an element: h('button', {class: 'btn', onclick}, 'Save'). No innerHTML anywhere. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const toastEl = () => document.getElementById('toast');
let toastTimer = 0;

/** Show a short message for a few seconds (announced by screen readers). */
export function toast(message) {
  const el = toastEl();
  el.textContent = message;
  el.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), 2600);
}

const LARGE_TYPE = 'tally42-large-type'; // localStorage: read before the first screen is drawn

/** Whether large type is on for this phone. */
export function largeType() {
  try {
    return localStorage.getItem(LARGE_TYPE) === 'on';
  } catch {
    return false; // storage refused (a private window): one size
  }
}

/** Turn large type on or off for this phone (the whole app about 1.3 times larger). */
export function setLargeType(on) {
  try {
    if (on) localStorage.setItem(LARGE_TYPE, 'on');
    else localStorage.removeItem(LARGE_TYPE);
  } catch {
    // not kept, but still shown now
  }
  document.documentElement.classList.toggle('large-type', on);
}

/** Navigate to a fragment route. */
export function go(route) {
  if (location.hash === route) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = route;
}

/** A random UUID (crypto.randomUUID needs a secure context; fall back to getRandomValues). */
export function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** A 256-bit random token, base64url. */
export function randomToken() {
  const b = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * One choice as a row of buttons, the chosen one pressed: `pick(value)` then `redraw()` on a
 * tap (the new-game form's and the event form's choices alike).
 */
export function choiceButtons(label, options, chosen, pick, redraw) {
  return h(
    'div',
    { class: 'grid wide', role: 'group', 'aria-label': label },
    options.map(([value, words]) =>
      h(
        'button',
        {
          type: 'button',
          'aria-pressed': String(value === chosen),
          onclick: () => {
            pick(value);
            redraw();
          },
        },
        words,
      ),
    ),
  );
}
