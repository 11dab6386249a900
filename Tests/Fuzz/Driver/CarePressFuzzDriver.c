#include "CarePressFuzzDriver.h"

// libFuzzer's entry point for programs with a main of their own (LLVM's "Using libFuzzer as a library"). SwiftPM
// links every executable target with a Swift main, so libFuzzer's own main is never used.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*body)(const uint8_t *data, size_t size));

int carepress_fuzz_run(int *argc, char ***argv, int (*body)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(argc, argv, body);
}
