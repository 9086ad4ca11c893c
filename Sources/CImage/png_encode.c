#include "codec.h"

#include <stdlib.h>
#include <string.h>
#include <png.h>

#include "libraries.h"

static png_uint_32 format_of(rolo_png_layout layout) {
    switch (layout) {
    case ROLO_PNG_GRAY: return PNG_FORMAT_GRAY;
    case ROLO_PNG_GRAY_ALPHA: return PNG_FORMAT_GA;
    case ROLO_PNG_RGB: return PNG_FORMAT_RGB;
    case ROLO_PNG_RGBA: return PNG_FORMAT_RGBA;
    case ROLO_PNG_PALETTE: return PNG_FORMAT_RGB_COLORMAP;
    case ROLO_PNG_PALETTE_ALPHA: return PNG_FORMAT_RGBA_COLORMAP;
    case ROLO_PNG_RGB16: return PNG_FORMAT_LINEAR_RGB;
    }
    return PNG_FORMAT_RGB;
}

int rolo_png_encode(const void *pixels, int width, int height, rolo_png_layout layout,
                    const uint8_t *colormap, int colormap_entries,
                    uint8_t **out, size_t *out_len,
                    char *error, size_t error_len) {
    int is_palette = layout == ROLO_PNG_PALETTE || layout == ROLO_PNG_PALETTE_ALPHA;
    if (!pixels || width <= 0 || height <= 0 || !out || !out_len ||
        (is_palette && (!colormap || colormap_entries < 1 || colormap_entries > 256))) {
        rolo_set_error(error, error_len, "%s", "invalid arguments");
        return -1;
    }
    if (!rolo_png_library(error, error_len)) return -1;
    if (!rolo_png_can_write()) {
        rolo_set_error(error, error_len, "%s", "libpng16.so.16 is older than 1.6.29: it can't write PNGs to memory");
        return -1;
    }
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = format_of(layout);
    image.colormap_entries = is_palette ? (png_uint_32)colormap_entries : 0;

    /* First call measures, second writes: the API has no growable output of its own. */
    png_alloc_size_t size = 0;
    if (!png_image_write_get_memory_size(image, size, 0, pixels, 0, colormap)) {
        rolo_set_error(error, error_len, "%s", image.message);
        png_image_free(&image);
        return -1;
    }
    uint8_t *buffer = malloc(size);
    if (!buffer) {
        rolo_set_error(error, error_len, "%s", "out of memory");
        png_image_free(&image);
        return -1;
    }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, colormap)) {
        rolo_set_error(error, error_len, "%s", image.message);
        png_image_free(&image);
        free(buffer);
        return -1;
    }
    png_image_free(&image);
    *out = buffer;
    *out_len = size;
    return 0;
}
