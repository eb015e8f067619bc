/* simt-as - assemble a SIMT kernel (.asm) into hex words, one per line. */
#include <stdio.h>
#include <string.h>

#include "simt_asm.h"

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *data = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: simt-as IN.asm [-o OUT.hex] [--data DATA.hex]\n"
                   "  writes one 4-digit hex instruction per line (stdout without -o);\n"
                   "  --data writes the 256 initial data bytes, one 2-digit hex per line\n");
            return 0;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            out = argv[++i];
        } else if (strcmp(argv[i], "--data") == 0 && i + 1 < argc) {
            data = argv[++i];
        } else if (!in && argv[i][0] != '-') {
            in = argv[i];
        } else {
            fprintf(stderr, "simt-as: bad argument %s (see --help)\n", argv[i]);
            return 2;
        }
    }
    if (!in) {
        fprintf(stderr, "simt-as: no input (see --help)\n");
        return 2;
    }
    static simt_image_t img;
    if (simt_assemble_file(in, &img)) {
        fprintf(stderr, "%s: %s\n", in, img.err);
        return 1;
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        perror(out);
        return 1;
    }
    for (unsigned i = 0; i < img.nprog; i++) {
        fprintf(f, "%04x\n", img.prog[i]);
    }
    if (out) {
        fclose(f);
    }
    if (data) {
        FILE *d = fopen(data, "w");
        if (!d) {
            perror(data);
            return 1;
        }
        for (unsigned i = 0; i < SIMT_DATA_BYTES; i++) {
            fprintf(d, "%02x\n", img.data[i]);
        }
        fclose(d);
    }
    return 0;
}
