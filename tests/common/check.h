/* Minimal check macro shared by the C unit tests: counts checks and failures, prints each
 * failure with file, line and a formatted message. Each test file defines g_fail, g_checks. */
#ifndef TGPU_CHECK_H
#define TGPU_CHECK_H
#include <stdio.h>

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        g_checks++;                                                                                                    \
        if (!(cond)) {                                                                                                 \
            g_fail++;                                                                                                  \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                                \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

#endif
