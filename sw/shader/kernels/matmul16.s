; matmul16: C = A x B for 16x16 matrices of 32-bit integers (row-major, products and sums
; wrap modulo 2^32: MUL keeps the low 32 bits). Arguments (ARG_BASE): +0 A, +4 B, +8 C.
; Core c computes the rows c, c+N, c+2N, ...
        CSRRS   s1, ARG_BASE, s0
        LW      s2, 0(s1)               ; A
        LW      s3, 4(s1)               ; B
        LW      s4, 8(s1)               ; C
        CSRRS   s5, CORE_ID, s0         ; i
        CSRRS   s6, NCORES, s0
        ADDI    s20, s0, 16
row:    BGE     s5, s20, done
        MOV     s7, s0                  ; j
col:    BEQ     s7, s20, nextrow
        MOV     s8, s0                  ; k
        MOV     s9, s0                  ; sum
        SHLI    s10, s5, 6
        ADD     s10, s10, s2            ; &A[i][0]
        SHLI    s11, s7, 2
        ADD     s11, s11, s3            ; &B[0][j]
dot:    LW      s12, (s10)
        LW      s13, 0(s11)
        MUL     s12, s12, s13
        ADD     s9, s9, s12
        ADDI    s10, s10, 4
        ADDI    s11, s11, 64
        ADDI    s8, s8, 1
        BNE     s8, s20, dot
        SHLI    s14, s5, 6
        ADD     s14, s14, s4
        SHLI    s15, s7, 2
        SW      s9, (s14+s15)           ; C[i][j]
        ADDI    s7, s7, 1
        J       col
nextrow: ADD    s5, s5, s6
        J       row
done:   WFI
