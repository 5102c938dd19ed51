#!/usr/bin/env python3
"""Draws the maskable app icons (www/icons/pinochle-maskable-{192,512}.png).

Maskable icons are cropped by the launcher to a circle or squircle, so the felt
fills the whole square and the two cards (the queen of spades and the jack of
diamonds, as in pinochle.svg) sit inside the central safe zone (a circle of 40%
of the size). Pure Python (zlib + struct), deterministic: run it again and the
files are byte-identical. Usage: python3 www/make-icons.py
"""

import math
import struct
import zlib
from pathlib import Path

FELT_IN = (0x14, 0x91, 0x46)
FELT_OUT = (0x06, 0x4A, 0x20)
CARD = (0xFF, 0xFD, 0xF6)
EDGE = (0x1F, 0x1F, 0x1F)
BLACK = (0x11, 0x11, 0x11)
RED = (0xC8, 0x10, 0x2E)
SCALE = 0.74  # of the 512-unit drawing of pinochle.svg, around its centre


def rotate(x, y, cx, cy, degrees):
    a = math.radians(degrees)
    dx, dy = x - cx, y - cy
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def in_round_rect(x, y, x0, y0, w, h, r):
    if not (x0 <= x <= x0 + w and y0 <= y <= y0 + h):
        return False
    cx = min(max(x, x0 + r), x0 + w - r)
    cy = min(max(y, y0 + r), y0 + h - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_spade(x, y):
    """A spade pip centred on 0,0, about 100 units tall."""
    if (x - 22) ** 2 + (y - 10) ** 2 <= 28 ** 2 or (x + 22) ** 2 + (y - 10) ** 2 <= 28 ** 2:
        return True
    if -50 <= y <= 10 and abs(x) <= (y + 50) * 0.83:  # the point
        return True
    return 20 <= y <= 58 and abs(x) <= 6 + (y - 20) * 0.5  # the stem


def in_diamond(x, y):
    return abs(x) / 40 + abs(y) / 56 <= 1


def card_colour(x, y, x0, y0, degrees, pip, pip_colour):
    """Colour of a card (or None) at a drawing point; the card is rotated about 256,420."""
    ux, uy = rotate(x, y, 256, 420, -degrees)
    if not in_round_rect(ux, uy, x0 - 3, y0 - 3, 226, 316, 27):
        return None
    if not in_round_rect(ux, uy, x0 + 3, y0 + 3, 214, 304, 21):
        return EDGE
    big = pip((ux - (x0 + 110)) / 0.95, (uy - (y0 + 186)) / 0.95)
    small = pip((ux - (x0 + 42)) / 0.32, (uy - (y0 + 92)) / 0.32)
    return pip_colour if big or small else CARD


def colour_at(x, y):
    """The icon at a drawing point (0..512 on both axes)."""
    sx = 256 + (x - 256) / SCALE
    sy = 256 + (y - 256) / SCALE
    for colour in (
        card_colour(sx, sy, 180, 110, 11, in_diamond, RED),
        card_colour(sx, sy, 86, 96, -13, in_spade, BLACK),
    ):
        if colour is not None:
            return colour
    t = min(1.0, math.hypot(x - 256, y - 230) / (0.65 * 512))
    return tuple(round(a + (b - a) * t) for a, b in zip(FELT_IN, FELT_OUT))


def render(size, samples=3):
    rows = []
    step = 512 / size
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            acc = [0, 0, 0]
            for j in range(samples):
                for i in range(samples):
                    c = colour_at((px + (i + 0.5) / samples) * step, (py + (j + 0.5) / samples) * step)
                    for k in range(3):
                        acc[k] += c[k]
            row += bytes(round(v / samples**2) for v in acc)
        rows.append(bytes(row))
    return b"".join(rows)


def png(size, pixels):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")


def main():
    out = Path(__file__).resolve().parent / "icons"
    for size in (192, 512):
        path = out / f"pinochle-maskable-{size}.png"
        path.write_bytes(png(size, render(size)))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
