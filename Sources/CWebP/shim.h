// SPDX-License-Identifier: Apache-2.0
// libwebp's demuxer and animation decoder, for reading animated WebP back (FFmpeg 5.1's webp
// decoder reads only still images). Seen only by SegueEncode's FrameDecoder.
#include <webp/decode.h>
#include <webp/demux.h>
