; end_loop: launched at 0x1FFFFF0, a loop in the last words of the 32 MiB memory (D12). The
; backward BNE is predicted taken (fetch goes on at the loop, dropping the words behind it),
; then falls through the last time (X redirects to the JALR at 0x1FFFFFC); fetch runs past the
; end and stops at a FETCH_RANGE token several times, and every redirect must restart it. The
; JALR goes to 0x100 (s2 = 0), where --set puts a WFI. shader-rtl-end-of-memory.
        ADDI    s1, s0, 3
loop:   ADDI    s1, s1, -1
        BNE     s1, s0, loop
        JALR    s0, s2, 0x100
