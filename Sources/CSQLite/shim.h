#ifndef CAREPRESS_CSQLITE_SHIM_H
#define CAREPRESS_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
