// board_clkgen: clock generation from the board oscillator (RefMhz: 50 on the ICEpi Zero, 25 on
// the ULX3S) with two ECP5 EHXPLLL.
//
// What:       PLL 1 makes the core clock, PLL 2 the pixel clock and the 5x TMDS shift clock
//             (DDR outputs give the 10x bit rate). Frequencies (docs/synth.md "Clock plan"):
//               clk_core_o   100.000 MHz  = 50 / 1 * 2 * 6 / 6  or  25 / 1 * 4 * 6 / 6   (VCO 600 MHz)
//               clk_pix_o     25.179 MHz  = 50 / 14 * 3 * 47 / 20  or  25 / 7 * 3 * 47 / 20
//                                                                 (VCO 503.571 MHz)
//               clk_shift_o  125.893 MHz  = 5 x clk_pix_o, same VCO, same phase
//             25.179 MHz is the nearest the ECP5 PLL gets to 25.175 MHz from 50 (or 25) MHz
//             with an integer 5x shift clock (+0.014 %, well inside the VESA 0.5 % tolerance).
//             Both inputs give the same phase-detector frequencies per MHz of VCO: only the
//             input dividers differ. nextpnr derives the output clocks from the input's
//             FREQUENCY constraint and these dividers.
// Latency:    n/a. locked_*_o go high when the PLLs lock (asynchronous, synchronise first).
// Illegal:    RefMhz other than 25 or 50: an elaboration error.
// Reset:      none (the PLLs run from power-up); use locked_*_o in the reset of each domain.
// Simulation: not simulated; the Verilated harness drives clk_core/clk_pix directly.
//             EHXPLLL is the Lattice primitive, a black box that Yosys synth_ecp5 knows.
module board_clkgen #(
  parameter int unsigned RefMhz = 50
) (
  input  logic clk_ref_i,
  output logic clk_core_o,
  output logic clk_pix_o,
  output logic clk_shift_o,
  output logic locked_core_o,
  output logic locked_pix_o
);

  // core PLL: feedback divider (CLKOP = RefMhz * CoreFbDiv = 100 MHz); pixel PLL: input divider
  // (PFD 25/7 = 50/14 MHz)
  localparam int CoreFbDiv  = (RefMhz == 25) ? 4 : 2;
  localparam int PixClkiDiv = (RefMhz == 25) ? 7 : 14;
  if (RefMhz != 25 && RefMhz != 50) begin : g_bad_ref
    $error("board_clkgen: RefMhz must be 25 or 50");
  end

  logic core_fb, pix_fb;
  // Outputs of the PLLs that are not used (named so that lint knows).
  logic unused_core_os, unused_core_os2, unused_core_os3, unused_core_intfb, unused_core_intlock;
  logic unused_pix_os3, unused_pix_intfb, unused_pix_intlock;

  (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *)
  (* MFG_GMCREF_SEL="2" *)
  EHXPLLL #(
    .PLLRST_ENA       ("DISABLED"),
    .INTFB_WAKE       ("DISABLED"),
    .STDBY_ENABLE     ("DISABLED"),
    .DPHASE_SOURCE    ("DISABLED"),
    .OUTDIVIDER_MUXA  ("DIVA"),
    .OUTDIVIDER_MUXB  ("DIVB"),
    .OUTDIVIDER_MUXC  ("DIVC"),
    .OUTDIVIDER_MUXD  ("DIVD"),
    .CLKI_DIV         (1),
    .CLKOP_ENABLE     ("ENABLED"),
    .CLKOP_DIV        (6),
    .CLKOP_CPHASE     (2),
    .CLKOP_FPHASE     (0),
    .FEEDBK_PATH      ("CLKOP"),
    .CLKFB_DIV        (CoreFbDiv)
  ) u_pll_core (
    .RST          (1'b0),
    .STDBY        (1'b0),
    .CLKI         (clk_ref_i),
    .CLKOP        (core_fb),
    .CLKOS        (unused_core_os),
    .CLKOS2       (unused_core_os2),
    .CLKOS3       (unused_core_os3),
    .CLKFB        (core_fb),
    .CLKINTFB     (unused_core_intfb),
    .PHASESEL0    (1'b0),
    .PHASESEL1    (1'b0),
    .PHASEDIR     (1'b1),
    .PHASESTEP    (1'b1),
    .PHASELOADREG (1'b1),
    .PLLWAKESYNC  (1'b0),
    .ENCLKOP      (1'b0),
    .ENCLKOS      (1'b0),
    .ENCLKOS2     (1'b0),
    .ENCLKOS3     (1'b0),
    .LOCK         (locked_core_o),
    .INTLOCK      (unused_core_intlock)
  );
  assign clk_core_o = core_fb;

  (* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *)
  (* MFG_GMCREF_SEL="2" *)
  EHXPLLL #(
    .PLLRST_ENA       ("DISABLED"),
    .INTFB_WAKE       ("DISABLED"),
    .STDBY_ENABLE     ("DISABLED"),
    .DPHASE_SOURCE    ("DISABLED"),
    .OUTDIVIDER_MUXA  ("DIVA"),
    .OUTDIVIDER_MUXB  ("DIVB"),
    .OUTDIVIDER_MUXC  ("DIVC"),
    .OUTDIVIDER_MUXD  ("DIVD"),
    .CLKI_DIV         (PixClkiDiv),
    .CLKOP_ENABLE     ("ENABLED"),
    .CLKOP_DIV        (47),
    .CLKOP_CPHASE     (23),
    .CLKOP_FPHASE     (0),
    .CLKOS_ENABLE     ("ENABLED"),
    .CLKOS_DIV        (4),
    .CLKOS_CPHASE     (23),
    .CLKOS_FPHASE     (0),
    .CLKOS2_ENABLE    ("ENABLED"),
    .CLKOS2_DIV       (20),
    .CLKOS2_CPHASE    (23),
    .CLKOS2_FPHASE    (0),
    .FEEDBK_PATH      ("CLKOP"),
    .CLKFB_DIV        (3)
  ) u_pll_pix (
    .RST          (1'b0),
    .STDBY        (1'b0),
    .CLKI         (clk_ref_i),
    .CLKOP        (pix_fb),
    .CLKOS        (clk_shift_o),
    .CLKOS2       (clk_pix_o),
    .CLKOS3       (unused_pix_os3),
    .CLKFB        (pix_fb),
    .CLKINTFB     (unused_pix_intfb),
    .PHASESEL0    (1'b0),
    .PHASESEL1    (1'b0),
    .PHASEDIR     (1'b1),
    .PHASESTEP    (1'b1),
    .PHASELOADREG (1'b1),
    .PLLWAKESYNC  (1'b0),
    .ENCLKOP      (1'b0),
    .ENCLKOS      (1'b0),
    .ENCLKOS2     (1'b0),
    .ENCLKOS3     (1'b0),
    .LOCK         (locked_pix_o),
    .INTLOCK      (unused_pix_intlock)
  );

endmodule
