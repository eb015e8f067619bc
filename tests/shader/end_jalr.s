; end_jalr: launched at 0x1FFFFF8, the last two words of the 32 MiB memory (D12). Fetch runs
; past the end and queues a FETCH_RANGE token (and stops) behind the JALR; X's redirect to
; s1 = 0x1000000 (a WFI there, --set) drops the token and must turn fetching back on.
; shader-rtl-end-of-memory (the core hung here until the redirect did).
        LUI     s1, 0x01000
        JALR    s0, s1, 0
