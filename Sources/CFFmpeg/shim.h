// SPDX-License-Identifier: Apache-2.0
// FFmpeg headers for Segue's encoder stage (SegueEncode), plus static inline wrappers for the
// function-like and cast macros that Swift's C importer cannot see.
#ifndef SEGUE_CFFMPEG_SHIM_H
#define SEGUE_CFFMPEG_SHIM_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixfmt.h>
#include <libavutil/rational.h>

/// AVERROR(e): a POSIX errno value as an FFmpeg error code.
static inline int segue_averror(int posix_errno) { return AVERROR(posix_errno); }
/// AVERROR(EAGAIN): "output not ready, feed more input / drain output first".
static inline int segue_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: end of stream.
static inline int segue_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR_ENCODER_NOT_FOUND
static inline int segue_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
/// AV_NOPTS_VALUE: "no timestamp".
static inline int64_t segue_av_nopts_value(void) { return AV_NOPTS_VALUE; }
/// av_err2str(): the message for an FFmpeg error code, written into buf (NUL-terminated).
/// Falls back to "FFmpeg error <code>" when FFmpeg does not know the code.
static inline void segue_av_strerror(int errnum, char *buf, size_t size) {
    if (av_strerror(errnum, buf, size) < 0) snprintf(buf, size, "FFmpeg error %d", errnum);
}

// Flag macros built from shifts/casts, wrapped so their Swift types are plain Int32.
static inline int segue_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int segue_codec_flag_bitexact(void) { return AV_CODEC_FLAG_BITEXACT; }
static inline int segue_fmt_flag_bitexact(void) { return AVFMT_FLAG_BITEXACT; }
static inline int segue_fmt_globalheader(void) { return AVFMT_GLOBALHEADER; }
static inline int segue_fmt_nofile(void) { return AVFMT_NOFILE; }
static inline int segue_avio_flag_write(void) { return AVIO_FLAG_WRITE; }
static inline int segue_sws_flags_bitexact(void) {
    return SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT | SWS_FULL_CHR_H_INP;
}
static inline int segue_sws_cs_itu709(void) { return SWS_CS_ITU709; }
static inline int segue_thread_slice(void) { return FF_THREAD_SLICE; }
static inline int segue_log_error(void) { return AV_LOG_ERROR; }
static inline int segue_log_info(void) { return AV_LOG_INFO; }

/// x264's CPU flags (X264_CPU_* from x264.h, stable since X264_BUILD 152) for this CPU as
/// FFmpeg detects it, minus AVX-512; 0 when the CPU has no AVX-512 or is not x86 (then x264
/// detects the CPU itself as usual).
///
/// Why: with x264 0.164 on AVX-512 CPUs, MB-tree rate control gives different bytes from run to
/// run inside one process (the AVX-512 code path depends on memory contents). Without AVX-512
/// the output is stable, and identical to what SSE4.2 and AVX2 machines produce.
/// The remaining flags only choose between bit-exact integer code paths.
static inline unsigned segue_x264_cpu_flags_without_avx512(void) {
#if defined(__x86_64__) || defined(__i386__)
    int f = av_get_cpu_flags();
    if (!(f & AV_CPU_FLAG_AVX512)) return 0;
    unsigned m = 0;
    if (f & AV_CPU_FLAG_MMX)    m |= 1u << 0;               /* X264_CPU_MMX */
    if (f & AV_CPU_FLAG_MMXEXT) m |= 1u << 1;               /* X264_CPU_MMX2 */
    if (f & AV_CPU_FLAG_SSE)    m |= 1u << 2;               /* X264_CPU_SSE */
    if (f & AV_CPU_FLAG_SSE2)   m |= 1u << 3;               /* X264_CPU_SSE2 */
    if (f & AV_CPU_FLAG_SSE3)   m |= 1u << 5;               /* X264_CPU_SSE3 */
    if (f & AV_CPU_FLAG_SSSE3)  m |= 1u << 6;               /* X264_CPU_SSSE3 */
    if (f & AV_CPU_FLAG_SSE4)   m |= 1u << 7;               /* X264_CPU_SSE4 */
    if (f & AV_CPU_FLAG_SSE42)  m |= 1u << 8;               /* X264_CPU_SSE42 */
    if (f & AV_CPU_FLAG_AVX)    m |= 1u << 9;               /* X264_CPU_AVX */
    if (f & AV_CPU_FLAG_XOP)    m |= 1u << 10;              /* X264_CPU_XOP */
    if (f & AV_CPU_FLAG_FMA4)   m |= 1u << 11;              /* X264_CPU_FMA4 */
    if (f & AV_CPU_FLAG_FMA3)   m |= 1u << 12;              /* X264_CPU_FMA3 */
    if (f & AV_CPU_FLAG_BMI1)   m |= (1u << 13) | (1u << 4); /* X264_CPU_BMI1, X264_CPU_LZCNT (all AVX-512 CPUs have LZCNT) */
    if (f & AV_CPU_FLAG_BMI2)   m |= 1u << 14;              /* X264_CPU_BMI2 */
    if (f & AV_CPU_FLAG_AVX2)   m |= 1u << 15;              /* X264_CPU_AVX2 */
    if ((f & AV_CPU_FLAG_SSE2) && !(f & AV_CPU_FLAG_SSE2SLOW)) m |= 1u << 20; /* X264_CPU_SSE2_IS_FAST */
    return m;
#else
    return 0;
#endif
}

#endif
