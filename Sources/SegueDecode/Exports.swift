// SPDX-License-Identifier: Apache-2.0
// Decoding sits beside encoding: it shares FFmpeg's setup and the frame size limits, and what it
// decodes (Segue's own outputs, goldens, other renderers' files) goes on to SegueDiff.
@_exported import SegueEncode
