#ifndef CAREPRESS_CMIMALLOC_SHIM_H
#define CAREPRESS_CMIMALLOC_SHIM_H
#include <mimalloc.h>
#endif
