#ifndef ROLO_CCURL_SHIM_H
#define ROLO_CCURL_SHIM_H

// libcurl's setopt/getinfo entry points are C variadics, which Swift can't call: these typed
// wrappers pass each kind of argument through. The macros Swift doesn't import are functions here.
#include <curl/curl.h>

/// Loads libcurl (once; later calls only answer): NULL when it is ready, else why it can't be
/// had. rolo doesn't link libcurl: see curl_loader.c.
const char *rolo_curl_load(void);

static inline CURLcode rolo_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

static inline int rolo_curl_error_size(void) { return CURL_ERROR_SIZE; }

static inline CURLcode rolo_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rolo_curl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rolo_curl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rolo_curl_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode rolo_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rolo_curl_easy_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rolo_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode rolo_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

// glibc declares pthread_setname_np only under _GNU_SOURCE, which Swift's Glibc module lacks.
#include <pthread.h>
extern int pthread_setname_np(pthread_t thread, const char *name);

/// Names the calling thread (15 bytes at most), so htop and /proc show the HTTP I/O thread.
static inline void rolo_name_this_thread(const char *name) { pthread_setname_np(pthread_self(), name); }

// Waits at most `nanoseconds` for `thread` to exit and joins it: 0, or ETIMEDOUT (or another
// error) with the thread still joinable.
int rolo_join_thread_within(pthread_t thread, long long nanoseconds);

static inline CURLMcode rolo_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
