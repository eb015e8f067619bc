#!/usr/bin/env python3
"""INT-010 v5.0 register map: the one table, and the generator of everything derived from it.

Writes (each file says in its first line that it is generated):
  rtl/gpu_regs_pkg.sv     SystemVerilog package: addresses, one packed struct per register, reset values, masks
  sw/include/gpu_regs.h   C header shared by driver, model and tests (REG_* names, X-macro table)
  docs/registers.md       the register reference page
  rtl/gpu_pkg.sv          only its marked memory-map block (screen size, address bits, SIMT windows)
  rtl/cp/cp_pkg.sv        command processor: opcodes, header flags, status codes (docs/command.md)
  sw/include/gpu_cmd_defs.h  the same for C (GPU_CMD_*, GPU_CMDF_*, GPU_CMDE_*)
  docs/command-table.md   the command reference tables

Usage: scripts/regmap.py [--check]   --check: fail if a generated file differs from what is committed
"""
import sys, os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# access: RW  read/write (reads return the stored, masked value)
#         W   write-only (reads return 0)
#         R   read-only (writes ignored)
#         T   write-only trigger / pointer side effects handled by the register file
# fields: (name, hi, lo, kind) kind: 'rw' stored, 'ro' computed read-only, 'wc' write-1 self-clearing
REGS = [
    # addr, name, access, reset, fields, description
    (0x00, "COLOR", "W", 0, [("ALPHA", 31, 24, "rw"), ("BLUE", 23, 16, "rw"), ("GREEN", 15, 8, "rw"), ("RED", 7, 0, "rw")],
     "Vertex colour, latched for the next VERTEX write"),
]
for i in range(4):
    REGS.append((0x01 + i, "UV%d" % i, "W", 0, [("Q", 47, 32, "rw"), ("VQ", 31, 16, "rw"), ("UQ", 15, 0, "rw")],
                 "Texture unit %d coordinates (1.15 signed), latched for the next VERTEX write" % i))
REGS.append((0x05, "VERTEX", "T", 0, [("Z", 56, 32, "rw"), ("Y", 31, 16, "rw"), ("X", 15, 0, "rw")],
             "Vertex position (X, Y 12.4 signed, Z 25-bit unsigned); the third write submits a triangle"))
for n in range(4):
    b = 0x10 + 8 * n
    REGS += [
        (b + 0, "TEX%d_BASE" % n, "RW", 0, [("ADDR", 31, 12, "rw")], "Texture %d base address (4 KiB aligned)" % n),
        (b + 1, "TEX%d_FMT" % n, "RW", 0,
         [("MIP_LEVELS", 23, 20, "rw"), ("SWIZZLE", 19, 16, "rw"), ("HEIGHT_LOG2", 15, 8, "rw"),
          ("WIDTH_LOG2", 7, 4, "rw"), ("FORMAT", 2, 1, "rw"), ("ENABLE", 0, 0, "rw")],
         "Texture %d format, dimensions, swizzle, mip levels" % n),
        (b + 2, "TEX%d_BLEND" % n, "RW", 0, [("FUNC", 1, 0, "rw")], "Texture %d blend function" % n),
        (b + 3, "TEX%d_MIP_BIAS" % n, "RW", 0, [("BIAS", 7, 0, "rw")], "Texture %d mip LOD bias (s5.2)" % n),
        (b + 4, "TEX%d_WRAP" % n, "RW", 0, [("V_WRAP", 3, 2, "rw"), ("U_WRAP", 1, 0, "rw")], "Texture %d wrap modes" % n),
    ]
