; isa_all - every opcode and every branch condition, results stored per thread.
; Thread i writes 16 bytes at 16*i + 64 ... (up to 8 threads: 64..191). Data at 0..15.
.threads 6
.data 0 1 2 3 4 5 0x7F 0x80 0xFF 0xFE 17 250 9 0 3 100

    MUL   R0, %blockIdx, %blockDim
    ADD   R0, R0, %threadIdx     ; i
    CONST R1, #16
    MUL   R1, R0, R1
    CONST R2, #64
    ADD   R1, R1, R2             ; out = 64 + 16 i
    CONST R12, #1                ; one
    NOP
    .word 0xB123                 ; reserved opcodes execute as NOP
    .word 0xE000
    CONST R13, #99               ; writes to read-only registers are dropped
    ADD   R14, R0, R0
    ADD   R2, R13, R14
    ADD   R2, R2, R15            ; blockIdx + blockDim + threadIdx
    STR   R1, R2
    ADD   R1, R1, R12
    ; arithmetic on loaded values: x = X[i + 6], y = X[i + 7]
    CONST R3, #6
    ADD   R3, R3, R0
    LDR   R3, R3                 ; x
    CONST R4, #7
    ADD   R4, R4, R0
    LDR   R4, R4                 ; y
    ADD   R5, R3, R4
    STR   R1, R5
    ADD   R1, R1, R12
    SUB   R5, R3, R4
    STR   R1, R5
    ADD   R1, R1, R12
    MUL   R5, R3, R4
    STR   R1, R5
    ADD   R1, R1, R12
    DIV   R5, R3, R4             ; unsigned; y = 0 gives 0xFF
    STR   R1, R5
    ADD   R1, R1, R12
    CONST R6, #0
    DIV   R5, R4, R6             ; DIV by zero
    STR   R1, R5
    ADD   R1, R1, R12
    ; every branch condition after signed compares; R7 collects one bit per branch
    ; (bit = 1 when the branch was NOT taken). NZP starts at 000 in every thread.
    CONST R8, #2
    CONST R7, #0
    MUL   R7, R7, R8
    BRn   B1
    ADD   R7, R7, R12
B1:
    MUL   R7, R7, R8
    BRz   B2
    ADD   R7, R7, R12
B2:
    MUL   R7, R7, R8
    BRp   B3
    ADD   R7, R7, R12
B3:
    MUL   R7, R7, R8
    BRnz  B4
    ADD   R7, R7, R12
B4:
    MUL   R7, R7, R8
    BRnp  B5
    ADD   R7, R7, R12
B5:
    MUL   R7, R7, R8
    BRzp  B6
    ADD   R7, R7, R12
B6:
    MUL   R7, R7, R8
    BRnzp B7
    ADD   R7, R7, R12
B7:
    MUL   R7, R7, R8
    BR    B8
    ADD   R7, R7, R12
B8:
    STR   R1, R7
    ADD   R1, R1, R12
    CONST R7, #0
    CMP   R3, R4
    .word 0x1000                 ; BR with condition 000: never taken, whatever NZP is
    MUL   R7, R7, R8
    BRn   B9
    ADD   R7, R7, R12
B9:
    MUL   R7, R7, R8
    BRz   B10
    ADD   R7, R7, R12
B10:
    MUL   R7, R7, R8
    BRp   B11
    ADD   R7, R7, R12
B11:
    MUL   R7, R7, R8
    BRnz  B12
    ADD   R7, R7, R12
B12:
    MUL   R7, R7, R8
    BRnp  B13
    ADD   R7, R7, R12
B13:
    MUL   R7, R7, R8
    BRzp  B14
    ADD   R7, R7, R12
B14:
    MUL   R7, R7, R8
    BRnzp B15
    ADD   R7, R7, R12
B15:
    MUL   R7, R7, R8
    BR    B16
    ADD   R7, R7, R12
B16:
    STR   R1, R7
    ADD   R1, R1, R12
    CONST R7, #0
    CMP   R4, R3
    MUL   R7, R7, R8
    BRn   B17
    ADD   R7, R7, R12
B17:
    MUL   R7, R7, R8
    BRz   B18
    ADD   R7, R7, R12
B18:
    MUL   R7, R7, R8
    BRp   B19
    ADD   R7, R7, R12
B19:
    MUL   R7, R7, R8
    BRnz  B20
    ADD   R7, R7, R12
B20:
    MUL   R7, R7, R8
    BRnp  B21
    ADD   R7, R7, R12
B21:
    MUL   R7, R7, R8
    BRzp  B22
    ADD   R7, R7, R12
B22:
    MUL   R7, R7, R8
    BRnzp B23
    ADD   R7, R7, R12
B23:
    MUL   R7, R7, R8
    BR    B24
    ADD   R7, R7, R12
B24:
    STR   R1, R7
    ADD   R1, R1, R12
    CONST R7, #0
    CMP   R3, R3
    MUL   R7, R7, R8
    BRn   B25
    ADD   R7, R7, R12
B25:
    MUL   R7, R7, R8
    BRz   B26
    ADD   R7, R7, R12
B26:
    MUL   R7, R7, R8
    BRp   B27
    ADD   R7, R7, R12
B27:
    MUL   R7, R7, R8
    BRnz  B28
    ADD   R7, R7, R12
B28:
    MUL   R7, R7, R8
    BRnp  B29
    ADD   R7, R7, R12
B29:
    MUL   R7, R7, R8
    BRzp  B30
    ADD   R7, R7, R12
B30:
    MUL   R7, R7, R8
    BRnzp B31
    ADD   R7, R7, R12
B31:
    MUL   R7, R7, R8
    BR    B32
    ADD   R7, R7, R12
B32:
    STR   R1, R7
    ADD   R1, R1, R12
    ; JMP through a register
    CONST R9, JT
    JMP   R9
    CONST R10, #0x55             ; skipped
JT:
    CONST R10, #0xAA
    STR   R1, R10
    RET
    CONST R11, #1                ; never reached
