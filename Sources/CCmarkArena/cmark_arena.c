// An arena allocator for libcmark, one per thread.
//
// libcmark allocates every node, buffer and string of a document through a `cmark_mem` (calloc, realloc, free),
// then frees them one by one when the document is freed. A document is parsed, rendered to HTML and dropped at once,
// so an arena serves it better: allocation is a pointer bump, `free` does nothing, and the whole document goes back
// with one reset, without walking the tree to free it. The functions of a `cmark_mem` take no context, so the arena is
// the calling thread's (`_Thread_local`); each thread keeps one block between documents, freed when the thread ends.

#include "cmark_arena.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { ALIGNMENT = 16, BLOCK_SIZE = 64 * 1024 };

typedef struct block {
    struct block *previous;  // the block before this one, freed by the next reset
    size_t size;             // bytes of `data`
    size_t used;             // bytes of `data` handed out
    _Alignas(ALIGNMENT) unsigned char data[];
} block;

// Each allocation is preceded by its size, so that `realloc` knows how much to copy.
typedef struct {
    size_t size;
    size_t unused;
} header;

_Static_assert(sizeof(header) == ALIGNMENT, "a header keeps allocations aligned");

static _Thread_local block *current;
static pthread_key_t release_key;
static pthread_once_t release_once = PTHREAD_ONCE_INIT;

static void release(void *value) {
    block *b = value;
    while (b) {
        block *previous = b->previous;
        free(b);
        b = previous;
    }
}

static void make_release_key(void) { pthread_key_create(&release_key, release); }

static size_t rounded(size_t size) { return (size + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1); }

static void *allocate(size_t size) {
    if (size > SIZE_MAX / 2) abort();
    size_t need = sizeof(header) + rounded(size);
    block *b = current;
    if (!b || b->size - b->used < need) {
        size_t capacity = need > BLOCK_SIZE ? need : BLOCK_SIZE;
        block *made = malloc(sizeof(block) + capacity);
        if (!made) abort();  // as libcmark's own allocator does when memory runs out
        made->previous = b;
        made->size = capacity;
        made->used = 0;
        if (!b) {
            pthread_once(&release_once, make_release_key);
        }
        current = b = made;
        pthread_setspecific(release_key, b);
    }
    header *h = (header *)(b->data + b->used);
    h->size = size;
    b->used += need;
    return h + 1;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > SIZE_MAX / size) abort();
    void *memory = allocate(count * size);
    memset(memory, 0, count * size);
    return memory;
}

static void *arena_realloc(void *memory, size_t size) {
    if (!memory) return allocate(size);
    header *h = (header *)memory - 1;
    if (size <= h->size) {
        return memory;
    }
    // The last allocation of the current block grows in place when the block has room (a growing buffer).
    block *b = current;
    unsigned char *end = (unsigned char *)memory + rounded(h->size);
    if (end == b->data + b->used && b->size - b->used >= rounded(size) - rounded(h->size)) {
        b->used += rounded(size) - rounded(h->size);
        h->size = size;
        return memory;
    }
    void *moved = allocate(size);
    memcpy(moved, memory, h->size);
    return moved;
}

static void arena_free(void *memory) { (void)memory; }

static cmark_mem arena = {arena_calloc, arena_realloc, arena_free};

cmark_mem *carepress_cmark_arena(void) { return &arena; }

void carepress_cmark_arena_reset(void) {
    block *b = current;
    if (!b) return;
    release(b->previous);
    b->previous = NULL;
    b->used = 0;
    pthread_setspecific(release_key, b);
}
