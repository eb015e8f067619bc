#!/usr/bin/env python3
"""Checks an animated PNG written by tgpu_tb --display --display-png (sim/core/disp_check.c,
sw/tools/png.c png_anim_*) against the single frames written beside it: every chunk's CRC, the
acTL frame count, fcTL/fdAT sequence numbers 0, 1, 2, ... and each frame's image data equal to
display_fN.png's.
usage: tests/display/check_apng.py DIR   (DIR/display.apng and DIR/display_f0.png ...)"""
import os
import struct
import sys
import zlib


def chunks(path):
    with open(path, "rb") as f:
        b = f.read()
    if b[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG signature")
    i, out = 8, []
    while i < len(b):
        n, = struct.unpack(">I", b[i:i + 4])
        t, d = b[i + 4:i + 8], b[i + 8:i + 8 + n]
        c, = struct.unpack(">I", b[i + 8 + n:i + 12 + n])
        if zlib.crc32(t + d) & 0xFFFFFFFF != c:
            raise ValueError(f"{path}: bad CRC in a {t!r} chunk at byte {i}")
        out.append((t, d))
        i += 12 + n
    if not out or out[-1][0] != b"IEND":
        raise ValueError(f"{path}: no IEND at the end")
    return out


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) == 2 else 2
    d = sys.argv[1]
    ch = chunks(os.path.join(d, "display.apng"))
    actl = [c for t, c in ch if t == b"acTL"]
    if len(actl) != 1:
        raise ValueError("want exactly one acTL chunk")
    nframes, = struct.unpack(">I", actl[0][:4])
    frames, seq = [], []
    for t, c in ch:
        if t == b"fcTL":
            seq.append(struct.unpack(">I", c[:4])[0])
            frames.append([])
        elif t == b"IDAT":
            if len(frames) != 1:
                raise ValueError("IDAT outside the first frame")
            frames[-1].append(c)
        elif t == b"fdAT":
            seq.append(struct.unpack(">I", c[:4])[0])
            frames[-1].append(c[4:])
    if seq != list(range(len(seq))):
        raise ValueError(f"sequence numbers {seq[:8]}... are not 0, 1, 2, ...")
    if nframes != len(frames) or nframes == 0:
        raise ValueError(f"acTL says {nframes} frames, {len(frames)} fcTL chunks")
    for k, f in enumerate(frames):
        single = zlib.decompress(b"".join(c for t, c in chunks(os.path.join(d, f"display_f{k}.png")) if t == b"IDAT"))
        if zlib.decompress(b"".join(f)) != single:
            raise ValueError(f"frame {k} differs from display_f{k}.png")
    print(f"{d}/display.apng: {nframes} frames, CRCs and sequence numbers good, each equal to display_fN.png")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, ValueError) as e:
        print(f"FAIL: {e}")
        sys.exit(1)
