#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
