#!/usr/bin/env python3
"""Writes the example scene's two small PNGs (Examples/compose/): an avatar (a disc with a light spot
at its top left, so a mirrored avatar would show) and a "back" chevron pointing left. Standard
library only (zlib); 4x4 supersampling for anti-aliased edges."""
import math, os, struct, zlib

def png(path, width, height, pixel):
    rows = b""
    for y in range(height):
        rows += b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)

def supersampled(inside, color):
    def pixel(x, y):
        hits = sum(inside(x + (i + 0.5) / 4, y + (j + 0.5) / 4) for i in range(4) for j in range(4))
        r, g, b = color(x, y)
        return (r, g, b, round(255 * hits / 16))
    return pixel

def avatar_color(x, y):
    d = math.hypot(x - 14, y - 14) / 40  # a light spot at the top left
    t = max(0.0, min(1.0, d))
    return (round(255 - 120 * t), round(190 - 110 * t), round(120 - 40 * t))

def chevron(px, py):
    # Two strokes from (15, 5) to (8, 12) to (15, 19), 3 px wide.
    def segment(ax, ay, bx, by):
        vx, vy = bx - ax, by - ay
        t = max(0, min(1, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy)))
        return math.hypot(px - ax - t * vx, py - ay - t * vy)
    return min(segment(15, 5, 8, 12), segment(8, 12, 15, 19)) <= 1.5

folder = os.path.join(os.path.dirname(__file__), "..", "Examples", "compose")
png(os.path.join(folder, "avatar.png"), 48, 48, supersampled(lambda x, y: math.hypot(x - 24, y - 24) <= 23.5, avatar_color))
png(os.path.join(folder, "back.png"), 24, 24, supersampled(chevron, lambda x, y: (60, 60, 67)))
