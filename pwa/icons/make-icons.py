"""Draw the app icons (a 4|2 domino) as PNGs with the standard library only.

Run from anywhere: python3 pwa/icons/make-icons.py. Writes icon-192.png, icon-512.png and
icon-maskable-512.png beside this file.
"""

import pathlib
import struct
import zlib

GREEN = (21, 87, 60)
IVORY = (250, 246, 235)
INK = (28, 28, 28)
HERE = pathlib.Path(__file__).parent


def png_bytes(size, pixel):
    """Encode a size x size RGB image whose colour at (x, y) is pixel(x, y)."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def domino(size, scale):
    """Return pixel(x, y) for a vertical domino (4 over 2) filling `scale` of the height."""
    h = size * scale
    w = h / 2
    left, top = (size - w) / 2, (size - h) / 2
    radius = w * 0.12
    pip = w * 0.09
    four = [(0.28, 0.14), (0.72, 0.14), (0.28, 0.36), (0.72, 0.36)]
    two = [(0.28, 0.64), (0.72, 0.86)]
    pips = [(left + u * w, top + v * h) for u, v in four + two]

    def inside_card(x, y):
        cx = min(max(x, left + radius), left + w - radius)
        cy = min(max(y, top + radius), top + h - radius)
        return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2

    def pixel(x, y):
        px, py = x + 0.5, y + 0.5
        if not inside_card(px, py):
            return GREEN
        if abs(py - (top + h / 2)) < h * 0.012 and left + w * 0.1 < px < left + w * 0.9:
            return INK
        for cx, cy in pips:
            if (px - cx) ** 2 + (py - cy) ** 2 <= pip**2:
                return INK
        return IVORY

    return pixel


def main():
    """Write the three icons."""
    for name, size, scale in [
        ("icon-192.png", 192, 0.78),
        ("icon-512.png", 512, 0.78),
        ("icon-maskable-512.png", 512, 0.6),
    ]:
        (HERE / name).write_bytes(png_bytes(size, domino(size, scale)))


if __name__ == "__main__":
    main()
