// SPDX-License-Identifier: Apache-2.0
// glibc's allocator policy for the segue executable (Swift's Glibc module leaves out <malloc.h>).
#ifndef SEGUE_CMALLOC_POLICY_H
#define SEGUE_CMALLOC_POLICY_H

#include <malloc.h>

/// Makes every thread allocate from one heap. glibc gives each thread its own, and free space kept
/// in one is of no use to another, so the GIF encoder's kept buffers would multiply per thread.
/// A thread keeps the heap it first allocated from: call this before any other thread starts.
static inline void segue_share_one_heap(void) {
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, 1);
#endif
}

#endif
