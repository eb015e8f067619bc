; prefix_sum: out[i] = in[0] + ... + in[i] (inclusive, wrapping 32-bit) in two phases around
; a tile BARRIER. Arguments (ARG_BASE): +0 in, +4 out, +8 n, +12 partial (NCORES scratch words).
; NCORES must be a power of 2. chunk = ceil(n / NCORES); core c scans [c*chunk, min(n, (c+1)*chunk))
; into out and writes its total to partial[c]; after the barrier it adds the totals of the
; cores before it to its part of out.
        CSRRS   s1, ARG_BASE, s0
        LW      s2, 0(s1)               ; in
        LW      s3, 4(s1)               ; out
        LW      s4, 8(s1)               ; n
        LW      s5, 12(s1)              ; partial
        CSRRS   s6, CORE_ID, s0
        CSRRS   s7, NCORES, s0
        CTZ     s8, s7                  ; log2(NCORES)
        ADDI    s9, s7, -1
        ADD     s9, s9, s4
        LSR     s9, s9, s8              ; chunk = (n + NCORES - 1) >> log2
        MUL     s10, s6, s9             ; start
        ADD     s11, s10, s9            ; end = min(start + chunk, n)
        MIN     s11, s11, s4            ; (n < 2^31: signed MIN is fine)
        MAX     s10, s10, s0
        MIN     s10, s10, s11           ; start = min(start, end)
        ; phase 1: local inclusive scan
        MOV     s12, s0                 ; running sum
        MOV     s13, s10
scan:   BGE     s13, s11, scanned
        SHLI    s14, s13, 2
        LW      s15, (s2+s14)
        ADD     s12, s12, s15
        SW      s12, (s3+s14)
        ADDI    s13, s13, 1
        J       scan
scanned:
        SHLI    s14, s6, 2
        SW      s12, (s5+s14)           ; partial[core] = total
        BARRIER
        ; phase 2: offset = partial[0] + ... + partial[core-1]
        MOV     s16, s0
        MOV     s17, s0
offs:   BEQ     s17, s6, add
        SHLI    s14, s17, 2
        LW      s15, (s5+s14)
        ADD     s16, s16, s15
        ADDI    s17, s17, 1
        J       offs
add:    BEQZ    s16, done
        MOV     s13, s10
addl:   BGE     s13, s11, done
        SHLI    s14, s13, 2
        ADD     s18, s3, s14
        LW      s15, 0(s18)
        ADD     s15, s15, s16
        SW      s15, 0(s18)
        ADDI    s13, s13, 1
        J       addl
done:   WFI
