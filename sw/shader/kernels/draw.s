; draw: a w x h rectangle of the 640x480 framebuffer (one 32-bit word per pixel, RGB565 in
; bits 15:0, ADDENDUM 2) at the tile origin TILE_OFFSET (x0 = [15:0], y0 = [31:16]):
; pixel (x, y) = R (x >> 4) & 31, G (y >> 3) & 63, B (x ^ y) & 31, except inside the circle
; (x - cx)^2 + (y - cy)^2 < r^2, which is white (0xffff). Pixels outside the screen are skipped.
; Arguments (ARG_BASE): +0 framebuffer base, +4 w | h << 16, +8 cx | cy << 16 (screen
; coordinates), +12 r. Core c draws the rows y0 + c, y0 + c + N, ...
        CSRRS   s1, ARG_BASE, s0
        LW      s2, 0(s1)               ; fb
        LW      s3, 4(s1)
        SHLI    s4, s3, 16
        LSRI    s4, s4, 16              ; w (zero-extended half)
        LSRI    s5, s3, 16              ; h
        LW      s3, 8(s1)
        SHLI    s6, s3, 16
        LSRI    s6, s6, 16              ; cx
        LSRI    s7, s3, 16              ; cy
        LW      s8, 12(s1)
        MUL     s8, s8, s8              ; r^2
        CSRRS   s3, TILE_OFFSET, s0
        SHLI    s9, s3, 16
        LSRI    s9, s9, 16              ; x0
        LSRI    s10, s3, 16             ; y0
        ADD     s4, s4, s9              ; x end
        ADD     s5, s5, s10             ; y end
        ADDI    s21, s0, 640
        ADDI    s22, s0, 480
        MIN     s4, s4, s21             ; clip
        MIN     s5, s5, s22
        CSRRS   s11, CORE_ID, s0
        CSRRS   s12, NCORES, s0
        ADD     s13, s10, s11           ; y
        MOVI    s20, 0xffff
rowl:   BGE     s13, s5, done
        SUB     s14, s13, s7            ; dy
        MUL     s14, s14, s14
        MUL     s15, s13, s21           ; y * 640
        MOV     s16, s9                 ; x
pixl:   BGE     s16, s4, nextrow
        SUB     s17, s16, s6            ; dx
        MUL     s17, s17, s17
        ADD     s17, s17, s14
        MOV     s18, s20                ; white
        BLT     s17, s8, put
        LSRI    s18, s16, 4
        ANDI    s18, s18, 31
        SHLI    s18, s18, 11            ; R
        LSRI    s19, s13, 3
        ANDI    s19, s19, 63
        SHLI    s19, s19, 5             ; G
        OR      s18, s18, s19
        XOR     s19, s16, s13
        ANDI    s19, s19, 31            ; B
        OR      s18, s18, s19
put:    ADD     s19, s15, s16
        SHLI    s19, s19, 2
        SW      s18, (s2+s19)
        ADDI    s16, s16, 1
        J       pixl
nextrow: ADD    s13, s13, s12
        J       rowl
done:   WFI
