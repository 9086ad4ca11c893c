#ifndef ROLO_CIMAGE_H
#define ROLO_CIMAGE_H

#include <stddef.h>
#include <stdint.h>

/* Encodes a tightly packed 8-bit RGB buffer as a baseline JPEG.
   On success returns 0 and sets *out (free with rolo_image_free) and *out_len. */
int rolo_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                         uint8_t **out, size_t *out_len,
                         char *error, size_t error_len);

/* Frees a buffer returned by this library. */
void rolo_image_free(void *buffer);

#endif
