#ifndef CAREPRESS_CMARK_ARENA_H
#define CAREPRESS_CMARK_ARENA_H

#include <cmark.h>

/// The calling thread's arena for libcmark (its `calloc`, `realloc` and `free`): memory comes from blocks the thread
/// keeps, and `free` does nothing; `carepress_cmark_arena_reset` takes it all back at once, after each document.
cmark_mem *carepress_cmark_arena(void);

/// Takes back everything the calling thread's arena handed out (keeping one block for the next document). Nothing
/// allocated from it may be used afterwards.
void carepress_cmark_arena_reset(void);

#endif
