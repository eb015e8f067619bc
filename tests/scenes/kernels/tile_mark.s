; tile_mark: each core stores 0xA5000000 | core << 12 | TILE_OFFSET at
; ARG_BASE + 16 * (8 y + x) + 4 * core, {y, x} = TILE_OFFSET. Used by scene shader_dispatch and
; test_cp_shader (test_model) to see which tiles a DISPATCH of a shader kernel ran.
        CSRRS   s1, ARG_BASE, s0
        CSRRS   s2, CORE_ID, s0
        CSRRS   s3, TILE_OFFSET, s0
        LSRI    s4, s3, 16
        SHLI    s4, s4, 3
        SHLI    s5, s3, 16
        LSRI    s5, s5, 16
        ADD     s4, s4, s5
        SHLI    s4, s4, 4
        SHLI    s6, s2, 2
        ADD     s4, s4, s6
        ADD     s4, s4, s1
        SHLI    s6, s2, 12
        LUI     s7, 0xA5000
        OR      s7, s7, s6
        OR      s7, s7, s3
        SW      s7, (s4)
        WFI
