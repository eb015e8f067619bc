/* shader-as - assemble a shader kernel (.s) into hex words, one per line. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "shader_asm.h"

#define T "shader-as"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: shader-as IN.s [-o OUT.hex] [--base ADDR]\n"
            "  assemble IN.s (syntax: docs/shader.md); writes one 8-digit hex little-endian word\n"
            "  per line (stdout without -o), the image padded with zero bytes to whole words\n"
            "  --base ADDR  address of the first byte: a multiple of 4, 0..0x1fffffc (default\n"
            "               0x1000000); labels and MOVI of labels depend on it\n"
            "  --help       this text\n"
            "exit status: 0 written, 1 assembly error / unreadable input / write error (a partly\n"
            "written regular output file is removed), 2 bad command line\n");
}

static void discard(const char *path)
{
    struct stat st;
    if (path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0) {
        fprintf(stderr, T ": removed the incomplete %s\n", path);
    }
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    uint64_t base = 0x1000000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish(T, "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "-o") == 0) {
            if (i + 1 >= argc || argv[i + 1][0] == 0) {
                fprintf(stderr, T ": -o needs a file name (see --help)\n");
                return 2;
            }
            out = argv[++i];
        } else if (strcmp(a, "--base") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, T ": --base needs an address (see --help)\n");
                return 2;
            }
            if (cli_aligned(T, a, argv[++i], 0, 0x1FFFFFC, 4, &base)) {
                return 2;
            }
        } else if (!in && a[0] != '-' && a[0] != 0) {
            in = a;
        } else {
            fprintf(stderr, T ": bad argument '%s': allowed are one input file, -o OUT.hex, "
                            "--base ADDR, --help\n", a);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, T ": no input file given\n");
        usage(stderr);
        return 2;
    }
    shd_image_t img;
    memset(&img, 0, sizeof img);
    if (shd_assemble_file(in, (uint32_t)base, &img)) {
        fprintf(stderr, T ": %s: %s\n", in, img.err);
        return 1;
    }
    if (img.size == 0) {
        fprintf(stderr, T ": %s: nothing to assemble; nothing written\n", in);
        shd_image_free(&img);
        return 1;
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, T ": cannot create %s: %s\n", out, strerror(errno));
        shd_image_free(&img);
        return 1;
    }
    for (uint32_t a = 0; a < img.size; a += 4) {
        uint32_t w = 0;
        for (unsigned b = 0; b < 4 && a + b < img.size; b++) {
            w |= (uint32_t)img.bytes[a + b] << (8 * b);
        }
        fprintf(f, "%08x\n", w);
    }
    shd_image_free(&img);
    if (cli_finish(T, out ? out : "standard output", f)) {
        discard(out);
        return 1;
    }
    return 0;
}