REGS += [
    (0x30, "TRI_MODE", "RW", 0, [("ANY_TEXTURED", 4, 4, "ro"), ("Z_WRITE", 3, 3, "rw"), ("Z_TEST", 2, 2, "rw"),
                                 ("GOURAUD", 0, 0, "rw")], "Triangle rendering mode"),
    (0x31, "ALPHA_BLEND", "RW", 0, [("MODE", 1, 0, "rw")], "Framebuffer alpha blend mode"),
    (0x32, "DITHER_MODE", "RW", 1, [("PATTERN", 3, 2, "rw"), ("ENABLE", 0, 0, "rw")], "Ordered dither control"),
    (0x40, "FB_DRAW", "RW", 0, [("ADDR", 31, 12, "rw")], "Draw framebuffer base (4 KiB aligned)"),
    (0x41, "FB_DISPLAY", "RW", 0, [("ADDR", 31, 12, "rw")], "Scanout framebuffer base (4 KiB aligned)"),
    (0x42, "FB_ZBUFFER", "RW", 0, [("Z_COMPARE", 34, 32, "rw"), ("ADDR", 31, 12, "rw")], "Z-buffer base and compare function"),
    (0x44, "COLOR_GRADE_CTRL", "RW", 0, [("RESET_ADDR", 2, 2, "wc"), ("SWAP_BANKS", 1, 1, "wc"), ("ENABLE", 0, 0, "rw")],
     "Colour-grading LUT control"),
    (0x45, "COLOR_GRADE_LUT_ADDR", "RW", 0, [("LUT_SELECT", 7, 6, "rw"), ("ENTRY_INDEX", 5, 0, "rw")], "Colour-grading LUT address"),
    (0x46, "COLOR_GRADE_LUT_DATA", "W", 0, [("R", 14, 10, "rw"), ("G", 9, 5, "rw"), ("B", 4, 0, "rw")], "Colour-grading LUT data"),
    # command processor (seed 004, docs/command.md)
    (0x50, "CP_CMD", "T", 0, [("DATA", 63, 0, "rw")],
     "Command stream: each write appends 8 bytes (bits 7:0 first); a packet header is two writes, its payload follows"),
    (0x51, "CP_CTRL", "T", 0, [("CLEAR", 1, 1, "wc"), ("RESYNC", 0, 0, "wc")],
     "RESYNC ends a partly received packet (TRUNCATED); CLEAR empties the mailbox, fence counter, error count and read pipe"),
    (0x52, "CP_STATUS", "R", 0, [("PACKETS", 63, 32, "ro"), ("ABSENT", 31, 31, "ro"), ("PARTIAL", 16, 16, "ro"), ("PIPE_COUNT", 8, 0, "ro")],
     "Packets completed (mod 2^32), a packet partly received, words waiting in the read pipe; ABSENT: this build has no command processor (the ICEpi Zero board: CP_CMD, CP_CTRL, CP_IRQ_*, CP_SLOT_* do nothing and read 0)"),
    (0x53, "CP_FENCE", "R", 0, [("COUNTER", 23, 0, "ro")], "The fence counter: the value the last fence emit wrote"),
    (0x54, "CP_ERROR", "R", 0, [("COUNT", 63, 32, "ro"), ("RDST", 23, 16, "ro"), ("OPCODE", 15, 8, "ro"), ("CODE", 7, 0, "ro")],
     "The last packet that failed (code, opcode, rdst) and the number of failed packets (saturating)"),
    (0x55, "CP_IRQ_STATUS", "R", 0, [("ERROR", 1, 1, "ro"), ("DONE", 0, 0, "ro")],
     "Interrupt causes: DONE a packet with flag IRQ completed, ERROR a packet failed; cleared by CP_IRQ_CLEAR"),
    (0x56, "CP_IRQ_MASK", "RW", 0, [("ERROR", 1, 1, "rw"), ("DONE", 0, 0, "rw")],
     "Interrupt enables: the IRQ pin is high while (CP_IRQ_STATUS & CP_IRQ_MASK) != 0"),
    (0x57, "CP_IRQ_CLEAR", "T", 0, [("ERROR", 1, 1, "wc"), ("DONE", 0, 0, "wc")], "Write 1 to clear an interrupt cause"),
    (0x58, "CP_SLOT_ADDR", "RW", 0, [("INDEX", 7, 0, "rw")], "Mailbox slot that CP_SLOT_DATA reads"),
    (0x59, "CP_SLOT_DATA", "R", 0, [("STATUS", 31, 24, "ro"), ("FENCE", 23, 0, "ro")],
     "Mailbox slot CP_SLOT_ADDR: fence value and status of the last emit into it (0: never); a read advances CP_SLOT_ADDR"),
    (0x5A, "CP_PIPE", "R", 0, [("VALID", 32, 32, "ro"), ("DATA", 31, 0, "ro")],
     "Read pipe of READ_MEM: a read takes the oldest word (VALID 1), or returns 0 when the pipe is empty"),
    (0x5B, "CP_WIN_BASE", "RW", 0, [("ADDR", 31, 2, "rw")],
     "Host-visible VRAM window, first byte (4-byte aligned): command addresses and MEM_ADDR are checked against it"),
    (0x5C, "CP_WIN_LIMIT", "RW", 0x2000000, [("ADDR", 31, 2, "rw")],
     "Host-visible VRAM window, first byte past its end (4-byte aligned); reset: 32 MiB, the whole memory"),
    (0x5D, "CP_KTAB", "RW", 0, [("COUNT", 47, 32, "rw"), ("BASE", 31, 3, "rw")],
     "Kernel table of DISPATCH: COUNT entries of 8 bytes at BASE (docs/command.md \"Compute\")"),
    (0x5E, "CP_WATCHDOG", "RW", 0, [("CYCLES", 31, 0, "rw")],
     "Budget of a DISPATCH, SIMT_LAUNCH or SHD_LAUNCH kernel in cycles, of each GDRAW pass in vertices (0: none); beyond it the kernel is stopped (SHD_STATUS / SIMT_STATUS.WATCHDOG), the GDRAW ends, and the packet fails with WATCHDOG"),
    (0x5F, "CP_ABORT", "T", 0, [("STOP", 0, 0, "wc")],
     "Write 1 directly after a DISPATCH, SIMT_LAUNCH or SHD_LAUNCH to stop its kernel (ABORTED, SIMT_STATUS / SHD_STATUS.ABORTED); no effect when no kernel runs"),
    (0x70, "MEM_ADDR", "RW", 0, [("ADDR", 31, 0, "rw")], "Memory upload/readback pointer (byte address); accesses outside the VRAM window (CP_WIN_*) are dropped"),
    (0x71, "MEM_DATA", "T", 0, [("DATA", 31, 0, "rw")],
     "Memory data; a write stores at MEM_ADDR, a read returns it; both advance MEM_ADDR by 4"),
    (0x72, "SIMT_LAUNCH", "T", 0, [("DATA_OFFSET", 46, 32, "rw"), ("PROG_OFFSET", 21, 8, "rw"), ("THREADS", 7, 0, "rw")],
     "Project extension: launch a SIMT kernel (docs/simt.md windows); waits while a kernel runs"),
    (0x73, "SHD_KERNEL", "RW", 0, [("ARG_BASE", 63, 32, "rw"), ("ENTRY", 31, 2, "rw")],
     "Project extension: the shader kernel's entry pc (4-byte aligned) and ARG_BASE, used by the next SHD_LAUNCH (docs/shader.md \"GPU integration\")"),
    (0x74, "SHD_LAUNCH", "T", 0, [("TILE_OFFSET", 31, 0, "rw")],
     "Project extension: run the kernel of SHD_KERNEL on the shader tile with this TILE_OFFSET; waits for earlier work, later commands wait for the kernel to end"),
    (0x75, "SHD_STATUS", "R", 0, [("FAULT_PC", 63, 32, "ro"), ("NCORES", 28, 24, "ro"), ("FAULT_CORE", 19, 16, "ro"),
                                  ("CAUSE", 10, 8, "ro"), ("ABORTED", 4, 4, "ro"), ("WATCHDOG", 3, 3, "ro"), ("MISALIGNED", 2, 2, "ro"),
                                  ("FAULT", 1, 1, "ro"), ("BUSY", 0, 0, "ro")],
     "Project extension: the shader tile (NCORES cores, 0 = none in this build) and the report of the last kernel: FAULT with its CAUSE, core and pc, MISALIGNED (a core's STATUS flag), stopped by the WATCHDOG (CP_WATCHDOG cycles) or by CP_ABORT (ABORTED); BUSY a kernel runs"),
    (0x76, "SIMT_STATUS", "R", 0, [("ABSENT", 8, 8, "ro"), ("ABORTED", 4, 4, "ro"), ("WATCHDOG", 3, 3, "ro"), ("BUSY", 0, 0, "ro")],
     "Project extension: the report of the last kernel launched by a SIMT_LAUNCH write (not DISPATCH): stopped by the WATCHDOG (CP_WATCHDOG cycles) or by CP_ABORT (ABORTED); BUSY a SIMT kernel runs (as STATUS.SIMT_BUSY); ABSENT this build has no SIMT cluster (the ICEpi Zero board: SIMT_LAUNCH does nothing)"),
    (0x7E, "STATUS", "R", 0, [("SHADER_BUSY", 13, 13, "ro"), ("SIMT_BUSY", 12, 12, "ro"), ("MEM_RANGE_ERR", 11, 11, "ro"), ("FIFO_OVF", 10, 10, "ro"), ("VBLANK", 9, 9, "ro"),
                              ("BUSY", 8, 8, "ro"), ("FIFO_DEPTH", 7, 0, "ro")],
     "GPU status; bits 11:10 are sticky error flags cleared by a completed STATUS read; bit 12 a SIMT kernel runs, bit 13 a shader kernel"),
    (0x7F, "ID", "R", 0x0000020000006702, [("VERSION", 31, 16, "ro"), ("DEVICE_ID", 15, 0, "ro")], "GPU identification"),
]


