// SPDX-License-Identifier: Apache-2.0
// SwiftPM builds a C target from at least one source file; the policy is in the header.
#include "malloc_policy.h"
