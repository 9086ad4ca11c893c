#include "codec.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#include "libraries.h"

/* libjpeg reports fatal errors through error_exit, which must not return, and damaged data
   only through warnings (it pads a truncated file with a fake end marker and carries on). Both
   end here in a longjmp that never leaves this file, so Swift frames are never skipped. */
struct decode_error {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    rolo_image_status status;
    char *message;
    size_t message_len;
};

static void keep_message(j_common_ptr cinfo, rolo_image_status status) {
    struct decode_error *err = (struct decode_error *)cinfo->err;
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    rolo_set_error(err->message, err->message_len, "%s", buffer);
    err->status = status;
}

static void decode_error_exit(j_common_ptr cinfo) {
    rolo_image_status status;
    switch (cinfo->err->msg_code) {
    case JERR_OUT_OF_MEMORY: status = ROLO_IMAGE_NO_MEMORY; break;
    case JERR_CONVERSION_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_ARITH_NOTIMPL:
    case JERR_SOF_UNSUPPORTED:
    case JERR_BAD_PRECISION: status = ROLO_IMAGE_UNSUPPORTED; break;
    /* Over libjpeg's own 65500-pixel limit: a bomb that libjpeg caught first. */
    case JERR_IMAGE_TOO_BIG: status = ROLO_IMAGE_TOO_LARGE; break;
    case JERR_INPUT_EOF: status = ROLO_IMAGE_TRUNCATED; break;
    default: status = ROLO_IMAGE_CORRUPT; break;
    }
    keep_message(cinfo, status);
    longjmp(((struct decode_error *)cinfo->err)->escape, 1);
}

/* Warnings that mean the pixels would be wrong; the rest (an unknown JFIF revision, a bad
   ICC marker, an odd Adobe transform code) leave a picture worth showing. */
static int damages_pixels(int code) {
    switch (code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_EXTRANEOUS_DATA:
        return 1;
    default:
        return 0;
    }
}

static void decode_emit_message(j_common_ptr cinfo, int msg_level) {
    int code = cinfo->err->msg_code;
    if (msg_level >= 0 || !damages_pixels(code)) return; /* trace output and benign warnings */
    /* Stop at the first damage rather than decode the rest of a picture that won't be shown. */
    keep_message(cinfo, code == JWRN_JPEG_EOF ? ROLO_IMAGE_TRUNCATED : ROLO_IMAGE_CORRUPT);
    longjmp(((struct decode_error *)cinfo->err)->escape, 1);
}

/* libjpeg's default prints to stderr, which would scribble over the full-screen UI. */
static void decode_output_message(j_common_ptr cinfo) { (void)cinfo; }

/* The largest of 1/8, 1/4, 1/2 whose output still covers the picture fitted into the target
   (each scaled dimension is ceil(size / denominator), as libjpeg computes it). */
static unsigned int scale_denominator(JDIMENSION width, JDIMENSION height,
                                      int target_width, int target_height) {
    if (target_width <= 0 || target_height <= 0) return 1;
    double fit = (double)target_width / width;
    if ((double)target_height / height < fit) fit = (double)target_height / height;
    if (fit >= 1) return 1;
    double needed_width = (double)width * fit, needed_height = (double)height * fit;
    for (unsigned int denominator = 8; denominator > 1; denominator /= 2) {
        JDIMENSION scaled_width = (width + denominator - 1) / denominator;
        JDIMENSION scaled_height = (height + denominator - 1) / denominator;
        if (scaled_width >= needed_width && scaled_height >= needed_height) return denominator;
    }
    return 1;
}

/* Adobe applications store CMYK inverted (0 = full ink) and mark the file with an APP14
   segment; without that marker the samples are plain ink amounts. */
static void cmyk_to_rgb(const JSAMPLE *cmyk, uint8_t *rgb, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++, cmyk += 4, rgb += 3) {
        unsigned int k = inverted ? cmyk[3] : 255u - cmyk[3];
        for (int channel = 0; channel < 3; channel++) {
            unsigned int ink = inverted ? cmyk[channel] : 255u - cmyk[channel];
            rgb[channel] = (uint8_t)((ink * k + 127) / 255);
        }
    }
}

static void read_pixels(struct jpeg_decompress_struct *cinfo, uint8_t *pixels, int is_cmyk) {
    size_t stride = (size_t)cinfo->output_width * 3;
    JSAMPARRAY scratch = NULL;
    if (is_cmyk) {
        scratch = (*cinfo->mem->alloc_sarray)((j_common_ptr)cinfo, JPOOL_IMAGE,
                                               cinfo->output_width * 4, 1);
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        uint8_t *row = pixels + (size_t)cinfo->output_scanline * stride;
        if (is_cmyk) {
            jpeg_read_scanlines(cinfo, scratch, 1);
            cmyk_to_rgb(scratch[0], row, cinfo->output_width, cinfo->saw_Adobe_marker);
        } else {
            JSAMPROW target = row;
            jpeg_read_scanlines(cinfo, &target, 1);
        }
    }
}

rolo_image_status rolo_jpeg_decode(const uint8_t *data, size_t length,
                                   const rolo_decode_options *options,
                                   rolo_decoded_image *out, char *error, size_t error_len) {
    struct jpeg_decompress_struct cinfo;
    struct decode_error jerr;
    /* Written after setjmp and read after longjmp, so it must live in memory. */
    uint8_t *volatile pixels = NULL;

    memset(&cinfo, 0, sizeof(cinfo));
    cinfo.err = jpeg_std_error(&jerr.base);
    jerr.base.error_exit = decode_error_exit;
    jerr.base.emit_message = decode_emit_message;
    jerr.base.output_message = decode_output_message;
    jerr.status = ROLO_IMAGE_OK;
    jerr.message = error;
    jerr.message_len = error_len;
    if (setjmp(jerr.escape)) {
        out->source_width = (int)cinfo.image_width;
        out->source_height = (int)cinfo.image_height;
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        out->pixels = NULL;
        out->width = out->height = 0;
        return jerr.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    out->source_width = (int)cinfo.image_width;
    out->source_height = (int)cinfo.image_height;
    if (rolo_exceeds_limit(cinfo.image_width, cinfo.image_height, options->max_pixels)) {
        jpeg_destroy_decompress(&cinfo);
        return ROLO_IMAGE_TOO_LARGE;
    }

    /* libjpeg converts greyscale and YCbCr to RGB itself, but not CMYK or YCCK. */
    int is_cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = is_cmyk ? JCS_CMYK : JCS_RGB;
    cinfo.scale_num = 1;
    cinfo.scale_denom = scale_denominator(cinfo.image_width, cinfo.image_height,
                                          options->target_width, options->target_height);
    jpeg_start_decompress(&cinfo);

    pixels = malloc((size_t)cinfo.output_width * cinfo.output_height * 3);
    if (!pixels) {
        rolo_set_error(error, error_len, "%s", "out of memory for the decoded pixels");
        jpeg_destroy_decompress(&cinfo);
        return ROLO_IMAGE_NO_MEMORY;
    }
    read_pixels(&cinfo, pixels, is_cmyk);
    /* No jpeg_finish_decompress: it would only read on to the end marker, and every pixel is
       in already. */
    out->pixels = pixels;
    out->width = (int)cinfo.output_width;
    out->height = (int)cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    return ROLO_IMAGE_OK;
}