# Memory map and screen (ADDENDUM 2, docs/simt.md): defined here once for RTL and C. The SV
# side is a marked block inside rtl/gpu_pkg.sv (Yosys cannot read one package's parameter from
# another package), the C side #defines in sw/include/gpu_regs.h.
# (name, value, SV declaration, C literal)
MEMMAP = [
    ("FB_W", 640, "int unsigned", "640", "framebuffer width in pixels"),
    ("FB_H", 480, "int unsigned", "480", "framebuffer height in pixels"),
    ("MEM_AW", 25, "int unsigned", "25", "byte address bits: 32 MiB of GPU memory"),
    ("SIMT_PROG_WIN", 0x1FF0000, "logic [24:0]", "0x1FF0000u", "SIMT program window (16-bit instructions)"),
    ("SIMT_DATA_WIN", 0x1FF8000, "logic [24:0]", "0x1FF8000u", "SIMT data window (bytes), up to the top of memory"),
    ("DS_N", 2, "int unsigned", "2", "draw-state table entries (a power of two)"),
]

# The registers the draw state is made of (docs/architecture.md "Draw state by reference"): a
# write to one of them makes the next triangle allocate a new draw-state entry.
DRAW_STATE_REGS = ["TRI_MODE", "ALPHA_BLEND", "DITHER_MODE", "FB_DRAW", "FB_ZBUFFER"] + \
    ["TEX%d_%s" % (n, r) for n in range(4) for r in ("BASE", "FMT", "BLEND", "MIP_BIAS", "WRAP")]
