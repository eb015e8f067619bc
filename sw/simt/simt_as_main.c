/* simt-as - assemble a SIMT kernel (.asm) into hex words, one per line. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "simt_asm.h"
#include "cli.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: simt-as IN.asm [-o OUT.hex] [--data DATA.hex]\n"
            "  assemble IN.asm; writes one 4-digit hex instruction per line (stdout without -o)\n"
            "  --data DATA.hex  also write the 256 initial data bytes, one 2-digit hex per line\n"
            "  --help           this text\n"
            "exit status: 0 written, 1 assembly error / unreadable or binary input / write\n"
            "error (a partly written regular output file is removed), 2 bad command line\n");
}

/* a failed output: remove it if it is a regular file, so nothing half-written looks done */
static void discard(const char *path)
{
    struct stat st;
    if (path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0) {
        fprintf(stderr, "simt-as: removed the incomplete %s\n", path);
    }
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *data = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return cli_finish("simt-as", "standard output", stdout) ? 1 : 0;
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--data") == 0) {
            if (i + 1 >= argc || argv[i + 1][0] == 0) {
                fprintf(stderr, "simt-as: %s needs a file name (see --help)\n", a);
                return 2;
            }
            *(a[1] == 'o' ? &out : &data) = argv[++i];
        } else if (!in && a[0] != '-' && a[0] != 0) {
            in = a;
        } else {
            fprintf(stderr,
                    "simt-as: bad argument '%s': allowed are one input file, -o OUT.hex, "
                    "--data DATA.hex, --help\n",
                    a);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, "simt-as: no input file given\n");
        usage(stderr);
        return 2;
    }
    static simt_image_t img;
    if (simt_assemble_file(in, &img)) {
        fprintf(stderr, "simt-as: %s: %s\n", in, img.err);
        return 1;
    }
    if (img.nprog == 0) {
        fprintf(stderr, "simt-as: %s: no instructions (a kernel needs at least one); nothing "
                        "written\n", in);
        return 1;
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "simt-as: cannot create %s: %s\n", out, strerror(errno));
        return 1;
    }
    for (unsigned i = 0; i < img.nprog; i++) {
        fprintf(f, "%04x\n", img.prog[i]);
    }
    if (cli_finish("simt-as", out ? out : "standard output", f)) {
        discard(out);
        return 1;
    }
    if (data) {
        FILE *d = fopen(data, "w");
        if (!d) {
            fprintf(stderr, "simt-as: cannot create %s: %s\n", data, strerror(errno));
            discard(out);
            return 1;
        }
        for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
            fprintf(d, "%02x\n", img.data[i]);
        }
        if (cli_finish("simt-as", data, d)) {
            discard(data);
            discard(out);
            return 1;
        }
    }
    return 0;
}
