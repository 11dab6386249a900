#ifndef CAREPRESS_ATOMIC_H
#define CAREPRESS_ATOMIC_H

/// A pointer published once by one thread and read by others without a lock: the store releases what was written
/// before it, and a load that sees the pointer acquires it. (`Synchronization.Atomic` would do, but it needs macOS 15.)
void *carepress_load_acquire(void *const *slot);
void carepress_store_release(void **slot, void *value);

#endif
