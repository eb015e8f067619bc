; matadd - the seed's example: C[i] = A[i] + B[i], 8 threads (2 blocks of 4)
; A at 0..7, B at 8..15, C at 16..23 (as in the origin's test)
.threads 8
.data 0 1 2 3 4 5 6 7          ; A
.data 0 1 2 3 4 5 6 7          ; B

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i = blockIdx * blockDim + threadIdx
    CONST R1, #0                 ; baseA
    CONST R2, #8                 ; baseB
    CONST R3, #16                ; baseC
    ADD   R4, R1, R0             ; addr(A[i])
    LDR   R4, R4                 ; A[i]
    ADD   R5, R2, R0             ; addr(B[i])
    LDR   R5, R5                 ; B[i]
    ADD   R6, R4, R5             ; A[i] + B[i]
    ADD   R7, R3, R0             ; addr(C[i])
    STR   R7, R6                 ; C[i] = A[i] + B[i]
    RET
