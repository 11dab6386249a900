#include "carepress_atomic.h"

void *carepress_load_acquire(void *const *slot) { return __atomic_load_n(slot, __ATOMIC_ACQUIRE); }

void carepress_store_release(void **slot, void *value) { __atomic_store_n(slot, value, __ATOMIC_RELEASE); }
