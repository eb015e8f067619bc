/* cli.h: strict command-line values and checked output, shared by every tool of the project
 * (tgpu_tb, simt-as, simt-dis, simt-sim, simt-gen, simt_tb).
 *
 * A number is unsigned decimal or 0x-prefixed hex: no sign, no spaces, nothing after it; a
 * real number is whole-string strtod, finite. "-1", "12abc", "", "nan" and values outside
 * [lo, hi] are rejected with one line on stderr naming the tool, the option, the bad text and
 * the allowed range. Every function returns 0 on success and -1 (message printed) on error;
 * tools exit with status 2 (usage error) when a value is refused.
 */
#ifndef CLI_H
#define CLI_H

#include <stdint.h>
#include <stdio.h>

/* the program's name as invoked, without its directory */
const char *cli_basename(const char *argv0);
/* one number in lo..hi */
int cli_uint(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/* one number in lo..hi that is a multiple of align (a word address: align 4) */
int cli_aligned(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t align,
                uint64_t *out);
/* "A:B", both in lo..hi and A <= B (an empty range is an error) */
int cli_range(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *a, uint64_t *b);
/* a finite real number in lo..hi */
int cli_double(const char *tool, const char *opt, const char *s, double lo, double hi, double *out);
/* finish an output: flush, check for write errors, close it unless it is stdout/stderr.
 * what names the output in the message (a file name or "standard output"). */
int cli_finish(const char *tool, const char *what, FILE *f);

#endif
