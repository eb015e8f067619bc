; tid - every thread writes one byte at its global index: Y[i] = 3*i + blockIdx (+1 for odd
; threadIdx, by a branch). Race-free for any thread count 0..255; used for thread-count
; sweeps (partial last blocks).
.threads 13

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    CONST R1, #3
    MUL   R2, R0, R1
    ADD   R2, R2, %blockIdx
    CONST R3, #2
    DIV   R4, %threadIdx, R3
    MUL   R4, R4, R3
    CMP   R4, %threadIdx
    BRz   EVEN
    CONST R5, #1
    ADD   R2, R2, R5
EVEN:
    STR   R0, R2
    RET
