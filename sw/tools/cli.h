/* cli.h: strict command-line value parsing shared by every tool of the project.
 *
 * Each parser takes the whole string or nothing: no sign where none is allowed, no trailing
 * characters ("12abc"), no empty string, no value outside [min, max], no NaN or infinity.
 * On a bad value it prints one line on stderr naming the tool, the option, the value and what
 * is allowed, and returns -1; on success it stores the value and returns 0. Tools exit with
 * status 2 (usage error) when a parser fails.
 *
 * Integers are decimal, or hexadecimal with a 0x prefix. */
#ifndef CLI_H
#define CLI_H

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the program's name as invoked, without its directory */
static inline const char *cli_basename(const char *argv0)
{
    const char *s = strrchr(argv0, '/');
    return s ? s + 1 : argv0;
}

static inline int cli_u64(const char *tool, const char *opt, const char *s, uint64_t min, uint64_t max,
                          uint64_t *out)
{
    const char *p = s;
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    int ok = *p != 0;
    for (const char *q = p; *q; q++) {
        int digit = base == 16 ? (q[0] >= '0' && q[0] <= '9') || (q[0] >= 'a' && q[0] <= 'f') ||
                                     (q[0] >= 'A' && q[0] <= 'F')
                               : (q[0] >= '0' && q[0] <= '9');
        ok &= digit;
    }
    uint64_t v = 0;
    if (ok) {
        errno = 0;
        v = strtoull(p, NULL, base);
        ok = errno == 0 && v >= min && v <= max;
    }
    if (!ok) {
        fprintf(stderr, "%s: %s '%s' is not allowed: give an integer from %" PRIu64 " to %" PRIu64 "\n", tool, opt, s,
                min, max);
        return -1;
    }
    *out = v;
    return 0;
}

static inline int cli_unsigned(const char *tool, const char *opt, const char *s, unsigned min, unsigned max,
                               unsigned *out)
{
    uint64_t v;
    if (cli_u64(tool, opt, s, min, max, &v) != 0) {
        return -1;
    }
    *out = (unsigned)v;
    return 0;
}

static inline int cli_double(const char *tool, const char *opt, const char *s, double min, double max, double *out)
{
    char *end = NULL;
    errno = 0;
    double v = *s ? strtod(s, &end) : NAN;
    if (!end || *end || errno || !isfinite(v) || v < min || v > max) {
        fprintf(stderr, "%s: %s '%s' is not allowed: give a number from %g to %g\n", tool, opt, s, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

#endif
