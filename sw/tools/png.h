/* Minimal PNG writer (8-bit RGB, zlib-compressed). */
#ifndef PNG_H
#define PNG_H
#include <stdint.h>
/* rgb: w*h*3 bytes, row-major. Returns 0 on success, -1 on error (errno set by stdio). */
int png_write_rgb(const char *path, unsigned w, unsigned h, const uint8_t *rgb);
/* Animated PNG (APNG, zlib only): frames of w x h RGB collected in memory (compressed), each
 * shown delay_ms (at most 65535), looping; png_anim_write writes them all (-1 on error, or
 * with no frame). */
typedef struct png_anim png_anim_t;
png_anim_t *png_anim_new(unsigned w, unsigned h, unsigned delay_ms);
int png_anim_add(png_anim_t *a, const uint8_t *rgb);
unsigned png_anim_frames(const png_anim_t *a);
int png_anim_write(const png_anim_t *a, const char *path);
void png_anim_free(png_anim_t *a);
/* RGB565 -> RGB888 by bit replication */
void png_rgb565_to_rgb(uint16_t c, uint8_t out[3]);
#endif