# Command processor (seed 004, docs/command.md): the one table of opcodes, header flags and
# status codes. (name, value, state, description); state "done": carried out, "todo": completes
# with status UNSUPPORTED until it is built (docs/command.md "Status").
CMD_OPS = [
    ("WRITE_MEM", 0x01, "done", "payload (len words) to VRAM at arg0"),
    ("READ_MEM", 0x02, "done", "len words from VRAM at arg0 to the read pipe (CP_PIPE)"),
    ("FILL_RECT", 0x10, "done", "32-bit word arg2 into a w x h rectangle at arg0 (arg1 = h<<16 | w, row pitch 640 words)"),
    ("BLIT", 0x11, "done", "w x h rectangle of words from arg1 to arg0 (arg2 = h<<16 | w)"),
    ("SPRITE_DRAW", 0x12, "done", "w x h RGB565 words from arg1 to bits 15:0 at arg0 (arg2 = h<<16 | w), skipping the colour key of the optional payload word"),
    ("LAYER_BLEND", 0x13, "done", "dst = (src * a + dst * (256 - a) + 128) >> 8 per RGB565 channel, a = arg2 (8.8, <= 1.0), over 640 x 480 or the payload's w x h"),
    ("CLEAR_LAYER", 0x14, "done", "ARGB8888 arg2 as RGB565 (bits 15:0 only) into a w x h rectangle at arg0 (arg1 = h<<16 | w)"),
    ("DISPATCH_1D", 0x20, "done", "run a kernel of the kernel table to its end: a SIMT kernel of grid threads (block 4), or a shader kernel on grid tiles one after another"),
    ("DISPATCH_2D", 0x21, "done", "as DISPATCH_1D with grid {y, x}: x * y threads (tiles), numbered row by row"),
    ("BARRIER", 0x22, "done", "all earlier work complete before the next packet (always true: packets run one at a time)"),
    ("COPY_BUFFER", 0x23, "done", "len words from arg1 to arg0"),
    ("SET_FB", 0x30, "done", "FB_DRAW = arg0 (arg1 stride 0 or 2560 bytes, arg2 format 1 = RGB565)"),
    ("SWAP_FB", 0x31, "done", "FB_DISPLAY = arg0, then FB_DRAW = arg1"),
    ("LOAD_GSTATE", 0x40, "done", "load a geometry state descriptor"),
    ("LOAD_GPARAM", 0x41, "done", "load a per-draw parameter descriptor"),
    ("GDRAW", 0x42, "done", "draw from vertex and index buffers"),
    ("LOAD_RSTATE", 0x43, "done", "store a checked render state (RSTATE, 64 bytes at arg1) in slot arg0 (0..3)"),
    ("RDRAW", 0x44, "done", "draw the triangle of a vertex block with a render state (16-byte descriptor at arg0) through INT-010 register writes"),
    ("RRECT", 0x45, "done", "draw a rectangle (32-byte RRECT descriptor at arg0) with render state arg1 as two triangles"),
]
CMD_FLAGS = [
    ("IRQ", 0, "raise CP_IRQ_STATUS.DONE when the packet completes"),
    ("EMIT", 1, "at completion: next fence value and the status into mailbox slot rdst"),
    ("WAIT", 2, "before anything else: slot rdst must hold a fence value (else FENCE_UNSET)"),
    ("PAYLOAD", 3, "len payload words follow the header, two per CP_CMD write"),
]
CMD_ERRS = [
    ("OK", 0, "carried out"),
    ("BAD_OPCODE", 1, "opcode not in the table; skipped (its payload consumed)"),
    ("UNSUPPORTED", 2, "opcode or argument value defined by the seeds but not carried out by this GPU"),
    ("BAD_PAYLOAD", 3, "PAYLOAD flag or payload length the opcode does not take (docs/command.md)"),
    ("BAD_FLAGS", 4, "a reserved flag bit (7:4) is set"),
    ("ALIGN", 5, "an address is not aligned as the opcode needs"),
    ("BAD_ARG", 6, "an argument out of range (a rectangle wider than 640 words, a kernel id past the table, ...)"),
    ("RANGE", 7, "a byte range leaves the VRAM window (CP_WIN_BASE .. CP_WIN_LIMIT, and 32 MiB)"),
    ("OVERLAP", 8, "source and destination byte ranges of a copy intersect"),
    ("PIPE_FULL", 9, "READ_MEM would overfill the 256-word read pipe"),
    ("FENCE_UNSET", 10, "WAIT on a mailbox slot that holds no fence value"),
    ("TRUNCATED", 11, "CP_CTRL.RESYNC ended the packet before its last word"),
    ("WATCHDOG", 12, "the kernel ran longer than CP_WATCHDOG cycles and was stopped, or a GDRAW pass needed more than CP_WATCHDOG vertices"),
    ("ABORTED", 13, "CP_ABORT stopped the kernel"),
    ("FAULT", 14, "a shader kernel faulted (SHD_STATUS has the report); its later tiles did not run"),
]
CMD_PIPE_WORDS = 256
CMD_SLOTS = 256
CMD_ROW_WORDS = 640


