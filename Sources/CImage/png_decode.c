#include "codec.h"

#include <stdlib.h>
#include <string.h>
#include <png.h>

#include "libraries.h"

/* libpng's simplified API catches its own errors (it setjmps inside png_safe_execute) and
   reports them in image.message, so nothing here can longjmp. */

/* libpng words its complaints per call site; these mean the data stopped early: the memory
   reader's "read beyond end of data", and IDAT chunks that end before the last row. */
static int says_truncated(const char *message) {
    return strstr(message, "end of data") || strstr(message, "Not enough image data");
}

static rolo_image_status failure(png_image *image, char *error, size_t error_len) {
    rolo_set_error(error, error_len, "%s", image->message);
    rolo_image_status status = says_truncated(image->message) ? ROLO_IMAGE_TRUNCATED
                               : strstr(image->message, "memory") ? ROLO_IMAGE_NO_MEMORY
                                                                  : ROLO_IMAGE_CORRUPT;
    png_image_free(image);
    return status;
}

rolo_image_status rolo_png_decode(const uint8_t *data, size_t length,
                                  const rolo_decode_options *options,
                                  rolo_decoded_image *out, char *error, size_t error_len) {
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        return failure(&image, error, error_len);
    }
    out->source_width = (int)image.width;
    out->source_height = (int)image.height;
    if (rolo_exceeds_limit(image.width, image.height, options->max_pixels)) {
        png_image_free(&image);
        return ROLO_IMAGE_TOO_LARGE;
    }

    /* Any layout (palette, grey, 16-bit, with or without alpha) comes out as 8-bit sRGB. */
    image.format = PNG_FORMAT_RGB;
    /* Sized here in size_t rather than with PNG_IMAGE_SIZE, whose arithmetic is 32-bit. */
    uint8_t *pixels = malloc((size_t)image.width * image.height * 3);
    if (!pixels) {
        png_image_free(&image);
        rolo_set_error(error, error_len, "%s", "out of memory for the decoded pixels");
        return ROLO_IMAGE_NO_MEMORY;
    }
    /* Without a background the API blends transparent pixels onto the buffer's old contents. */
    png_color background = {options->background[0], options->background[1], options->background[2]};
    if (!png_image_finish_read(&image, &background, pixels, 0, NULL)) {
        free(pixels);
        return failure(&image, error, error_len);
    }
    out->pixels = pixels;
    out->width = (int)image.width;
    out->height = (int)image.height;
    png_image_free(&image);
    return ROLO_IMAGE_OK;
}
