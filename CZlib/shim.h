#ifndef LOCOMOTION_CZLIB_SHIM_H
#define LOCOMOTION_CZLIB_SHIM_H
// zlib (https://zlib.net), for the raw-deflate decoding of zip archive entries.
#include <zlib.h>
#endif
