; reduce: reductions of n signed 32-bit values with the atomics of the tile.
; Arguments (ARG_BASE): +0 data, +4 n, +8 result block R. The host initialises R:
;   R+0 sum (0)          ATOM.ADD       R+4  min (0x7fffffff)  ATOM.MIN
;   R+8 max (0x80000000) ATOM.MAX       R+12 xor (0)           ATOM.XOR
;   R+16 and (-1)        ATOM.AND       R+20 or (0)            ATOM.OR
;   R+24 unsigned max (0) by a CAS loop R+28 ticket counter (0) ATOM.ADD
;   R+32 + 4*b  histogram of (value & 15), one ATOM.ADD per element
;   R+96 + 4*core  the ticket each core drew (0..N-1, a permutation), ATOM.XCHG
; Core c reduces the elements c, c+N, ... locally, then publishes with one atomic per result.
        CSRRS   s1, ARG_BASE, s0
        LW      s2, 0(s1)               ; data
        LW      s3, 4(s1)               ; n
        LW      s4, 8(s1)               ; R
        CSRRS   s5, CORE_ID, s0         ; i
        CSRRS   s6, NCORES, s0
        MOV     s10, s0                 ; sum
        MOVI    s11, 0x7fffffff         ; min
        MOVI    s12, 0x80000000         ; max
        MOV     s13, s0                 ; xor
        ADDI    s14, s0, -1             ; and
        MOV     s15, s0                 ; or
        MOV     s16, s0                 ; unsigned max
        SHLI    s7, s5, 2
        ADD     s7, s7, s2              ; &data[i]
        SHLI    s8, s6, 2               ; stride in bytes
loop:   BGEU    s5, s3, publish
        LW      s9, (s7)
        ADD     s10, s10, s9
        MIN     s11, s11, s9
        MAX     s12, s12, s9
        XOR     s13, s13, s9
        AND     s14, s14, s9
        OR      s15, s15, s9
        BGEU    s16, s9, nou
        MOV     s16, s9
nou:    ANDI    s17, s9, 15
        SHLI    s17, s17, 2
        ADD     s17, s17, s4
        ADDI    s17, s17, 32
        ADDI    s18, s0, 1
        ATOM.ADD s0, s18, (s17)         ; histogram bin (atomics have no offset, D7)
        ADD     s5, s5, s6
        ADD     s7, s7, s8
        J       loop
publish:
        ATOM.ADD s0, s10, (s4)
        ADDI    s19, s4, 4
        ATOM.MIN s0, s11, (s19)
        ADDI    s19, s4, 8
        ATOM.MAX s0, s12, (s19)
        ADDI    s19, s4, 12
        ATOM.XOR s0, s13, (s19)
        ADDI    s19, s4, 16
        ATOM.AND s0, s14, (s19)
        ADDI    s19, s4, 20
        ATOM.OR s0, s15, (s19)
        ADDI    s19, s4, 24             ; unsigned max: CAS until ours is in or a larger one is
umax:   MEMBAR
        LW      s20, (s19)
        BGEU    s20, s16, umaxed
        MOV     s21, s16
        ATOM.CAS s21, s20, (s19)        ; if R[24] == s20 then R[24] = ours; s21 = old
        BNE     s21, s20, umax          ; somebody changed it first: again
umaxed: ADDI    s19, s4, 28
        ADDI    s18, s0, 1
        ATOM.ADD s22, s18, (s19)        ; s22 = my ticket
        CSRRS   s5, CORE_ID, s0
        SHLI    s5, s5, 2
        ADD     s5, s5, s4
        ADDI    s5, s5, 96
        ATOM.XCHG s0, s22, (s5)
        WFI
