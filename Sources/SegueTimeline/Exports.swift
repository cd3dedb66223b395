// SPDX-License-Identifier: Apache-2.0
// The timeline stage builds on the scene model; re-export it so the next stage sees one module.
@_exported import SeguePresets
