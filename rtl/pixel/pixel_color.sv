// pixel_color: first stage of the pixel path (UNIT-006; ADDENDUM 4). C mirror:
// sw/model/pixel_color.c.
// Turns the walker's fragment (RGBA8 colour) into the pixel fragment of the stage chain
// (pfrag_t), promoting each 8-bit channel to a 10.8 channel (gpu_pkg::color108_t) by bit
// replication of the integer part, fraction 0: gpu_pkg::c108_from8, c10 = {c8, c8[7:6]}.
// Combinational: no state, no latency; valid and payload pass straight through, ready comes
// from the next stage. Contract: docs/interfaces.md (valid/ready).
module pixel_color (
  input  logic            frag_valid_i,
  output logic            frag_ready_o,
  input  gpu_pkg::frag_t  frag_i,

  output logic            frag_valid_o,
  input  logic            frag_ready_i,
  output gpu_pkg::pfrag_t frag_o
);
  always_comb begin
    frag_o.x       = frag_i.x;
    frag_o.y       = frag_i.y;
    frag_o.pix     = frag_i.pix;
    frag_o.z       = frag_i.z;
    frag_o.color.r = gpu_pkg::c108_from8(frag_i.color[7:0]);
    frag_o.color.g = gpu_pkg::c108_from8(frag_i.color[15:8]);
    frag_o.color.b = gpu_pkg::c108_from8(frag_i.color[23:16]);
    frag_o.color.a = gpu_pkg::c108_from8(frag_i.color[31:24]);
    frag_o.sid     = frag_i.sid;
    frag_o.prim    = frag_i.prim;
  end

  assign frag_valid_o = frag_valid_i;
  assign frag_ready_o = frag_ready_i;
endmodule
