#ifndef CAREPRESS_FUZZ_DRIVER_H
#define CAREPRESS_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver (its command line, corpus and mutations) over `body`, from a main of the target's own.
int carepress_fuzz_run(int *argc, char ***argv, int (*body)(const uint8_t *data, size_t size));

#endif
