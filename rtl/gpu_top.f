# gpu_top file list, in dependency order (also the reading order)
rtl/gpu_regs_pkg.sv
rtl/gpu_pkg.sv
rtl/prim/prim_sync.sv
rtl/prim/prim_toggle_rx.sv
rtl/prim/prim_rst_sync.sv
rtl/prim/prim_fifo.sv
rtl/prim/prim_async_fifo.sv
rtl/host/host_spi_slave.sv
rtl/host/host_reg_file.sv
rtl/raster/raster_setup.sv
rtl/raster/raster_walk.sv
rtl/pixel/pixel_pipe.sv
rtl/mem/mem_arbiter.sv
rtl/gpu_top.sv