def gen_cp_sv():
    o = ["// %s" % HDR, "// Command processor (seed 004, docs/command.md): opcodes, header flag bits, status codes.",
         "package cp_pkg;", ""]
    o.append("  typedef enum logic [7:0] {")
    o.append(",\n".join("    OP_%-12s = 8'h%02X  // %s" % (n, v, d) if False else "    OP_%s = 8'h%02X" % (n, v) for (n, v, st, d) in CMD_OPS))
    o.append("  } opcode_e;")
    o.append("")
    for (n, b, d) in CMD_FLAGS:
        o.append("  localparam int unsigned FLAG_%-8s = %d;  // %s" % (n, b, d))
    o.append("")
    o.append("  typedef enum logic [7:0] {")
    o.append(",\n".join("    ERR_%s = 8'd%d" % (n, v) for (n, v, d) in CMD_ERRS))
    o.append("  } status_e;")
    o.append("")
    o.append("  localparam int unsigned PIPE_WORDS = %d;  // read pipe depth (32-bit words)" % CMD_PIPE_WORDS)
    o.append("  localparam int unsigned SLOTS      = %d;  // mailbox slots" % CMD_SLOTS)
    o.append("  localparam int unsigned ROW_WORDS  = %d;  // row pitch of 2D rectangles (framebuffer words)" % CMD_ROW_WORDS)
    o.append("")
    o.append("  // the opcode is in the table and carried out (else BAD_OPCODE / UNSUPPORTED)")
    o.append("  function automatic logic op_known(input logic [7:0] op);")
    o.append("    case (op)")
    o.append("      %s: op_known = 1'b1;" % ", ".join("8'h%02X" % v for (n, v, st, d) in CMD_OPS))
    o.append("      default: op_known = 1'b0;")
    o.append("    endcase")
    o.append("  endfunction")
    o.append("  function automatic logic op_done(input logic [7:0] op);")
    o.append("    case (op)")
    o.append("      %s: op_done = 1'b1;" % ", ".join("8'h%02X" % v for (n, v, st, d) in CMD_OPS if st == "done"))
    o.append("      default: op_done = 1'b0;")
    o.append("    endcase")
    o.append("  endfunction")
    o.append("")
    o.append("endpackage")
    return "\n".join(o) + "\n"


