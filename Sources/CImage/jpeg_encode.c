#include "CImage.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

#include "libraries.h"

struct encode_error {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char *message;
    size_t message_len;
};

/* libjpeg's default error_exit calls exit(); jump back to the caller instead,
   keeping the library's own message. */
static void encode_error_exit(j_common_ptr cinfo) {
    struct encode_error *err = (struct encode_error *)cinfo->err;
    if (err->message && err->message_len > 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        snprintf(err->message, err->message_len, "%s", buffer);
    }
    longjmp(err->escape, 1);
}

/* Inverted CMYK (255 = no ink) as Adobe writes it: K from the brightest channel, the inks
   from what is left, so that decoders computing R = C * K / 255 get the input back. */
static void rgb_to_inverted_cmyk(const uint8_t *rgb, uint8_t *cmyk, int width) {
    for (int x = 0; x < width; x++, rgb += 3, cmyk += 4) {
        unsigned int brightest = rgb[0];
        if (rgb[1] > brightest) brightest = rgb[1];
        if (rgb[2] > brightest) brightest = rgb[2];
        for (int channel = 0; channel < 3; channel++) {
            cmyk[channel] = brightest ? (uint8_t)((rgb[channel] * 255u + brightest / 2) / brightest) : 255;
        }
        cmyk[3] = (uint8_t)brightest;
    }
}

int rolo_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                         uint8_t **out, size_t *out_len,
                         char *error, size_t error_len) {
    return rolo_jpeg_encode_rgb_ex(rgb, width, height, quality, 0, ROLO_JPEG_COLOR_YCC,
                                   out, out_len, error, error_len);
}

int rolo_jpeg_encode_rgb_ex(const uint8_t *rgb, int width, int height, int quality,
                            int progressive, rolo_jpeg_color color,
                            uint8_t **out, size_t *out_len,
                            char *error, size_t error_len) {
    struct jpeg_compress_struct cinfo;
    struct encode_error jerr;
    unsigned char *buffer = NULL;
    unsigned long buffer_len = 0;
    /* Written after setjmp and freed after longjmp, so it must live in memory. */
    uint8_t *volatile cmyk_row = NULL;

    if (!rgb || width <= 0 || height <= 0 || !out || !out_len) {
        if (error && error_len) snprintf(error, error_len, "invalid arguments");
        return -1;
    }
    if (!rolo_jpeg_library(error, error_len)) return -1;
    memset(&cinfo, 0, sizeof(cinfo));
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = encode_error_exit;
    jerr.message = error;
    jerr.message_len = error_len;
    if (setjmp(jerr.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        free(cmyk_row);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &buffer_len);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = color == ROLO_JPEG_COLOR_CMYK ? 4 : 3;
    cinfo.in_color_space = color == ROLO_JPEG_COLOR_CMYK ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    if (color == ROLO_JPEG_COLOR_GRAY) jpeg_set_colorspace(&cinfo, JCS_GRAYSCALE);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    if (color == ROLO_JPEG_COLOR_CMYK) {
        cmyk_row = malloc((size_t)width * 4);
        if (!cmyk_row) {
            if (error && error_len) snprintf(error, error_len, "out of memory");
            jpeg_destroy_compress(&cinfo);
            return -1;
        }
    }
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
        if (cmyk_row) {
            rgb_to_inverted_cmyk(row, cmyk_row, width);
            row = cmyk_row;
        }
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(cmyk_row);
    *out = buffer;
    *out_len = buffer_len;
    return 0;
}

void rolo_image_free(void *buffer) { free(buffer); }
