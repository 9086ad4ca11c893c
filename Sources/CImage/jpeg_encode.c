#include "CImage.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

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

int rolo_jpeg_encode_rgb(const uint8_t *rgb, int width, int height, int quality,
                         uint8_t **out, size_t *out_len,
                         char *error, size_t error_len) {
    struct jpeg_compress_struct cinfo;
    struct encode_error jerr;
    unsigned char *buffer = NULL;
    unsigned long buffer_len = 0;

    if (!rgb || width <= 0 || height <= 0 || !out || !out_len) {
        if (error && error_len) snprintf(error, error_len, "invalid arguments");
        return -1;
    }
    memset(&cinfo, 0, sizeof(cinfo));
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = encode_error_exit;
    jerr.message = error;
    jerr.message_len = error_len;
    if (setjmp(jerr.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &buffer_len);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo.next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_len = buffer_len;
    return 0;
}

void rolo_image_free(void *buffer) { free(buffer); }