def gen_cp_h():
    o = ["/* %s */" % HDR, "/* Command processor (seed 004, docs/command.md): opcodes, header flags, status codes. */",
         "#ifndef GPU_CMD_DEFS_H", "#define GPU_CMD_DEFS_H", ""]
    for (n, v, st, d) in CMD_OPS:
        o.append("#define GPU_CMD_%-14s 0x%02Xu /* %s%s */" % (n, v, d, "" if st == "done" else " (UNSUPPORTED so far)"))
    o.append("")
    for (n, b, d) in CMD_FLAGS:
        o.append("#define GPU_CMDF_%-8s 0x%02Xu /* %s */" % (n, 1 << b, d))
    o.append("#define GPU_CMDF_RESERVED 0xF0u")
    o.append("")
    for (n, v, d) in CMD_ERRS:
        o.append("#define GPU_CMDE_%-12s %2du /* %s */" % (n, v, d))
    o.append("#define GPU_CMDE_COUNT %d" % len(CMD_ERRS))
    o.append("")
    o.append("#define GPU_CMD_PIPE_WORDS %du" % CMD_PIPE_WORDS)
    o.append("#define GPU_CMD_SLOTS %du" % CMD_SLOTS)
    o.append("#define GPU_CMD_ROW_WORDS %du" % CMD_ROW_WORDS)
    o.append("")
    o.append("/* Opcode table: X(name, opcode, carried_out) */")
    o.append("#define GPU_CMD_TABLE(X) \\")
    for (n, v, st, d) in CMD_OPS:
        o.append("    X(%s, 0x%02Xu, %d) \\" % (n, v, 1 if st == "done" else 0))
    o.append("")
    o.append("/* Status table: X(name, code) */")
    o.append("#define GPU_CMDE_TABLE(X) \\")
    for (n, v, d) in CMD_ERRS:
        o.append("    X(%s, %du) \\" % (n, v))
    o.append("")
    o.append("#endif")
    return "\n".join(o) + "\n"


def gen_cp_md():
    o = ["<!-- %s -->" % HDR, "# Command reference (seed 004)", "",
         "The semantics, validation order and completion rules are in `docs/command.md`.", "",
         "## Opcodes", "", "| opcode | name | state | what it does |", "|---|---|---|---|"]
    for (n, v, st, d) in CMD_OPS:
        o.append("| 0x%02X | %s | %s | %s |" % (v, n, "carried out" if st == "done" else "UNSUPPORTED so far", d))
    o += ["", "## Header flags", "", "| bit | name | meaning |", "|---|---|---|"]
    for (n, b, d) in CMD_FLAGS:
        o.append("| %d | %s | %s |" % (b, n, d))
    o.append("| 7:4 | reserved | must be 0 (else BAD_FLAGS) |")
    o += ["", "## Status codes", "", "| code | name | meaning |", "|---|---|---|"]
    for (n, v, d) in CMD_ERRS:
        o.append("| %d | %s | %s |" % (v, n, d))
    return "\n".join(o) + "\n"


