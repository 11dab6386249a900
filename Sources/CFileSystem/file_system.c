#include "file_system.h"

#if defined(__linux__)
#include <sys/vfs.h>

long long carepress_file_system_type(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long long)info.f_type;
}
#else
long long carepress_file_system_type(const char *path) {
    (void)path;
    return -1;
}
#endif
