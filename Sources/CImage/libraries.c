/* Finds libjpeg-turbo's and libpng's functions with dlopen/dlsym, once, the first time a
   picture is decoded or encoded (see libraries.h for why). */

#define ROLO_LIBRARIES_LOADER 1

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <jpeglib.h>
#include <png.h>

#include "libraries.h"

/* The sonames of the ABIs these headers describe: Debian's libjpeg62-turbo and libpng16-16. */
_Static_assert(JPEG_LIB_VERSION == 62, "libjpeg.so.62 is loaded: build with libjpeg62-turbo's headers");
_Static_assert(PNG_LIBPNG_VER_SONUM == 16, "libpng16.so.16 is loaded: build with libpng 1.6's headers");
#define ROLO_JPEG_SONAME "libjpeg.so.62"
#define ROLO_PNG_SONAME "libpng16.so.16"

struct rolo_jpeg_table rolo_jpeg;
struct rolo_png_table rolo_png;

/* One library's state: loaded once, by whichever thread asks first. */
struct library {
    pthread_once_t once;
    int loaded;
    char error[512];
};

static struct library jpeg_library = {PTHREAD_ONCE_INIT, 0, ""};
static struct library png_library = {PTHREAD_ONCE_INIT, 0, ""};

/* Opens soname into *handle, or says why not in state->error. */
static void *open_library(struct library *state, const char *soname) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(state->error, sizeof state->error, "%s", why ? why : soname);
    }
    return handle;
}

#define ROLO_RESOLVE(table, state, soname, name) \
    table.name = (__typeof__(name) *)dlsym(handle, #name); \
    if (table.name == NULL) { \
        snprintf(state.error, sizeof state.error, "%s has no %s", soname, #name); \
        return; \
    }

static void load_jpeg(void) {
    void *handle = open_library(&jpeg_library, ROLO_JPEG_SONAME);
    if (handle == NULL) return;
#define ROLO_RESOLVE_JPEG(name) ROLO_RESOLVE(rolo_jpeg, jpeg_library, ROLO_JPEG_SONAME, name)
    ROLO_JPEG_FUNCTIONS(ROLO_RESOLVE_JPEG)
    jpeg_library.loaded = 1;
}

static void load_png(void) {
    void *handle = open_library(&png_library, ROLO_PNG_SONAME);
    if (handle == NULL) return;
#define ROLO_RESOLVE_PNG(name) ROLO_RESOLVE(rolo_png, png_library, ROLO_PNG_SONAME, name)
    ROLO_PNG_FUNCTIONS(ROLO_RESOLVE_PNG)
    rolo_png.png_image_write_to_memory =
        (__typeof__(png_image_write_to_memory) *)dlsym(handle, "png_image_write_to_memory");
    png_library.loaded = 1;
}

static int answer(const struct library *state, char *error, size_t error_len) {
    if (state->loaded) return 1;
    if (error && error_len) snprintf(error, error_len, "%s", state->error);
    return 0;
}

int rolo_jpeg_library(char *error, size_t error_len) {
    pthread_once(&jpeg_library.once, load_jpeg);
    return answer(&jpeg_library, error, error_len);
}

int rolo_png_library(char *error, size_t error_len) {
    pthread_once(&png_library.once, load_png);
    return answer(&png_library, error, error_len);
}

int rolo_png_can_write(void) { return rolo_png.png_image_write_to_memory != NULL; }
