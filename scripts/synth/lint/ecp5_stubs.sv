// Lint-only port stubs of the Lattice ECP5 primitives the board top uses (Verilator cannot see
// the vendor cells). Never synthesised or simulated: Yosys synth_ecp5 has the real cells.
/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
module DCCA (
  input  logic CLKI,
  input  logic CE,
  output logic CLKO
);
  assign CLKO = CLKI & CE;  // placeholder
endmodule

module ODDRX1F (
  input  logic D0,
  input  logic D1,
  input  logic SCLK,
  input  logic RST,
  output logic Q
);
  assign Q = D0;  // placeholder
endmodule

module EHXPLLL #(
  parameter string PLLRST_ENA = "DISABLED",
  parameter string INTFB_WAKE = "DISABLED",
  parameter string STDBY_ENABLE = "DISABLED",
  parameter string DPHASE_SOURCE = "DISABLED",
  parameter string OUTDIVIDER_MUXA = "DIVA",
  parameter string OUTDIVIDER_MUXB = "DIVB",
  parameter string OUTDIVIDER_MUXC = "DIVC",
  parameter string OUTDIVIDER_MUXD = "DIVD",
  parameter int    CLKI_DIV = 1,
  parameter string CLKOP_ENABLE = "ENABLED",
  parameter int    CLKOP_DIV = 8,
  parameter int    CLKOP_CPHASE = 0,
  parameter int    CLKOP_FPHASE = 0,
  parameter string CLKOS_ENABLE = "DISABLED",
  parameter int    CLKOS_DIV = 8,
  parameter int    CLKOS_CPHASE = 0,
  parameter int    CLKOS_FPHASE = 0,
  parameter string CLKOS2_ENABLE = "DISABLED",
  parameter int    CLKOS2_DIV = 8,
  parameter int    CLKOS2_CPHASE = 0,
  parameter int    CLKOS2_FPHASE = 0,
  parameter string FEEDBK_PATH = "CLKOP",
  parameter int    CLKFB_DIV = 1
) (
  input  logic RST, STDBY, CLKI, CLKFB,
  input  logic PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP, PHASELOADREG, PLLWAKESYNC,
  input  logic ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
  output logic CLKOP, CLKOS, CLKOS2, CLKOS3, CLKINTFB, LOCK, INTLOCK
);
  assign CLKOP = CLKI;   // placeholders
  assign CLKOS = CLKI;
  assign CLKOS2 = CLKI;
  assign CLKOS3 = CLKI;
  assign CLKINTFB = CLKI;
  assign LOCK = 1'b1;
  assign INTLOCK = 1'b1;
endmodule
/* verilator lint_on UNUSEDPARAM */
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_on DECLFILENAME */
