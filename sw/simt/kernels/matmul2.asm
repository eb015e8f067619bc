; matmul2 - 2x2 matrix multiply with a loop over k (28 instructions), 4 threads.
; A at 0..3, B at 4..7, C at 8..11, row-major; thread i computes C[i / 2][i % 2].
.threads 4
.data 1 2 3 4                  ; A
.data 1 2 3 4                  ; B

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    CONST R1, #1                 ; increment
    CONST R2, #2                 ; N
    CONST R3, #0                 ; baseA
    CONST R4, #4                 ; baseB
    CONST R5, #8                 ; baseC
    DIV   R6, R0, R2             ; row = i / N
    MUL   R7, R6, R2
    SUB   R7, R0, R7             ; col = i % N
    CONST R8, #0                 ; acc
    CONST R9, #0                 ; k
LOOP:
    MUL   R10, R6, R2
    ADD   R10, R10, R9
    ADD   R10, R10, R3           ; addr(A[row][k])
    LDR   R10, R10
    MUL   R11, R9, R2
    ADD   R11, R11, R7
    ADD   R11, R11, R4           ; addr(B[k][col])
    LDR   R11, R11
    MUL   R12, R10, R11
    ADD   R8, R8, R12            ; acc += A[row][k] * B[k][col]
    ADD   R9, R9, R1             ; k++
    CMP   R9, R2
    BRn   LOOP                   ; while k < N
    ADD   R9, R5, R0             ; addr(C[i])
    STR   R9, R8
    RET
