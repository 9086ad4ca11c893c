// Joining the HTTP I/O thread with a deadline: pthread_timedjoin_np is a GNU extension, which
// Swift's Glibc module doesn't declare.
#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>

#include "shim.h"

int rolo_join_thread_within(pthread_t thread, long long nanoseconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    long long total = (long long)deadline.tv_nsec + nanoseconds;
    deadline.tv_sec += (time_t)(total / 1000000000LL);
    deadline.tv_nsec = (long)(total % 1000000000LL);
    return pthread_timedjoin_np(thread, NULL, &deadline);
}
