; memcpy: copy len bytes from src to dst (the ranges do not overlap), on every core.
; Arguments (ARG_BASE): +0 dst, +4 src, +8 len.
; Core c copies the 64-byte chunks c, c+N, ... : words with LW/SW in the base+rs2 mode (any
; alignment, D14), the last 0-3 bytes with LB/SB.
        CSRRS   s1, ARG_BASE, s0
        LW      s2, 0(s1)               ; dst
        LW      s3, 4(s1)               ; src
        LW      s4, 8(s1)               ; len
        CSRRS   s6, CORE_ID, s0
        CSRRS   s7, NCORES, s0
        SHLI    s6, s6, 6               ; i
        SHLI    s7, s7, 6               ; stride
chunk:  BGEU    s6, s4, done
        ADDI    s8, s6, 64
        BLEU    s8, s4, full            ; end = min(i + 64, len)
        MOV     s8, s4
full:   MOV     s9, s6
words:  ADDI    s10, s9, 4
        BGTU    s10, s8, bytes
        LW      s12, (s3+s9)
        SW      s12, (s2+s9)
        MOV     s9, s10
        J       words
bytes:  BGEU    s9, s8, next
        LB      s12, (s3+s9)
        SB      s12, (s2+s9)
        ADDI    s9, s9, 1
        J       bytes
next:   ADD     s6, s6, s7
        J       chunk
done:   WFI
