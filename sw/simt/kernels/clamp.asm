; clamp - threshold/clamp: Y[i] = min(max(X[i], LO), HI) as signed 8-bit values, with
; LO = -20 and HI = 100; a thread whose X[i] is exactly 0 returns early without storing.
; X at 0..12, Y at 32..44, 13 threads (partial last block).
.threads 13
.data -128 -21 -20 -19 0 5 99 100 101 127 -1 64 -100
.data @32 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE 0xEE

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    LDR   R1, R0                 ; x
    CONST R2, #-20               ; LO
    CONST R3, #100               ; HI
    CONST R4, #0
    CMP   R1, R4
    BRz   DONE                   ; x == 0: no store
    CMP   R1, R2
    BRzp  NOTLOW
    ADD   R1, R2, R4             ; x < LO: x = LO
    BR    STORE
NOTLOW:
    CMP   R1, R3
    BRnz  STORE
    ADD   R1, R3, R4             ; x > HI: x = HI
STORE:
    CONST R5, #32
    ADD   R5, R5, R0
    STR   R5, R1
DONE:
    RET
