#ifndef CAREPRESS_CXXHASH_SHIM_H
#define CAREPRESS_CXXHASH_SHIM_H
#include <xxhash.h>
#endif
