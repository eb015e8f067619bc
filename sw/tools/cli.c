/* cli.c: strict command-line values and checked output; see cli.h. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 0 and *v when s is exactly one unsigned decimal or 0x-hex number that fits 64 bits */
static int parse_u64(const char *s, uint64_t *v)
{
    int base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    }
    if (*p == 0) {
        return -1;
    }
    for (const char *q = p; *q; q++) {
        if (base == 16 ? !isxdigit((unsigned char)*q) : !isdigit((unsigned char)*q)) {
            return -1; /* sign, space, trailing garbage */
        }
    }
    errno = 0;
    char *end;
    unsigned long long x = strtoull(p, &end, base);
    if (errno == ERANGE || *end != 0) {
        return -2;
    }
    *v = (uint64_t)x;
    return 0;
}

const char *cli_basename(const char *argv0)
{
    const char *s = strrchr(argv0, '/');
    return s ? s + 1 : argv0;
}

int cli_double(const char *tool, const char *opt, const char *s, double lo, double hi, double *out)
{
    char *end = NULL;
    errno = 0;
    double v = *s ? strtod(s, &end) : NAN;
    if (!end || *end || errno || !isfinite(v) || v < lo || v > hi) {
        fprintf(stderr, "%s: %s '%s' is not allowed: allowed is a number from %g to %g\n", tool, opt, s, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_uint(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                  uint64_t *out)
{
    uint64_t v = 0;
    int r = parse_u64(s, &v);
    if (r == -1) {
        fprintf(stderr,
                "%s: %s '%s' is not a number: allowed is an unsigned decimal or 0x-hex number "
                "%llu..%llu (no sign, nothing after it)\n",
                tool, opt, s, (unsigned long long)lo, (unsigned long long)hi);
        return -1;
    }
    if (r != 0 || v < lo || v > hi) {
        fprintf(stderr, "%s: %s '%s' is out of range: allowed is %llu..%llu\n", tool, opt, s,
                (unsigned long long)lo, (unsigned long long)hi);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_aligned(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t align,
                uint64_t *out)
{
    uint64_t v;
    if (cli_uint(tool, opt, s, lo, hi, &v)) {
        return -1;
    }
    if (align > 1 && v % align) {
        fprintf(stderr, "%s: %s '%s' is not a multiple of %llu\n", tool, opt, s, (unsigned long long)align);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_range(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                   uint64_t *a, uint64_t *b)
{
    const char *colon = strchr(s, ':');
    char first[64];
    if (!colon || (size_t)(colon - s) >= sizeof first) {
        fprintf(stderr, "%s: %s '%s' is not a range: allowed is A:B with %llu <= A <= B <= %llu\n",
                tool, opt, s, (unsigned long long)lo, (unsigned long long)hi);
        return -1;
    }
    memcpy(first, s, (size_t)(colon - s));
    first[colon - s] = 0;
    if (cli_uint(tool, opt, first, lo, hi, a) ||
        cli_uint(tool, opt, colon + 1, lo, hi, b)) {
        return -1;
    }
    if (*a > *b) {
        fprintf(stderr,
                "%s: %s '%s' is an empty range (A > B): allowed is A:B with %llu <= A <= B <= "
                "%llu\n",
                tool, opt, s, (unsigned long long)lo, (unsigned long long)hi);
        return -1;
    }
    return 0;
}

int cli_finish(const char *tool, const char *what, FILE *f)
{
    errno = 0; /* a stale errno must not name the wrong cause */
    int bad = fflush(f) != 0 || ferror(f);
    int err = errno;
    if (f != stdout && f != stderr) {
        if (fclose(f) != 0 && !bad) {
            bad = 1;
            err = errno;
        }
    }
    if (bad) {
        fprintf(stderr, "%s: writing %s failed: %s; the output is incomplete\n", tool, what,
                strerror(err ? err : EIO));
        return -1;
    }
    return 0;
}
