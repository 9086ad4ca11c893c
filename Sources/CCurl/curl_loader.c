// libcurl, loaded when the first request needs it rather than when rolo starts.
//
// Linked normally, libcurl and the ~30 libraries it pulls in (OpenSSL, GnuTLS, Kerberos, LDAP,
// nghttp2, ...) are mapped and relocated before main: 7 ms of every start, more than tig needs
// for the whole of its first screen. Nothing on rolo's first frame needs the network, so each
// curl_* function rolo (and FoundationNetworking, which the stand-in's FlyingFox links) calls is
// defined here as a forwarder to the real one, found with dlopen/dlsym the first time any of
// them runs. The HTTP I/O thread makes that first call as soon as it starts, beside the main
// thread's work on the terminal; `rolo_curl_load` says why when the library can't be had.
//
// The variadic setopt/getinfo calls forward their one argument as a pointer-sized value: every
// option takes a long, a curl_off_t, a pointer or a function pointer, all passed the same way
// on the 64-bit Linux ABIs rolo is built for (checked below).

// The system headers come first, so that only curl's own declarations are made hidden: the
// forwarders are for this binary, never exported to libcurl or anything else loaded.
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>

#define CURL_DISABLE_TYPECHECK 1
#pragma GCC visibility push(hidden)
#include <curl/curl.h>
#pragma GCC visibility pop

#include "shim.h"

_Static_assert(sizeof(void *) == sizeof(long) && sizeof(void *) == sizeof(curl_off_t),
               "the variadic forwarders assume 64-bit longs and offsets");

#define ROLO_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_getinfo) \
    X(curl_easy_cleanup) X(curl_easy_reset) X(curl_easy_pause) X(curl_easy_strerror) X(curl_free) \
    X(curl_multi_init) X(curl_multi_add_handle) X(curl_multi_remove_handle) X(curl_multi_cleanup) \
    X(curl_multi_info_read) X(curl_multi_perform) X(curl_multi_poll) X(curl_multi_wakeup) \
    X(curl_multi_setopt) X(curl_multi_assign) X(curl_multi_socket_action) X(curl_slist_append) \
    X(curl_slist_free_all) X(curl_url) X(curl_url_get) X(curl_url_set) X(curl_version) \
    X(curl_version_info)

#define ROLO_DECLARE_POINTER(name) static __typeof__(name) *real_##name;
ROLO_CURL_FUNCTIONS(ROLO_DECLARE_POINTER)

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

static void load(void) {
    // The soname every libcurl 7.16+ has; Debian's and Ubuntu's libcurl4 (or libcurl4t64).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
#define ROLO_RESOLVE(name) \
    real_##name = (__typeof__(name) *)dlsym(library, #name); \
    if (real_##name == NULL) { \
        snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s: it is older than 7.68", #name); \
        return; \
    }
    ROLO_CURL_FUNCTIONS(ROLO_RESOLVE)
#undef ROLO_RESOLVE
    loaded = 1;
}

const char *rolo_curl_load(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

// Each forwarder loads libcurl if nothing has yet and answers as libcurl does when it can't do
// the work (NULL, an error code) if it couldn't be loaded: rolo checks rolo_curl_load() before
// its first request, and says why, so these answers only reach code that never runs here.
#define ROLO_READY (rolo_curl_load() == NULL)

CURLcode curl_global_init(long flags) {
    return ROLO_READY ? real_curl_global_init(flags) : CURLE_FAILED_INIT;
}

CURL *curl_easy_init(void) { return ROLO_READY ? real_curl_easy_init() : NULL; }

CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    return ROLO_READY ? real_curl_easy_setopt(curl, option, value) : CURLE_FAILED_INIT;
}

CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...) {
    va_list arguments;
    va_start(arguments, info);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    return ROLO_READY ? real_curl_easy_getinfo(curl, info, value) : CURLE_FAILED_INIT;
}

void curl_easy_cleanup(CURL *curl) {
    if (curl != NULL && ROLO_READY) real_curl_easy_cleanup(curl);
}

void curl_easy_reset(CURL *curl) {
    if (ROLO_READY) real_curl_easy_reset(curl);
}

CURLcode curl_easy_pause(CURL *handle, int bitmask) {
    return ROLO_READY ? real_curl_easy_pause(handle, bitmask) : CURLE_FAILED_INIT;
}

const char *curl_easy_strerror(CURLcode code) {
    return ROLO_READY ? real_curl_easy_strerror(code) : load_error;
}

void curl_free(void *pointer) {
    if (pointer != NULL && ROLO_READY) real_curl_free(pointer);
}

CURLM *curl_multi_init(void) { return ROLO_READY ? real_curl_multi_init() : NULL; }

CURLMcode curl_multi_add_handle(CURLM *multi, CURL *easy) {
    return ROLO_READY ? real_curl_multi_add_handle(multi, easy) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *easy) {
    return ROLO_READY ? real_curl_multi_remove_handle(multi, easy) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_cleanup(CURLM *multi) {
    return ROLO_READY ? real_curl_multi_cleanup(multi) : CURLM_INTERNAL_ERROR;
}

CURLMsg *curl_multi_info_read(CURLM *multi, int *messagesLeft) {
    return ROLO_READY ? real_curl_multi_info_read(multi, messagesLeft) : NULL;
}

CURLMcode curl_multi_perform(CURLM *multi, int *running) {
    return ROLO_READY ? real_curl_multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_poll(CURLM *multi, struct curl_waitfd extraFDs[], unsigned int extraCount, int timeoutMilliseconds,
                          int *ready) {
    return ROLO_READY ? real_curl_multi_poll(multi, extraFDs, extraCount, timeoutMilliseconds, ready)
                      : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_wakeup(CURLM *multi) {
    return ROLO_READY ? real_curl_multi_wakeup(multi) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    return ROLO_READY ? real_curl_multi_setopt(multi, option, value) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_assign(CURLM *multi, curl_socket_t socket, void *socketData) {
    return ROLO_READY ? real_curl_multi_assign(multi, socket, socketData) : CURLM_INTERNAL_ERROR;
}

CURLMcode curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int events, int *running) {
    return ROLO_READY ? real_curl_multi_socket_action(multi, socket, events, running) : CURLM_INTERNAL_ERROR;
}

struct curl_slist *curl_slist_append(struct curl_slist *list, const char *data) {
    return ROLO_READY ? real_curl_slist_append(list, data) : NULL;
}

void curl_slist_free_all(struct curl_slist *list) {
    // A request that never began has no list: freeing nothing must not load libcurl.
    if (list != NULL && ROLO_READY) real_curl_slist_free_all(list);
}

CURLU *curl_url(void) { return ROLO_READY ? real_curl_url() : NULL; }

CURLUcode curl_url_get(CURLU *handle, CURLUPart what, char **part, unsigned int flags) {
    return ROLO_READY ? real_curl_url_get(handle, what, part, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode curl_url_set(CURLU *handle, CURLUPart what, const char *part, unsigned int flags) {
    return ROLO_READY ? real_curl_url_set(handle, what, part, flags) : CURLUE_OUT_OF_MEMORY;
}

char *curl_version(void) { return ROLO_READY ? real_curl_version() : load_error; }

curl_version_info_data *curl_version_info(CURLversion age) {
    return ROLO_READY ? real_curl_version_info(age) : NULL;
}
