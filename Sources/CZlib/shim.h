// SPDX-License-Identifier: Apache-2.0
#include <zlib.h>

/// deflateInit2 and inflateInit2 are macros; windowBits 15 + 16 selects the gzip format.
static inline int segue_gzip_deflate_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
}
static inline int segue_gzip_inflate_init(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