PKG = "rtl/gpu_pkg.sv"
PKG_BEGIN = "  // BEGIN memory map, generated by scripts/regmap.py; do not edit this block"
PKG_END = "  // END memory map"


def gen_pkg():
    """rtl/gpu_pkg.sv with its memory-map block regenerated"""
    text = open(os.path.join(ROOT, PKG)).read()
    a, b = text.index(PKG_BEGIN), text.index(PKG_END)
    lines = [PKG_BEGIN]
    for (n, v, t, c, d) in MEMMAP:
        lit = "%d" % v if t.startswith("int") else "25'h%X" % v
        lines.append("  localparam %-13s %-14s = %s;  // %s" % (t, n, lit, d))
    return text[:a] + "\n".join(lines) + "\n" + text[b:]


def mask(fields, kinds):
    m = 0
    for (_, hi, lo, k) in fields:
        if k in kinds:
            m |= ((1 << (hi - lo + 1)) - 1) << lo
    return m


def wmask(r):   # bits a write stores
    return mask(r[4], ("rw",)) if r[2] in ("RW", "W", "T") else 0


def rmask(r):   # bits a read returns from storage (computed fields come from elsewhere)
    return mask(r[4], ("rw",)) if r[2] == "RW" else 0


HDR = "generated by scripts/regmap.py from its register table; do not edit"


def struct_fields(r):
    """fields of one register from bit 63 down, reserved gaps named rsvd_HI_LO"""
    out, top = [], 63
    for (fn, hi, lo, _) in sorted(r[4], key=lambda f: -f[1]):
        if hi < top:
            out.append(("rsvd_%d_%d" % (top, hi + 1), top, hi + 1))
        out.append((fn.lower(), hi, lo))
        top = lo - 1
    if top >= 0:
        out.append(("rsvd_%d_0" % top, top, 0))
    return out


def gen_sv():
    o = ["// %s" % HDR, "// INT-010 v5.0 register map: addresses, one packed struct per register (its fields",
         "// by name, reserved bits as rsvd_HI_LO), and the per-address reset value and masks.",
         "package gpu_regs_pkg;", ""]
    for r in REGS:
        a, n = r[0], r[1]
        o.append("  localparam logic [6:0]  ADDR_%-22s = 7'h%02X;" % (n, a))
    o.append("")
    for r in REGS:
        o.append("  // %s" % r[5])
        o.append("  typedef struct packed {")
        for (fn, hi, lo) in struct_fields(r):
            width = "logic [%d:0]" % (hi - lo) if hi != lo else "logic"
            o.append("    %-13s %s;  // [%s]" % (width, fn, ("%d:%d" % (hi, lo)) if hi != lo else "%d" % lo))
        o.append("  } reg_%s_t;" % r[1].lower())
        o.append("")
    for fname, fn, what in (("reg_wmask", wmask, "bits a write stores"),
                            ("reg_rmask", rmask, "stored bits a read returns"),
                            ("reg_reset", lambda r: r[3], "reset value")):
        o.append("  // %s, per address (0 for reserved addresses)" % what)
        o.append("  function automatic logic [63:0] %s(input logic [6:0] a);" % fname)
        o.append("    case (a)")
        for r in REGS:
            o.append("      ADDR_%s: %s = 64'h%016X;" % (r[1], fname, fn(r)))
        o.append("      default: %s = 64'h0;" % fname)
        o.append("    endcase")
        o.append("  endfunction")
        o.append("")
    ds = 0
    for r in REGS:
        if r[1] in DRAW_STATE_REGS:
            ds |= 1 << r[0]
    o.append("  // registers of the draw state (bit a: address a); a write starts a new draw state")
    o.append("  localparam logic [127:0] DRAW_STATE_REGS = 128'h%032X;" % ds)
    o.append("")
    o.append("endpackage")
    return "\n".join(o) + "\n"


