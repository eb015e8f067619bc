; matmul4 - 4x4 matrix multiply with a loop over k, 16 threads (4 blocks).
; A at 0..15, B at 16..31, C at 32..47, row-major; thread i computes C[i / 4][i % 4].
.threads 16
.data 1 2 3 4  5 6 7 8  9 10 11 12  13 14 15 16          ; A
.data 2 0 1 3  1 1 0 2  0 3 2 1  4 1 1 0                 ; B

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    CONST R1, #1                 ; increment
    CONST R2, #4                 ; N
    CONST R3, #0                 ; baseA
    CONST R4, #16                ; baseB
    CONST R5, #32                ; baseC
    DIV   R6, R0, R2             ; row
    MUL   R7, R6, R2
    SUB   R7, R0, R7             ; col
    MUL   R6, R6, R2
    ADD   R6, R6, R3             ; &A[row][0]
    ADD   R7, R7, R4             ; &B[0][col]
    CONST R8, #0                 ; acc
    CONST R9, #0                 ; k
LOOP:
    LDR   R10, R6                ; A[row][k]
    LDR   R11, R7                ; B[k][col]
    MUL   R12, R10, R11
    ADD   R8, R8, R12
    ADD   R6, R6, R1             ; next column of A
    ADD   R7, R7, R2             ; next row of B
    ADD   R9, R9, R1
    CMP   R9, R2
    BRn   LOOP
    ADD   R9, R5, R0
    STR   R9, R8
    RET
