#!/usr/bin/python3
"""Cuts a window's rectangle out of an X server's framebuffer file (Xvfb -fbdir writes the screen as
an XWD image, Xvfb_screen0) and writes it as a PNG; prints how many distinct colours it holds and the
per mille of its pixels that differ from its most common colour (the window's background) by more
than 8 in a channel: what is drawn there.

    xwd_crop.py XVFB_SCREEN_FILE X Y WIDTH HEIGHT OUT.png

No ImageMagick on the test machines: the XWD header is 25 big-endian 32-bit fields, then the
window name, the colour map (12 bytes an entry) and the pixels, 32 bits each at 24-bit depth."""
import struct
import sys
import zlib

import numpy as np


def read_xwd(path):
    data = open(path, "rb").read()
    fields = struct.unpack(">25I", data[:100])
    header_size, version = fields[0], fields[1]
    width, height = fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14], fields[15], fields[16]
    ncolors = fields[19]
    if version != 7 or bits_per_pixel != 32:
        sys.exit(f"xwd_crop: an XWD version 7 file of 32-bit pixels expected (version {version}, "
                 f"{bits_per_pixel} bits)")
    start = header_size + 12 * ncolors
    rows = np.frombuffer(data, dtype="<u4" if byte_order == 0 else ">u4",
                         count=height * bytes_per_line // 4, offset=start)
    pixels = rows.reshape(height, bytes_per_line // 4)[:, :width]

    def channel(mask):
        shift = (mask & -mask).bit_length() - 1
        return ((pixels & mask) >> shift).astype(np.uint8)

    return np.dstack([channel(red_mask), channel(green_mask), channel(blue_mask)])


def write_png(path, rgb):
    height, width, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[y].tobytes() for y in range(height))

    def chunk(kind, payload):
        return (struct.pack(">I", len(payload)) + kind + payload +
                struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
    with open(path, "wb") as out:
        out.write(png)


def main():
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    screen = read_xwd(sys.argv[1])
    x, y, width, height = (int(v) for v in sys.argv[2:6])
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(screen.shape[1], x + width), min(screen.shape[0], y + height)
    cut = np.ascontiguousarray(screen[y0:y1, x0:x1])
    write_png(sys.argv[6], cut)
    if not cut.size:
        print(0, 0)
        return
    palette, counts = np.unique(cut.reshape(-1, 3), axis=0, return_counts=True)
    background = palette[np.argmax(counts)].astype(int)
    drawn = np.abs(cut.astype(int) - background).max(axis=2) > 8
    print(palette.shape[0], int(round(1000 * drawn.mean())))


if __name__ == "__main__":
    main()
