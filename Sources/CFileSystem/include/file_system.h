#ifndef CAREPRESS_FILE_SYSTEM_H
#define CAREPRESS_FILE_SYSTEM_H

/// The `statfs` type (magic number) of the file system a path is on; -1 when it cannot be told (an error, or a
/// system other than Linux). Swift's Glibc module does not declare `statfs`.
long long carepress_file_system_type(const char *path);

#endif
