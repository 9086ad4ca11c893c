#ifndef ROLO_CVERSION_H
#define ROLO_CVERSION_H

/* rolo's version, from the VERSION file at the package's root (Package.swift reads it and
   defines ROLO_VERSION when compiling version.c, so the number is written in one place). */
const char *rolo_version(void);

#endif
