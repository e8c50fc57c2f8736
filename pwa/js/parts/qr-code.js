// A link's QR code as SVG, for the share screen, the crew screen and the director's table
// links. Encoded by lean-qr (vendor/lean-qr.js, a maintained npm encoder vendored as
// published: no build step), on the phone: the crew's and the tables' links carry tokens that
// never go to a server to be drawn, and the code shows offline. Level M at least.
import { correction, generate } from '../vendor/lean-qr.js';

const NS = 'http://www.w3.org/2000/svg';
const QUIET = 4; // the quiet zone round the code, in modules

/** The dark modules of `text`'s QR code as rows of booleans (tests compare it with segno's). */
export function modules(text) {
  const code = generate(text, { minCorrectionLevel: correction.M });
  return Array.from({ length: code.size }, (_, y) =>
    Array.from({ length: code.size }, (_, x) => code.get(x, y)),
  );
}

/** An SVG element showing the QR code of text, with a quiet zone; label is its accessible name. */
export function qrSvg(text, label) {
  const rows = modules(text);
  const n = rows.length + 2 * QUIET;
  const svg = document.createElementNS(NS, 'svg');
  const attrs = { viewBox: `0 0 ${n} ${n}`, class: 'qr', role: 'img', 'aria-label': label };
  for (const [key, value] of Object.entries({ ...attrs, 'shape-rendering': 'crispEdges' }))
    svg.setAttribute(key, value);
  const bg = document.createElementNS(NS, 'rect');
  bg.setAttribute('width', n);
  bg.setAttribute('height', n);
  bg.setAttribute('fill', '#fff');
  let d = '';
  rows.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    });
  });
  const path = document.createElementNS(NS, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(bg, path);
  return svg;
}
