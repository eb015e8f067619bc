; ipc_alu: 400 integer instructions without a branch or a memory access (every fourth
; reads the result of the one before it, through the forwarding network): the pipelined
; core retires one per clock (shader-rtl-ipc checks IPC >= 0.97, launch and drain included).
; Generated once by a seeded script; the lockstep checks every result against the ISS.
        MOVI    s1, 0x5c8cc1ab
        MOVI    s2, 0x781ef86f
        MOVI    s3, 0x7b00c7f4
        MOVI    s4, 0x48f165d5
        MOVI    s5, 0x6abd685a
        MOVI    s6, 0x3a0562d5
        MOVI    s7, 0x725ed09d
        MOVI    s8, 0x017f9ee6
        MOVI    s9, 0x68d605d4
        OR      s31, s23, s9
        XORI    s10, s10, 492
        CTZ     s10, s26
        ASR     s10, s10, s29
        ASR     s31, s21, s1
        LUI     s30, 0xc85bd
        SUB     s19, s12, s9
        MUL     s21, s19, s16
        ADD     s15, s31, s19
        LUI     s19, 0x01952
        AND     s26, s12, s8
        SUB     s19, s26, s11
        ADDI    s15, s23, 1598
        ADDI    s25, s1, 1673
        XORI    s29, s3, -146
        LSR     s22, s29, s29
        MIN     s11, s22, s21
        ABS     s25, s17
        MIN     s30, s27, s27
        SUB     s13, s30, s23
        ADDI    s17, s1, -1653
        ORI     s22, s5, -85
        OR      s15, s19, s1
        ORI     s13, s15, 1133
        CMP     s23, s2, s13
        ADD     s24, s15, s9
        LSR     s16, s14, s22
        ADDI    s22, s16, 1359
        MAX     s30, s4, s10
        XOR     s14, s27, s13
        XOR     s22, s14, s17
        XOR     s21, s22, s22
        ADD     s23, s7, s22
        SUB     s25, s10, s19
        SHL     s12, s25, s26
        XORI    s17, s12, 1572
        CMPU    s26, s5, s16
        ORI     s30, s22, -1572
        CMPU    s24, s3, s26
        XOR     s11, s24, s17
        MAX     s13, s23, s12
        CMP     s12, s8, s7
        MAX     s10, s21, s1
        AND     s29, s10, s20
        XORI    s30, s1, -225
        ORI     s16, s17, -1817
        XORI    s29, s20, 1814
        CMP     s28, s29, s16
        SHLI    s24, s24, 12
        AND     s10, s3, s30
        CLZ     s30, s27
        ABS     s11, s30
        ORI     s13, s24, -381
        SUB     s28, s14, s3
        XOR     s24, s3, s29
        XORI    s14, s24, -368
        MUL     s23, s2, s25
        MAX     s22, s14, s9
        ORI     s29, s7, 1499
        SUB     s10, s29, s12
        CMPU    s16, s31, s13
        CMP     s11, s19, s7
        MAX     s31, s18, s11
        ANDI    s21, s31, -117
        ADD     s20, s6, s13
        ADDI    s22, s21, -876
        SHLI    s10, s6, 18
        LUI     s29, 0x697ae
        ASRI    s10, s2, 0
        ORI     s14, s11, 1613
        ABS     s14, s20
        SUB     s29, s14, s26
        AND     s14, s20, s2
        CMP     s30, s31, s23
        ORI     s20, s3, 1043
        ANDI    s19, s20, -1870
        LSRI    s13, s4, 17
        ORI     s24, s10, -1932
        ADDI    s25, s23, 1382
        OR      s14, s25, s31
        ORI     s20, s14, -1959
        AND     s20, s6, s12
        OR      s21, s25, s7
        AND     s26, s21, s2
        CMPEQ   s10, s23, s1
        SHL     s18, s7, s4
        ASRI    s21, s1, 16
        LSRI    s31, s21, 26
        ABS     s29, s16
        XOR     s16, s10, s6
        CLZ     s15, s13
        XORI    s14, s15, 1332
        CTZ     s12, s23
        ANDI    s23, s11, -443
        ADD     s20, s8, s15
        LSR     s21, s20, s1
        SHLI    s23, s17, 9
        ADD     s17, s18, s8
        ADD     s15, s9, s8
        XORI    s25, s15, 530
        ORI     s25, s14, -51
        MAX     s19, s14, s21
        MUL     s10, s27, s31
        ADDI    s30, s10, -303
        ADDI    s29, s30, -1259
        MAX     s26, s7, s20
        MIN     s18, s1, s15
        XORI    s19, s18, -102
        AND     s11, s17, s10
        SUB     s20, s27, s12
        XORI    s25, s2, 153
        AND     s22, s25, s17
        ADD     s26, s2, s27
        ORI     s16, s12, 955
        ASR     s23, s17, s10
        CMP     s13, s23, s29
        XOR     s29, s21, s29
        XORI    s23, s18, -411
        CMP     s29, s6, s26
        OR      s29, s29, s15
        SUB     s14, s14, s20
        ORI     s17, s31, 359
        ABS     s17, s21
        SUB     s11, s17, s19
        XOR     s31, s22, s4
        OR      s11, s13, s14
        MIN     s27, s6, s6
        CMP     s30, s27, s20
        ASRI    s28, s14, 19
        SUB     s23, s23, s5
        MAX     s23, s13, s16
        CTZ     s17, s23
        XORI    s28, s25, 1516
        ANDI    s27, s31, 1333
        ANDI    s13, s1, 534
        ASR     s21, s13, s26
        SUB     s27, s23, s30
        ORI     s13, s20, -1550
        MAX     s16, s14, s4
        SUB     s17, s16, s22
        LSR     s23, s15, s30
        MIN     s21, s28, s9
        CTZ     s24, s17
        MUL     s10, s24, s8
        XOR     s24, s10, s29
        ADDI    s31, s30, 1111
        XOR     s20, s21, s20
        LSR     s31, s20, s4
        OR      s22, s27, s28
        CMPU    s11, s26, s11
        AND     s18, s6, s12
        XORI    s30, s18, 1468
        LSRI    s23, s13, 19
        CMPU    s19, s24, s27
        MIN     s25, s29, s30
        ADD     s20, s25, s26
        MIN     s24, s6, s16
        SHL     s23, s7, s1
        ANDI    s10, s9, 1954
        ASR     s30, s10, s12
        MIN     s19, s29, s21
        ORI     s22, s30, -259
        ORI     s12, s30, -612
        MAX     s13, s12, s17
        MIN     s19, s24, s25
        XOR     s16, s7, s26
        SHL     s22, s10, s23
        ADD     s16, s22, s21
        SHL     s19, s31, s21
        ADDI    s11, s18, -1088
        MAX     s26, s11, s3
        ADDI    s29, s26, 1788
        ADDI    s13, s1, 811
        ADDI    s29, s12, 1926
        MAX     s18, s3, s28
        ADD     s16, s18, s30
        ADDI    s11, s10, -644
        MAX     s10, s6, s18
        LSR     s22, s5, s12
        SUB     s26, s22, s5
        ADDI    s11, s25, 1757
        MIN     s22, s28, s27
        ADDI    s10, s15, -261
        AND     s11, s10, s19
        ADD     s12, s28, s6
        ASR     s29, s10, s24
        ASR     s21, s1, s28
        LUI     s26, 0x32ff7
        ASR     s16, s27, s27
        AND     s30, s19, s8
        MAX     s26, s29, s22
        CMP     s19, s26, s15
        MIN     s10, s6, s8
        XORI    s24, s22, 1049
        CMP     s26, s4, s4
        OR      s23, s26, s6
        MUL     s22, s6, s3
        ADD     s21, s6, s24
        SHL     s19, s17, s12
        CMPU    s21, s19, s15
        ADDI    s17, s22, 267
        OR      s18, s22, s28
        ORI     s25, s22, -1765
        ASR     s27, s25, s15
        XORI    s30, s10, -1464
        SHL     s26, s20, s8
        SHLI    s25, s5, 8
        MUL     s12, s25, s10
        AND     s19, s2, s11
        MIN     s16, s7, s23
        OR      s17, s1, s23
        MAX     s10, s17, s21
        XORI    s31, s9, -468
        CMPU    s29, s7, s12
        ANDI    s24, s5, -589
        ASRI    s15, s24, 22
        ADDI    s15, s24, 1407
        ASR     s20, s16, s26
        ASRI    s21, s14, 20
        ANDI    s29, s21, -1454
        ORI     s24, s16, -340
        AND     s14, s20, s18
        SHLI    s16, s3, 15
        MUL     s10, s16, s10
        ADD     s29, s5, s1
        ASRI    s29, s4, 27
        ORI     s18, s1, -442
        MIN     s19, s18, s27
        ADDI    s13, s26, 115
        MAX     s14, s15, s27
        CMPU    s24, s21, s13
        ANDI    s31, s24, -591
        XORI    s19, s25, 1971
        MIN     s30, s7, s7
        SUB     s18, s15, s24
        CMP     s22, s18, s8
        SHL     s29, s15, s17
        ADDI    s18, s12, 319
        MUL     s24, s13, s19
        SUB     s26, s24, s6
        ASR     s11, s26, s12
        LSR     s24, s8, s25
        SHLI    s10, s31, 8
        LUI     s25, 0x6cdf1
        ADD     s18, s9, s1
        CMP     s12, s2, s29
        ANDI    s15, s21, -1016
        CLZ     s30, s15
        MAX     s19, s3, s1
        MAX     s18, s10, s10
        AND     s23, s17, s25
        ASR     s10, s23, s29
        MAX     s25, s23, s16
        SUB     s30, s30, s15
        LSR     s10, s26, s2
        CMPEQ   s22, s10, s24
        AND     s17, s3, s15
        ANDI    s17, s1, -606
        LUI     s28, 0x7ca35
        CMPEQ   s27, s28, s14
        MAX     s13, s30, s23
        ADDI    s30, s9, 787
        XOR     s17, s17, s2
        MIN     s16, s17, s7
        ASR     s17, s16, s21
        LSR     s23, s20, s16
        CMPU    s31, s24, s3
        LUI     s30, 0x4c1ab
        CLZ     s10, s8
        CMP     s12, s20, s17
        ORI     s12, s14, -413
        AND     s17, s12, s1
        CMPEQ   s11, s5, s23
        LUI     s17, 0x47143
        CMP     s21, s6, s8
        ADD     s25, s21, s26
        MIN     s31, s30, s9
        MUL     s23, s16, s18
        ORI     s15, s17, 2012
        SHL     s25, s15, s8
        ABS     s28, s2
        SUB     s18, s21, s5
        MUL     s16, s5, s26
        ADD     s15, s16, s24
        LSRI    s21, s28, 6
        MIN     s29, s15, s2
        LSRI    s15, s19, 8
        CMPU    s25, s15, s22
        SHL     s28, s17, s8
        ADD     s12, s24, s7
        SHL     s20, s20, s15
        ORI     s17, s20, -1267
        MAX     s18, s24, s8
        ASR     s15, s18, s19
        LUI     s27, 0xf7d25
        ORI     s29, s27, -182
        ASR     s17, s21, s30
        ANDI    s31, s21, -236
        ADDI    s14, s6, 1698
        SHLI    s27, s14, 13
        MUL     s10, s4, s18
        OR      s18, s8, s15
        LUI     s30, 0x8e9f5
        ANDI    s17, s30, 806
        LUI     s13, 0xc4a78
        SUB     s28, s8, s6
        ASR     s23, s30, s28
        MUL     s11, s23, s26
        CMPU    s21, s6, s4
        MAX     s11, s4, s13
        AND     s24, s17, s29
        MIN     s29, s24, s30
        CMP     s27, s10, s5
        MUL     s29, s8, s11
        SUB     s21, s15, s27
        MIN     s20, s21, s1
        AND     s31, s15, s20
        LSR     s26, s10, s19
        CMPEQ   s31, s23, s1
        LSR     s23, s31, s21
        LSRI    s22, s15, 3
        MIN     s11, s22, s1
        SUB     s21, s12, s11
        CMPU    s12, s21, s23
        SUB     s25, s17, s20
        SHL     s25, s5, s28
        OR      s17, s21, s11
        CMP     s23, s17, s26
        CTZ     s20, s21
        ASR     s10, s14, s11
        CMP     s29, s13, s10
        MUL     s18, s29, s31
        ADD     s13, s23, s2
        XOR     s24, s22, s29
        ORI     s24, s5, 1579
        ORI     s26, s24, 739
        MAX     s24, s28, s16
        ADDI    s10, s8, -1687
        MAX     s20, s25, s10
        ASR     s27, s20, s18
        XORI    s21, s17, 153
        CMP     s28, s14, s23
        ASR     s16, s11, s7
        ASR     s27, s16, s31
        ADD     s26, s20, s20
        CMPEQ   s19, s22, s18
        LUI     s22, 0x9f8ce
        ORI     s11, s22, -1277
        SUB     s12, s30, s24
        ORI     s30, s19, -1173
        SUB     s19, s2, s22
        ASRI    s16, s19, 4
        SHLI    s25, s15, 27
        LSRI    s12, s20, 1
        MAX     s23, s25, s4
        ORI     s16, s23, -37
        CMPEQ   s21, s23, s29
        ASR     s27, s21, s26
        LUI     s20, 0xc055b
        LSR     s24, s20, s3
        ASRI    s28, s2, 6
        LUI     s24, 0x0653f
        MUL     s12, s19, s17
        LSRI    s12, s12, 15
        ANDI    s12, s24, -1314
        ADDI    s27, s23, -1628
        ABS     s24, s6
        ADD     s13, s24, s2
        ANDI    s15, s15, 1510
        CMPEQ   s19, s25, s25
        ADDI    s15, s6, 1123
        XORI    s26, s15, 28
        CMP     s28, s11, s22
        ADD     s22, s13, s19
        SHLI    s17, s15, 8
        ADD     s21, s17, s1
        MIN     s23, s26, s3
        LSR     s31, s6, s8
        LUI     s17, 0xf14e8
        CLZ     s30, s17
        ASRI    s18, s31, 25
        WFI
