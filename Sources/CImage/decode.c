#include "codec.h"
#include "libraries.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const uint8_t jpeg_signature[3] = {0xFF, 0xD8, 0xFF};
static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

void rolo_set_error(char *error, size_t error_len, const char *format, ...) {
    if (!error || error_len == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error, error_len, format, args);
    va_end(args);
}

int rolo_exceeds_limit(uint64_t width, uint64_t height, uint64_t max_pixels) {
    /* Both factors fit in 32 bits in either format, so the product can't overflow. */
    return width * height > max_pixels;
}

rolo_image_status rolo_image_decode(const uint8_t *data, size_t length,
                                    const rolo_decode_options *options,
                                    rolo_decoded_image *out,
                                    char *error, size_t error_len) {
    rolo_set_error(error, error_len, "%s", "");
    if (!out || !options) return ROLO_IMAGE_NOT_IMAGE;
    memset(out, 0, sizeof(*out));
    if (!data || length == 0) return ROLO_IMAGE_EMPTY;
    /* The bytes decide the format: servers send JPEGs named .png and HTML error pages as images. */
    if (length >= sizeof(jpeg_signature) && memcmp(data, jpeg_signature, sizeof(jpeg_signature)) == 0) {
        out->format = ROLO_IMAGE_FORMAT_JPEG;
        if (!rolo_jpeg_library(error, error_len)) return ROLO_IMAGE_NO_LIBRARY;
        return rolo_jpeg_decode(data, length, options, out, error, error_len);
    }
    if (length >= sizeof(png_signature) && memcmp(data, png_signature, sizeof(png_signature)) == 0) {
        out->format = ROLO_IMAGE_FORMAT_PNG;
        if (!rolo_png_library(error, error_len)) return ROLO_IMAGE_NO_LIBRARY;
        return rolo_png_decode(data, length, options, out, error, error_len);
    }
    return ROLO_IMAGE_NOT_IMAGE;
}
