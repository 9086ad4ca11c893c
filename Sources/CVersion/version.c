#include "CVersion.h"

#ifndef ROLO_VERSION
#error "ROLO_VERSION is defined by Package.swift from the VERSION file"
#endif

const char *rolo_version(void) { return ROLO_VERSION; }
