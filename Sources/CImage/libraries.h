#ifndef ROLO_CIMAGE_LIBRARIES_H
#define ROLO_CIMAGE_LIBRARIES_H

/* libjpeg-turbo and libpng, loaded with dlopen by the first picture rather than linked.

   Linked, the two libraries (and libpng's zlib) are mapped and relocated before main: up to
   half a millisecond of every start, for a first frame that never shows a picture. Include this
   after <jpeglib.h> and <png.h>: each library function the codecs call is then a pointer in a
   table that libraries.c fills with dlsym, and every entry point calls rolo_jpeg_library or
   rolo_png_library first, which say why when the library can't be had. */

#include <stddef.h>

/* Loads the library once per process; 1 when it is there, else 0 with the reason in error. */
int rolo_jpeg_library(char *error, size_t error_len);
int rolo_png_library(char *error, size_t error_len);
/* Whether the loaded libpng can write PNGs to memory (1.6.29 and later); after rolo_png_library. */
int rolo_png_can_write(void);

#ifdef JPEG_LIB_VERSION
#define ROLO_JPEG_FUNCTIONS(X) \
    X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_CreateCompress) X(jpeg_destroy_decompress) \
    X(jpeg_destroy_compress) X(jpeg_mem_src) X(jpeg_mem_dest) X(jpeg_read_header) \
    X(jpeg_start_decompress) X(jpeg_read_scanlines) X(jpeg_set_defaults) X(jpeg_set_colorspace) \
    X(jpeg_set_quality) X(jpeg_simple_progression) X(jpeg_start_compress) X(jpeg_write_scanlines) \
    X(jpeg_finish_compress)

#define ROLO_LIBRARY_POINTER(name) __typeof__(name) *name;
extern struct rolo_jpeg_table { ROLO_JPEG_FUNCTIONS(ROLO_LIBRARY_POINTER) } rolo_jpeg;

/* A macro is not expanded again inside its own expansion, so each name becomes its table entry. */
#ifndef ROLO_LIBRARIES_LOADER
#define jpeg_std_error (*rolo_jpeg.jpeg_std_error)
#define jpeg_CreateDecompress (*rolo_jpeg.jpeg_CreateDecompress)
#define jpeg_CreateCompress (*rolo_jpeg.jpeg_CreateCompress)
#define jpeg_destroy_decompress (*rolo_jpeg.jpeg_destroy_decompress)
#define jpeg_destroy_compress (*rolo_jpeg.jpeg_destroy_compress)
#define jpeg_mem_src (*rolo_jpeg.jpeg_mem_src)
#define jpeg_mem_dest (*rolo_jpeg.jpeg_mem_dest)
#define jpeg_read_header (*rolo_jpeg.jpeg_read_header)
#define jpeg_start_decompress (*rolo_jpeg.jpeg_start_decompress)
#define jpeg_read_scanlines (*rolo_jpeg.jpeg_read_scanlines)
#define jpeg_set_defaults (*rolo_jpeg.jpeg_set_defaults)
#define jpeg_set_colorspace (*rolo_jpeg.jpeg_set_colorspace)
#define jpeg_set_quality (*rolo_jpeg.jpeg_set_quality)
#define jpeg_simple_progression (*rolo_jpeg.jpeg_simple_progression)
#define jpeg_start_compress (*rolo_jpeg.jpeg_start_compress)
#define jpeg_write_scanlines (*rolo_jpeg.jpeg_write_scanlines)
#define jpeg_finish_compress (*rolo_jpeg.jpeg_finish_compress)
#endif
#endif

#ifdef PNG_LIBPNG_VER
/* What decoding needs, which every libpng 1.6 has; the encoder's function came with 1.6.29, and
   is NULL in the table when the library is older (rolo_png_encode then says so). */
#define ROLO_PNG_FUNCTIONS(X) \
    X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free)

#ifndef ROLO_LIBRARY_POINTER
#define ROLO_LIBRARY_POINTER(name) __typeof__(name) *name;
#endif
extern struct rolo_png_table {
    ROLO_PNG_FUNCTIONS(ROLO_LIBRARY_POINTER)
    __typeof__(png_image_write_to_memory) *png_image_write_to_memory;
} rolo_png;

#ifndef ROLO_LIBRARIES_LOADER
#define png_image_begin_read_from_memory (*rolo_png.png_image_begin_read_from_memory)
#define png_image_finish_read (*rolo_png.png_image_finish_read)
#define png_image_free (*rolo_png.png_image_free)
#define png_image_write_to_memory (*rolo_png.png_image_write_to_memory)
#endif
#endif

#endif
