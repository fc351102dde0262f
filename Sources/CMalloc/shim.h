// The C library's allocator settings (mallopt), which the Swift Glibc module leaves out.
#include <malloc.h>
