#ifndef ROLO_CIMAGE_CODEC_H
#define ROLO_CIMAGE_CODEC_H

/* Shared between the codec files; not part of the public header. */

#include "CImage.h"

/* Decoders behind rolo_image_decode; data is known to carry the format's signature. */
rolo_image_status rolo_jpeg_decode(const uint8_t *data, size_t length,
                                   const rolo_decode_options *options,
                                   rolo_decoded_image *out, char *error, size_t error_len);
rolo_image_status rolo_png_decode(const uint8_t *data, size_t length,
                                  const rolo_decode_options *options,
                                  rolo_decoded_image *out, char *error, size_t error_len);

/* Writes a printf-style message into error, if the caller gave room for one. */
void rolo_set_error(char *error, size_t error_len, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Whether a width × height picture is over the caller's pixel limit. */
int rolo_exceeds_limit(uint64_t width, uint64_t height, uint64_t max_pixels);

#endif
