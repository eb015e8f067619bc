// host_spi_slave: INT-010 SPI slave, SPI mode 0, MSB first, 72-bit transactions
// ([71] R/W (1 = read), [70:64] address, [63:0] data).
//
// Clock domain: spi_sck_i. spi_cs_ni high asynchronously resets the bit counter, so a
// transaction whose CS rises before its 72nd bit leaves no trace: a write is pushed into the
// command FIFO only on the 72nd rising edge; bits after the 72nd are ignored.
//
// Writes: on the 72nd rising edge {addr, data} goes to the async FIFO write port. If the FIFO is
// full (as seen from this domain) the write is dropped and ovf_tgl_o flips; the core records
// it in STATUS.FIFO_OVF.
// Reads: on the 8th rising edge (address byte complete, bit 7 = 1) rd_addr_o is captured and
// rd_req_tgl_o flips; the core answers by writing rd_data_i (quasi-static, core domain). The
// host must hold SCK low for t_RD (docs/spec-decisions.md) after the 8th bit before the 9th
// rising edge. MISO shows rd_data_i[63] from the 8th rising edge, then each following bit is
// driven from the falling edge. On the 72nd rising edge of a read rd_done_tgl_o flips, and the
// core commits the read's side effects (MEM_DATA pointer advance, STATUS flag clear); an
// aborted read commits nothing.
// Reset: rst_ni (asynchronous) resets the toggles; the host must not clock SCK during reset.
module host_spi_slave (
  input  logic        spi_sck_i,
  input  logic        spi_cs_ni,
  input  logic        spi_mosi_i,
  output logic        spi_miso_o,
  input  logic        rst_ni,

  // command FIFO write port (SCK domain)
  output logic        fifo_wvalid_o,
  output logic [70:0] fifo_wdata_o,
  input  logic        fifo_wfull_i,
  output logic        ovf_tgl_o,

  // read path
  output logic        rd_req_tgl_o,
  output logic        rd_done_tgl_o,
  output logic [6:0]  rd_addr_o,
  input  logic [63:0] rd_data_i
);
  logic [6:0]  cnt_q, cnt_d;          // bits received, saturates at 72
  logic [70:0] shift_q, shift_d;
  logic        is_rd_q, is_rd_d;
  logic [6:0]  rd_addr_q, rd_addr_d;
  logic        req_tgl_q, req_tgl_d, done_tgl_q, done_tgl_d, ovf_tgl_q, ovf_tgl_d;
  logic        miso_q, miso_d;
  logic [71:0] frame;

  assign frame = {shift_q, spi_mosi_i};

  always_comb begin
    cnt_d      = cnt_q;
    shift_d    = shift_q;
    is_rd_d    = is_rd_q;
    rd_addr_d  = rd_addr_q;
    req_tgl_d  = req_tgl_q;
    done_tgl_d = done_tgl_q;
    ovf_tgl_d  = ovf_tgl_q;
    fifo_wvalid_o = 1'b0;
    if (cnt_q != 7'd72) begin
      cnt_d   = cnt_q + 7'd1;
      shift_d = frame[70:0];
      if (cnt_q == 7'd7) begin
        is_rd_d = frame[7];
        if (frame[7]) begin
          rd_addr_d = frame[6:0];
          req_tgl_d = ~req_tgl_q;
        end
      end
      if (cnt_q == 7'd71) begin
        if (is_rd_q) begin
          done_tgl_d = ~done_tgl_q;
        end else if (fifo_wfull_i) begin
          ovf_tgl_d = ~ovf_tgl_q;
        end else begin
          fifo_wvalid_o = 1'b1;
        end
      end
    end
  end

  assign fifo_wdata_o = frame[70:0];

  // bit counter, shift register, read flag: cleared whenever CS is high
  always_ff @(posedge spi_sck_i or posedge spi_cs_ni) begin
    if (spi_cs_ni) begin
      cnt_q   <= '0;
      shift_q <= '0;
      is_rd_q <= 1'b0;
    end else begin
      cnt_q   <= cnt_d;
      shift_q <= shift_d;
      is_rd_q <= is_rd_d;
    end
  end

  // event toggles and the read address survive CS; reset only by the GPU reset
  always_ff @(posedge spi_sck_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_addr_q  <= '0;
      req_tgl_q  <= 1'b0;
      done_tgl_q <= 1'b0;
      ovf_tgl_q  <= 1'b0;
    end else begin
      rd_addr_q  <= rd_addr_d;
      req_tgl_q  <= req_tgl_d;
      done_tgl_q <= done_tgl_d;
      ovf_tgl_q  <= ovf_tgl_d;
    end
  end

  // MISO: data bit 71-cnt, updated on the falling edge (mode 0)
  always_comb begin
    miso_d = 1'b0;
    if (is_rd_q && cnt_q >= 7'd8 && cnt_q <= 7'd71) miso_d = rd_data_i[6'(7'd71 - cnt_q)];
  end

  always_ff @(negedge spi_sck_i or posedge spi_cs_ni) begin
    if (spi_cs_ni) miso_q <= 1'b0;
    else           miso_q <= miso_d;
  end

  // the first data bit is shown straight after the address byte (before any falling edge
  // has had time to see the core's answer)
  assign spi_miso_o    = (is_rd_q && cnt_q == 7'd8) ? rd_data_i[63] : miso_q;
  logic unused_frame_msb;  // the R/W bit was already taken from the first byte
  assign unused_frame_msb = frame[71];

  assign rd_req_tgl_o  = req_tgl_q;
  assign rd_done_tgl_o = done_tgl_q;
  assign ovf_tgl_o     = ovf_tgl_q;
  assign rd_addr_o     = rd_addr_q;
endmodule
