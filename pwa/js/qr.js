// A small QR code encoder (byte mode, error correction M or L, versions 1 to 10), drawn as SVG.
// Loaded only by the share screen. Follows ISO/IEC 18004; structure after Nayuki's encoder.

// per version 1..10: [EC codewords per block, [data codewords of each block]]
const TABLE = {
  L: [
    [7, [19]],
    [10, [34]],
    [15, [55]],
    [20, [80]],
    [26, [108]],
    [18, [68, 68]],
    [20, [78, 78]],
    [24, [97, 97]],
    [30, [116, 116]],
    [18, [68, 68, 69, 69]],
  ],
  M: [
    [10, [16]],
    [16, [28]],
    [26, [44]],
    [18, [32, 32]],
    [24, [43, 43]],
    [16, [27, 27, 27, 27]],
    [18, [31, 31, 31, 31]],
    [22, [38, 38, 39, 39]],
    [22, [36, 36, 36, 37, 37]],
    [26, [43, 43, 43, 43, 44]],
  ],
};
const FORMAT_BITS = { L: 1, M: 0 };
const ALIGN = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

function gfMul(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsDivisor(degree) {
  const r = new Array(degree).fill(0);
  r[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < r.length; j += 1) {
      r[j] = gfMul(r[j], root);
      if (j + 1 < r.length) r[j] ^= r[j + 1];
    }
    root = gfMul(root, 0x02);
  }
  return r;
}

function rsRemainder(data, divisor) {
  const result = divisor.map(() => 0);
  for (const b of data) {
    const factor = b ^ result.shift();
    result.push(0);
    divisor.forEach((coef, i) => {
      result[i] ^= gfMul(coef, factor);
    });
  }
  return result;
}

/** The codewords (data and EC, interleaved) for bytes at a version and level. */
function codewords(bytes, version, level) {
  const [ecLen, blocks] = TABLE[level][version - 1];
  const capacity = blocks.reduce((a, b) => a + b, 0);
  const bits = [];
  const put = (value, n) => {
    for (let i = n - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  put(4, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity * 8; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8)
    data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  const divisor = rsDivisor(ecLen);
  const dataBlocks = [];
  let k = 0;
  for (const len of blocks) {
    dataBlocks.push(data.slice(k, k + len));
    k += len;
  }
  const ecBlocks = dataBlocks.map((d) => rsRemainder(d, divisor));
  const out = [];
  const longest = Math.max(...blocks);
  for (let i = 0; i < longest; i += 1)
    dataBlocks.forEach((d) => {
      if (i < d.length) out.push(d[i]);
    });
  for (let i = 0; i < ecLen; i += 1) for (const e of ecBlocks) out.push(e[i]);
  return out;
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Build the module matrix (true = dark) with the given mask. */
function matrix(data, version, level, mask) {
  const size = version * 4 + 17;
  const m = Array.from({ length: size }, () => new Array(size).fill(false));
  const fn = Array.from({ length: size }, () => new Array(size).fill(false));
  const set = (x, y, dark) => {
    m[y][x] = dark;
    fn[y][x] = true;
  };
  for (let i = 0; i < size; i += 1) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy += 1) {
      for (let dx = -4; dx <= 4; dx += 1) {
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  const pos = ALIGN[version - 1];
  const last = pos.length - 1;
  pos.forEach((ay, i) => {
    pos.forEach((ax, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1)
        for (let dx = -2; dx <= 2; dx += 1)
          set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    });
  });
  drawFormat(set, size, level, mask);
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (version << 12) | rem;
    for (let i = 0; i < 18; i += 1) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert += 1) {
      for (let j = 0; j < 2; j += 1) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (!fn[y][x] && i < data.length * 8) {
          m[y][x] = ((data[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
          i += 1;
        }
      }
    }
  }
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) if (!fn[y][x] && MASKS[mask](x, y)) m[y][x] = !m[y][x];
  return m;
}

function drawFormat(set, size, level, mask) {
  const data = (FORMAT_BITS[level] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i += 1) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i += 1) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i += 1) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i += 1) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true);
}

/** A rough penalty (runs, 2x2 blocks, balance) to pick a mask that scans well. */
function penalty(m) {
  const size = m.length;
  let score = 0;
  let dark = 0;
  for (let a = 0; a < size; a += 1) {
    for (const line of [m[a], m.map((row) => row[a])]) {
      let run = 1;
      for (let b = 1; b <= size; b += 1) {
        if (b < size && line[b] === line[b - 1]) run += 1;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
    }
    for (let b = 0; b < size; b += 1) {
      if (m[a][b]) dark += 1;
      if (
        a + 1 < size &&
        b + 1 < size &&
        m[a][b] === m[a][b + 1] &&
        m[a][b] === m[a + 1][b] &&
        m[a][b] === m[a + 1][b + 1]
      )
        score += 3;
    }
  }
  return score + Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10;
}

/** The QR modules for text (UTF-8), at the smallest version that fits, level M if it fits. */
export function encode(text) {
  const bytes = [...new TextEncoder().encode(text)];
  for (const level of ['M', 'L']) {
    for (let version = 1; version <= 10; version += 1) {
      const capacity = TABLE[level][version - 1][1].reduce((a, b) => a + b, 0);
      const header = version < 10 ? 2 : 3;
      if (bytes.length + header > capacity) continue;
      const data = codewords(bytes, version, level);
      let best = null;
      for (let mask = 0; mask < 8; mask += 1) {
        const m = matrix(data, version, level, mask);
        const p = penalty(m);
        if (!best || p < best.p) best = { m, p, mask };
      }
      return { modules: best.m, version, level, mask: best.mask };
    }
  }
  throw new RangeError(`text of ${bytes.length} bytes is too long for a version 10 QR code`);
}

/** An SVG element showing the QR code of text, with a quiet zone; label is its accessible name. */
export function qrSvg(text, label) {
  const { modules } = encode(text);
  const n = modules.length + 8;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const bg = document.createElementNS(ns, 'rect');
  bg.setAttribute('width', n);
  bg.setAttribute('height', n);
  bg.setAttribute('fill', '#fff');
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    });
  });
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(bg, path);
  return svg;
}
