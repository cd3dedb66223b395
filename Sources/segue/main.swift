// SPDX-License-Identifier: Apache-2.0
import CMalloc
import SegueCLI

// Process-wide allocator policy, set here because it belongs to the process, not to a library
// stage: one heap for all threads, before any other thread allocates.
segue_share_one_heap()
SegueCommand.runMain()
