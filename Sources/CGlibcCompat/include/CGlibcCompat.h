#ifndef ROLO_CGLIBCCOMPAT_H
#define ROLO_CGLIBCCOMPAT_H

/* Nothing to call: this target only defines, inside rolo, the glibc functions newer than the
   oldest glibc rolo supports (Ubuntu 22.04's 2.35) that the libraries it links in statically
   need. See arc4random.c. */

#endif
