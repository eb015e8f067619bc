; div0 - DIV by zero and unsigned division: thread i computes Q[i] = X[i] / Y[i] with
; Y containing zeros; a zero divisor gives 0xFF (docs/simt.md). X at 0..7, Y at 8..15,
; Q at 16..23; also R[i] = X[i] / 0 at 24..31. 8 threads.
.threads 8
.data 200 7 0 255 128 1 0 99
.data 7 0 0 16 0 255 3 1

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    LDR   R1, R0                 ; x
    CONST R2, #8
    ADD   R2, R2, R0
    LDR   R2, R2                 ; y
    DIV   R3, R1, R2
    CONST R4, #16
    ADD   R4, R4, R0
    STR   R4, R3
    CONST R5, #0
    DIV   R6, R1, R5
    CONST R4, #24
    ADD   R4, R4, R0
    STR   R4, R6
    RET
