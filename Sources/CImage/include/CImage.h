#ifndef ROLO_CIMAGE_H
#define ROLO_CIMAGE_H

#include <stddef.h>
#include <stdint.h>

/* Encodes a tightly packed 8-bit RGB buffer as a baseline JPEG.
   On success returns 0 and sets *out (free with rolo_image_free) and *out_len. */
int rolo_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                         uint8_t **out, size_t *out_len,
                         char *error, size_t error_len);

/* The colour space a JPEG is written in. */
typedef enum {
    ROLO_JPEG_COLOR_YCC = 0,  /* the usual YCbCr */
    ROLO_JPEG_COLOR_GRAY = 1, /* one channel, converted from the RGB input */
    ROLO_JPEG_COLOR_CMYK = 2  /* inverted CMYK with an Adobe marker, as Photoshop writes it */
} rolo_jpeg_color;

/* Like rolo_jpeg_encode_rgb, with a choice of progressive scans and colour space (for test
   fixtures and benchmarks; the input is always RGB). Returns 0 on success. */
int rolo_jpeg_encode_rgb_ex(const uint8_t *rgb, int width, int height, int quality,
                            int progressive, rolo_jpeg_color color,
                            uint8_t **out, size_t *out_len,
                            char *error, size_t error_len);

/* How the samples given to rolo_png_encode are laid out. */
typedef enum {
    ROLO_PNG_GRAY = 0,        /* 1 byte a pixel */
    ROLO_PNG_GRAY_ALPHA = 1,  /* 2 bytes a pixel */
    ROLO_PNG_RGB = 2,         /* 3 bytes a pixel */
    ROLO_PNG_RGBA = 3,        /* 4 bytes a pixel */
    ROLO_PNG_PALETTE = 4,     /* 1 index a pixel into an RGB colormap */
    ROLO_PNG_PALETTE_ALPHA = 5, /* 1 index a pixel into an RGBA colormap (written as tRNS) */
    ROLO_PNG_RGB16 = 6        /* 3 native-endian uint16 linear-light samples a pixel */
} rolo_png_layout;

/* Encodes pixels as a PNG through libpng's simplified API. colormap (entries × 3 or 4 bytes)
   is used only by the palette layouts. Returns 0 on success; free *out with rolo_image_free. */
int rolo_png_encode(const void *pixels, int width, int height, rolo_png_layout layout,
                    const uint8_t *colormap, int colormap_entries,
                    uint8_t **out, size_t *out_len,
                    char *error, size_t error_len);

/* Why a decode failed (or ROLO_IMAGE_OK). */
typedef enum {
    ROLO_IMAGE_OK = 0,
    ROLO_IMAGE_EMPTY = 1,        /* no bytes at all */
    ROLO_IMAGE_NOT_IMAGE = 2,    /* neither the JPEG nor the PNG signature */
    ROLO_IMAGE_TOO_LARGE = 3,    /* the header's width × height is over max_pixels */
    ROLO_IMAGE_TRUNCATED = 4,    /* the data ends before the image does */
    ROLO_IMAGE_CORRUPT = 5,      /* the codec found damaged data; error holds its words */
    ROLO_IMAGE_UNSUPPORTED = 6,  /* valid, but a variant this decoder can't convert to RGB */
    ROLO_IMAGE_NO_MEMORY = 7,
    ROLO_IMAGE_NO_LIBRARY = 8    /* libjpeg.so.62 or libpng16.so.16 can't be loaded; error says why */
} rolo_image_status;

/* The format found from the first bytes. */
typedef enum {
    ROLO_IMAGE_FORMAT_UNKNOWN = 0,
    ROLO_IMAGE_FORMAT_JPEG = 1,
    ROLO_IMAGE_FORMAT_PNG = 2
} rolo_image_format;

/* What to decode and how. */
typedef struct {
    /* The box the picture will be fitted into (aspect kept), in pixels; 0 means full size.
       JPEGs are DCT-scaled (1/2, 1/4, 1/8) to the smallest size still covering the fitted size. */
    int target_width;
    int target_height;
    /* A header claiming more pixels than this is refused before anything is allocated. */
    uint64_t max_pixels;
    /* The colour transparent PNG pixels are composited onto. */
    uint8_t background[3];
} rolo_decode_options;

/* A decoded picture: tightly packed 8-bit RGB rows. */
typedef struct {
    uint8_t *pixels;       /* width × height × 3 bytes; free with rolo_image_free */
    int width;
    int height;
    int source_width;      /* the header's size, also set for ROLO_IMAGE_TOO_LARGE */
    int source_height;
    rolo_image_format format;
} rolo_decoded_image;

/* Decodes a JPEG or PNG, detected from its bytes. Never longjmps out, never writes to stdout
   or stderr. On failure out->pixels is NULL and error holds the codec's detail, if any. */
rolo_image_status rolo_image_decode(const uint8_t *data, size_t length,
                                    const rolo_decode_options *options,
                                    rolo_decoded_image *out,
                                    char *error, size_t error_len);

/* Frees a buffer returned by this library. */
void rolo_image_free(void *buffer);

#endif
