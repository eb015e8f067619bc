// gpu_pkg: shared types of the GPU core. Field names match the C model structs in
// sw/model/gpu_model_int.h (vertex_t, rstate_t, triangle_t, frag_t).
package gpu_pkg;

  // ---- formats ----
  localparam int unsigned FB_W   = 640;
  localparam int unsigned FB_H   = 480;
  localparam int unsigned MEM_AW = 25;    // byte address, 32 MiB
  localparam int unsigned PRIM_W = 16;    // triangle sequence number (debug sideband)

  typedef logic signed [15:0] fx12_4_t;   // 12.4 signed screen coordinate
  typedef logic [24:0]        z25_t;      // vertex / interpolated depth
  typedef logic [31:0]        rgba8_t;    // A[31:24] B[23:16] G[15:8] R[7:0]

  // Vertex as latched by the register file.
  typedef struct packed {
    fx12_4_t x;
    fx12_4_t y;
    z25_t    z;
    rgba8_t  color;
  } vertex_t;

  // Z compare functions (FB_ZBUFFER.Z_COMPARE).
  typedef enum logic [2:0] {
    ZLess = 3'd0, ZLequal = 3'd1, ZEqual = 3'd2, ZGequal = 3'd3,
    ZGreater = 3'd4, ZNotequal = 3'd5, ZAlways = 3'd6, ZNever = 3'd7
  } zcmp_e;

  // Render state captured when a triangle is submitted (fields named as the registers' fields).
  typedef struct packed {
    logic        z_write;     // TRI_MODE.Z_WRITE
    logic        z_test;      // TRI_MODE.Z_TEST
    logic        gouraud;     // TRI_MODE.GOURAUD
    logic        dither_en;   // DITHER_MODE.ENABLE
    zcmp_e       z_compare;   // FB_ZBUFFER.Z_COMPARE
    logic [12:0] fb_base;     // FB_DRAW[24:12]
    logic [12:0] z_base;      // FB_ZBUFFER[24:12]
  } rstate_t;

  typedef struct packed {
    vertex_t           v0;
    vertex_t           v1;
    vertex_t           v2;
    rstate_t           rs;
    logic [PRIM_W-1:0] prim;
  } triangle_t;

  // Fragment from the walker to the pixel pipeline.
  typedef struct packed {
    logic [9:0]        x;
    logic [8:0]        y;
    logic [18:0]       pix;     // y*640 + x, kept incrementally by the walker (derived field)
    z25_t              z;
    rgba8_t            color;
    rstate_t           rs;
    logic [PRIM_W-1:0] prim;
  } frag_t;

  // Host link
  localparam int unsigned CMD_FIFO_DEPTH = 32;   // MAX of INT-010; CMD_FULL at >= MAX-2
  localparam int unsigned CMD_W = 7 + 64;        // {addr, data} of a write

endpackage
