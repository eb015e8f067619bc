/* Minimal PNG writer (8-bit RGB, zlib-compressed). */
#ifndef PNG_H
#define PNG_H
#include <stdint.h>
/* rgb: w*h*3 bytes, row-major. Returns 0 on success, -1 on error (errno set by stdio). */
int png_write_rgb(const char *path, unsigned w, unsigned h, const uint8_t *rgb);
/* RGB565 -> RGB888 by bit replication */
void png_rgb565_to_rgb(uint16_t c, uint8_t out[3]);
#endif
