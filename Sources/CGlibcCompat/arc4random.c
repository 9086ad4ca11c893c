/* arc4random, for the libstdc++.a that the release build links in (the Makefile's STATIC_CXX).

   gcc 12's libstdc++ on Debian 12 implements std::random_device with arc4random, which glibc
   has only from 2.36; linked from glibc it would raise the glibc rolo needs from 2.35 to 2.36,
   and the tarball built on Debian 12 would no longer start on Ubuntu 22.04. Defined here, the
   archive's reference binds to this one at link time instead. Hidden, so it never replaces
   glibc's for any library (the executable exports its symbols, -export-dynamic). */

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>

__attribute__((visibility("hidden"))) uint32_t arc4random(void) {
    uint32_t value;
    size_t filled = 0;
    while (filled < sizeof value) {
        ssize_t got = getrandom((char *)&value + filled, sizeof value - filled, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            /* As glibc's does: there is no failure to report, and no value may be made up. */
            abort();
        }
        filled += (size_t)got;
    }
    return value;
}
