; reduce - per-thread reduction: thread i reads the 4 bytes X[4i..4i+3] (X at 0..51) and
; stores their wrapping sum at 64+i and their signed maximum at 96+i. 13 threads: the last
; block is partial. Uses a counted loop (BRp) and a data-dependent branch (BRnz).
.threads 13
.data 1 2 3 4   10 -3 7 0   -128 -1 -2 -3   127 126 0 5   9 9 9 9   200 100 50 25
.data 0 0 0 0   -7 8 -9 10   3 1 4 1   5 9 2 6   5 3 5 8   9 7 9 3   2 3 8 4

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    CONST R1, #4
    MUL   R2, R0, R1             ; p = &X[4i]
    CONST R3, #0                 ; sum
    LDR   R4, R2                 ; max = X[4i]
    CONST R5, #4                 ; count
    CONST R6, #1
    CONST R7, #0
LOOP:
    LDR   R8, R2
    ADD   R3, R3, R8             ; sum += x
    CMP   R8, R4
    BRnz  NOTMAX                 ; x <= max: keep
    ADD   R4, R8, R7             ; max = x
NOTMAX:
    ADD   R2, R2, R6
    SUB   R5, R5, R6
    CMP   R5, R7
    BRp   LOOP                   ; while count > 0
    CONST R9, #64
    ADD   R9, R9, R0
    STR   R9, R3
    CONST R9, #96
    ADD   R9, R9, R0
    STR   R9, R4
    RET
