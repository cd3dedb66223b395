// SPDX-License-Identifier: Apache-2.0
// Comparisons take and return decoded frames (`RGBAFrame`, `DecodeError`): re-export the stage
// before this one so users of SegueDiff see one module.
@_exported import SegueDecode
