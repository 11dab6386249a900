#ifndef CAREPRESS_CCMARK_SHIM_H
#define CAREPRESS_CCMARK_SHIM_H
#include <cmark.h>
#endif
