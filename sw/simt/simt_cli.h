/* simt_cli.h - strict command-line numbers and checked output for the SIMT tools
 * (simt-as, simt-dis, simt-sim, simt-gen, simt_tb).
 *
 * A number is unsigned decimal or 0x-prefixed hex: no sign, no spaces, nothing after it.
 * "-1", "12abc", "" and values outside [lo, hi] are rejected with a message on stderr that
 * names the tool, the option, the bad text and the allowed range. Every function returns 0
 * on success and -1 (message printed) on error.
 */
#ifndef SIMT_CLI_H
#define SIMT_CLI_H

#include <stdint.h>
#include <stdio.h>

/* one number in lo..hi */
int simt_cli_uint(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                  uint64_t *out);
/* "A:B", both in lo..hi and A <= B (an empty range is an error) */
int simt_cli_range(const char *tool, const char *opt, const char *s, uint64_t lo, uint64_t hi,
                   uint64_t *a, uint64_t *b);
/* finish an output: flush, check for write errors, close it unless it is stdout/stderr.
 * what names the output in the message (a file name or "standard output"). */
int simt_cli_finish(const char *tool, const char *what, FILE *f);

#endif