def gen_h():
    o = ["/* %s */" % HDR, "/* INT-010 v5.0 register map. */", "#ifndef GPU_REGS_H", "#define GPU_REGS_H", ""]
    for (n, v, t, c, d) in MEMMAP:
        o.append("#define GPU_%-22s %s /* %s */" % (n, c, d))
    o.append("#define GPU_MEM_BYTES              (1u << GPU_MEM_AW)")
    names = [r[1] for r in REGS]
    for n in DRAW_STATE_REGS:
        assert n in names, n
    o.append("/* registers of the draw state: a write starts a new draw state */")
    o.append("#define GPU_DRAW_STATE_REG(a) (%s)" % " || ".join("(a) == REG_%s" % n for n in DRAW_STATE_REGS))
    o.append("")
    for r in REGS:
        o.append("#define REG_%-22s 0x%02Xu" % (r[1], r[0]))
    o.append("")
    for r in REGS:
        for (fn, hi, lo, _) in r[4]:
            o.append("#define %-36s %2du" % ("%s_%s_SHIFT" % (r[1], fn), lo))
            o.append("#define %-36s 0x%XULL" % ("%s_%s_MASK" % (r[1], fn), ((1 << (hi - lo + 1)) - 1)))
    o.append("")
    o.append("/* Register table: X(name, addr, access, reset, write_mask, read_mask)")
    o.append(" * access: 'W' write-only (reads 0), 'R' read-only, 'A' read/write, 'T' trigger */")
    o.append("#define GPU_REG_TABLE(X) \\")
    acc = {"RW": "'A'", "W": "'W'", "R": "'R'", "T": "'T'"}
    for r in REGS:
        o.append("    X(%s, 0x%02Xu, %s, 0x%016XULL, 0x%016XULL, 0x%016XULL) \\" %
                 (r[1], r[0], acc[r[2]], r[3], wmask(r), rmask(r)))
    o.append("")
    o.append("#endif")
    return "\n".join(o) + "\n"


def gen_md():
    o = ["<!-- %s -->" % HDR, "# Register reference (INT-010 v5.0)", "",
         "Every register is 64 bits. Addresses not listed are reserved: they read as zero and ignore",
         "writes. Bits outside the listed fields are reserved likewise. Access: RW read/write, W",
         "write-only (reads return 0), R read-only (writes ignored), T trigger (write has a side effect,",
         "see the description). Field kinds: rw stored, ro computed, wc write-1 action that reads 0.", "",
         "| addr | name | access | reset | write mask | fields | description |",
         "|---|---|---|---|---|---|---|"]
    for r in REGS:
        f = ", ".join("%s[%s]%s" % (fn, ("%d:%d" % (hi, lo)) if hi != lo else "%d" % lo, "" if k == "rw" else " (%s)" % k)
                      for (fn, hi, lo, k) in r[4])
        o.append("| 0x%02X | %s | %s | 0x%016X | 0x%016X | %s | %s |" % (r[0], r[1], r[2], r[3], wmask(r), f, r[5]))
    return "\n".join(o) + "\n"


OUTPUTS = [("rtl/gpu_regs_pkg.sv", gen_sv), ("sw/include/gpu_regs.h", gen_h), ("docs/registers.md", gen_md),
           (PKG, gen_pkg), ("rtl/cp/cp_pkg.sv", gen_cp_sv), ("sw/include/gpu_cmd_defs.h", gen_cp_h),
           ("docs/command-table.md", gen_cp_md)]


def main():
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
        return 0
    for a in sys.argv[1:]:
        if a != "--check":
            print("regmap: unknown argument %r (allowed: --check, --help)" % a, file=sys.stderr)
            return 2
    check = "--check" in sys.argv
    bad = 0
    for path, fn in OUTPUTS:
        full = os.path.join(ROOT, path)
        text = fn()
        if check:
            old = open(full).read() if os.path.exists(full) else ""
            if old != text:
                print("regmap: %s is stale; run scripts/regmap.py and commit the result" % path)
                bad += 1
        else:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as fh:
                fh.write(text)
    if check and not bad:
        print("regmap: generated files are up to date")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
