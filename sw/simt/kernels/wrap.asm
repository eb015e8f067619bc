; wrap - the PC runs off the end of the 256-word program space and wraps to 0 (docs/simt.md).
; Each thread jumps to 254, executes the two instructions at 254 and 255, wraps to 0, sees
; R2 = 1 this time and stores R4 = 2 + threadIdx at data address 32 + i.
.threads 6

    CONST R1, #1
    CMP   R2, R1
    BRz   DONE                   ; second pass (after the wrap)
    CONST R2, #1
    ADD   R4, R4, %threadIdx
    CONST R3, #254
    JMP   R3
DONE:
    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx
    CONST R5, #32
    ADD   R5, R5, R0
    STR   R5, R4
    RET
.org 254
    ADD   R4, R4, R1
    ADD   R4, R4, R1             ; PC 255: the next PC is 0
