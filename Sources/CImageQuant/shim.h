// SPDX-License-Identifier: Apache-2.0
// libimagequant (pngquant's palette quantizer) for Segue's GIF encoder (SegueEncode only).
#ifndef SEGUE_CIMAGEQUANT_SHIM_H
#define SEGUE_CIMAGEQUANT_SHIM_H

#include <dlfcn.h>
#include <malloc.h>
#include <libimagequant.h>

/// Makes libimagequant's OpenMP loops single-threaded on the calling thread.
///
/// Why: Debian builds libimagequant with OpenMP. Its remapping and k-means steps sum
/// floating-point values per thread and then across threads, so the palette (and so the
/// GIF's bytes) depends on how many threads ran. Segue runs each quantization on one
/// thread (it parallelizes across frames itself), which makes GIFs byte-identical on every
/// machine. `omp_set_num_threads` sets the calling thread's value only, so this is called
/// on every thread before it uses libimagequant. Looked up at run time, so builds of
/// libimagequant without OpenMP (no libgomp loaded) work too.
static inline void segue_liq_single_thread(void) {
    void (*set_threads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
    if (set_threads) set_threads(1);
}


/// Fixes glibc's mmap threshold at `bytes` and keeps up to `keep` bytes of free heap instead of
/// giving it back (see GIFWriter.keepBuffersForReuse and GIFWriter.returnLargeBuffersToTheSystem).
static inline void segue_malloc_reuse_buffers_under(int bytes, int keep) {
#ifdef M_MMAP_THRESHOLD
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, 1);   /* kept buffers are of use only in one shared heap */
#endif
    mallopt(M_MMAP_THRESHOLD, bytes);
    mallopt(M_TRIM_THRESHOLD, keep);
#endif
}

#endif
