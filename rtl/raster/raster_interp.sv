// raster_interp: exact per-pixel attribute stepping for the bbox walk (UNIT-005).
// C mirror: sw/model/raster_interp.c.
//
// Holds, for every attribute plane gpu_pkg::ATTR_* of the setup record, the running (q, r) of
// the current pixel and of its row start, and steps them exactly: (q, r) += (qx, rx) per pixel,
// (qrow, rrow) += (qy, ry) per row (and the pixel takes the new row start), r kept in [0, area)
// with a carry into q. q is kept modulo 2^32, which is exact for every covered pixel (its value
// lies between the vertex values). The attribute value of the current pixel is a0 + q.
// Control: raster_walk's step flip-flops, used as they are (no logic in front of the enables):
//   load_i     take the planes from attr_i (and area_i): per-triangle registers and start values
//   en_i       update the pixel values this cycle (a pixel step, a row step or the load)
//   enrow_i    update the row-start values this cycle (a row step or the load)
//   sel_row_i  the update is a row step (else a pixel step); ignored during a load
// A step is one adder deep: r + dr and r + dr - area are formed in parallel (dr - area and
// dq + 1 precomputed per triangle at the load), the sign of the latter selects.
// Out: z_o and color_o of the current pixel (registered values plus one adder), valid whenever
// the walker's position is. Latency: the values follow the walker's position register for
// register. Reset: all zero.
module raster_interp (
  input  logic clk_i,
  input  logic rst_ni,

  input  logic                 load_i,
  input  logic                 en_i,
  input  logic                 enrow_i,
  input  logic                 sel_row_i,
  input  gpu_pkg::setup_attr_t attr_i,     // planes of the setup record, sampled at load_i
  input  logic [35:0]          area_i,     // setup record edges.area, sampled at load_i

  output gpu_pkg::z25_t        z_o,        // a0 + q of ATTR_Z
  output gpu_pkg::rgba8_t      color_o     // a0 + q of ATTR_R, ATTR_G, ATTR_B, ATTR_A (8 bits each)
);
  localparam int unsigned AttrN = gpu_pkg::ATTR_N;

  // per-triangle planes
  logic [AttrN-1:0][24:0] a0_q, a0_d;
  logic [AttrN-1:0][31:0] qx_q, qx_d, qy_q, qy_d;
  logic [AttrN-1:0][34:0] rx_q, rx_d, ry_q, ry_d;
  // per-triangle precomputed step variants (one adder per step, see qr_step)
  logic [AttrN-1:0][35:0] rxm_q, rxm_d, rym_q, rym_d;   // rx - area, ry - area (two's complement)
  logic [AttrN-1:0][31:0] qx1_q, qx1_d, qy1_q, qy1_d;   // qx + 1, qy + 1
  // running values of the current pixel and of its row start
  logic [AttrN-1:0][31:0] q_q, q_d, qrow_q, qrow_d;
  logic [AttrN-1:0][34:0] r_q, r_d, rrow_q, rrow_d;

  // one exact step of (q, r) by (dq, dr) modulo area: r + dr and r + dr - area are formed in
  // parallel (drm = dr - area precomputed), the sign of the latter selects, and q + dq or
  // q + dq + 1 (dq1 precomputed) follows; one adder deep
  function automatic logic [66:0] qr_step(input logic [31:0] q, input logic [34:0] r,
                                          input logic [31:0] dq, input logic [31:0] dq1,
                                          input logic [34:0] dr, input logic [35:0] drm);
    logic [34:0] s1;                 // r + dr when it stays below area (< 2^35)
    logic [35:0] s2;
    logic        wrap;
    s1 = r + dr;
    s2 = {1'b0, r} + drm;
    wrap = !s2[35];                  // r + dr >= area
    qr_step = wrap ? {q + dq1, s2[34:0]} : {q + dq, s1};
  endfunction

  logic [66:0] st, sx;
  always_comb begin
    st = '0;
    sx = '0;
    a0_d = a0_q; qx_d = qx_q; qy_d = qy_q; rx_d = rx_q; ry_d = ry_q;
    rxm_d = rxm_q; rym_d = rym_q; qx1_d = qx1_q; qy1_d = qy1_q;
    q_d = q_q; qrow_d = qrow_q; r_d = r_q; rrow_d = rrow_q;

    // per-triangle registers: written by the load only
    if (load_i) begin
      a0_d = attr_i.a0; qx_d = attr_i.qx; qy_d = attr_i.qy;
      rx_d = attr_i.rx; ry_d = attr_i.ry;
      for (int j = 0; j < AttrN; j++) begin
        rxm_d[j] = {1'b0, attr_i.rx[j]} - area_i;
        rym_d[j] = {1'b0, attr_i.ry[j]} - area_i;
        qx1_d[j] = attr_i.qx[j] + 32'd1;
        qy1_d[j] = attr_i.qy[j] + 32'd1;
      end
    end

    // running values: enable en_i (enrow_i for the row starts), update picked by the selects;
    // every branch writes every register of its group, so the enables stay plain flip-flops
    if (load_i) begin
      q_d = attr_i.q0; qrow_d = attr_i.q0; r_d = attr_i.r0; rrow_d = attr_i.r0;
    end else if (sel_row_i) begin
      for (int j = 0; j < AttrN; j++) begin
        st = qr_step(qrow_q[j], rrow_q[j], qy_q[j], qy1_q[j], ry_q[j], rym_q[j]);
        qrow_d[j] = st[66:35]; rrow_d[j] = st[34:0];
        q_d[j]    = st[66:35]; r_d[j]    = st[34:0];
      end
    end else begin
      for (int j = 0; j < AttrN; j++) begin
        sx = qr_step(q_q[j], r_q[j], qx_q[j], qx1_q[j], rx_q[j], rxm_q[j]);
        q_d[j] = sx[66:35]; r_d[j] = sx[34:0];
      end
    end
    if (!en_i) begin
      q_d = q_q; r_d = r_q;
    end
    if (!enrow_i) begin
      qrow_d = qrow_q; rrow_d = rrow_q;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a0_q <= '0; qx_q <= '0; qy_q <= '0; rx_q <= '0; ry_q <= '0;
      rxm_q <= '0; rym_q <= '0; qx1_q <= '0; qy1_q <= '0;
      q_q <= '0; qrow_q <= '0; r_q <= '0; rrow_q <= '0;
    end else begin
      a0_q <= a0_d; qx_q <= qx_d; qy_q <= qy_d; rx_q <= rx_d; ry_q <= ry_d;
      rxm_q <= rxm_d; rym_q <= rym_d; qx1_q <= qx1_d; qy1_q <= qy1_d;
      q_q <= q_d; qrow_q <= qrow_d; r_q <= r_d; rrow_q <= rrow_d;
    end
  end

  assign z_o     = a0_q[gpu_pkg::ATTR_Z] + q_q[gpu_pkg::ATTR_Z][24:0];
  assign color_o = {a0_q[gpu_pkg::ATTR_A][7:0] + q_q[gpu_pkg::ATTR_A][7:0],
                    a0_q[gpu_pkg::ATTR_B][7:0] + q_q[gpu_pkg::ATTR_B][7:0],
                    a0_q[gpu_pkg::ATTR_G][7:0] + q_q[gpu_pkg::ATTR_G][7:0],
                    a0_q[gpu_pkg::ATTR_R][7:0] + q_q[gpu_pkg::ATTR_R][7:0]};
endmodule
