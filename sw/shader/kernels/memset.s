; memset: fill len bytes at dst with one byte value, on every core of the tile.
; Arguments (ARG_BASE): +0 dst, +4 value (low byte), +8 len.
; Core c fills the 64-byte chunks c, c+N, c+2N, ... (N = NCORES): whole words with SW (at any
; alignment: a misaligned dst sets STATUS.MISALIGNED, D14), the last 0-3 bytes with SB.
        CSRRS   s1, ARG_BASE, s0
        LW      s2, 0(s1)               ; dst
        LW      s3, 4(s1)               ; value
        LW      s4, 8(s1)               ; len
        ANDI    s3, s3, 255
        MOVI    s5, 0x01010101
        MUL     s3, s3, s5              ; the byte in every lane
        CSRRS   s6, CORE_ID, s0
        CSRRS   s7, NCORES, s0
        SHLI    s6, s6, 6               ; i = 64 * core
        SHLI    s7, s7, 6               ; stride = 64 * NCORES
chunk:  BGEU    s6, s4, done            ; i >= len
        ADDI    s8, s6, 64              ; end = min(i + 64, len)
        BLTU    s8, s4, full
        MOV     s8, s4
full:   MOV     s9, s6                  ; j = i
words:  ADDI    s10, s9, 4
        BLTU    s8, s10, bytes          ; j + 4 > end
        ADD     s11, s2, s9
        SW      s3, (s11)
        MOV     s9, s10
        J       words
bytes:  BGEU    s9, s8, next
        SB      s3, (s2+s9)
        ADDI    s9, s9, 1
        J       bytes
next:   ADD     s6, s6, s7
        J       chunk
done:   WFI
