// SPDX-License-Identifier: Apache-2.0
// The inner loops of SSIMULACRA2 (Sources/SegueMetrics), in C so that they run at a usable speed
// in debug builds too: SwiftPM builds C at -O0 as well, but plain C loops lose far less to that
// than Swift's generic SIMD code. Planes are Float, row by row.
#ifndef SSIMULACRA2_KERNELS_H
#define SSIMULACRA2_KERNELS_H
#include <stddef.h>
#include <stdint.h>

/// RGBA bytes (alpha ignored) → linear-light R, G and B planes.
void s2_linearize(const uint8_t *rgba, size_t count, float *r, float *g, float *b);

/// 2×2 means of a w×h plane into a ((w+1)/2)×((h+1)/2) plane; a last odd column or row averages
/// the pixels it has.
void s2_halve(const float *in, int w, int h, float *out);

/// Linear RGB → XYB, made positive as SSIMULACRA2 does.
void s2_xyb(const float *r, const float *g, const float *b, size_t count, float *x, float *y, float *bb);

/// `s2_linearize` of all `count` pixels, and `s2_xyb` of pixels `xyb_from ..< xyb_to` (the others
/// of x, y, bb are not written), for an image of few distinct colours (a GIF frame as shown): each
/// colour's linear and XYB values are computed once and kept in a small cache keyed by its RGB
/// bytes. The same floats as `s2_linearize` and `s2_xyb`.
void s2_linearize_xyb_few_colours(const uint8_t *rgba, size_t count, size_t xyb_from, size_t xyb_to,
                                  float *r, float *g, float *b, float *x, float *y, float *bb);

/// The 11-tap Gaussian (σ = 1.5): zero beyond the left and right edges, mirrored above and below.
/// `scratch` holds w×h floats. h must be at least 8.
void s2_blur(const float *in, int w, int h, float *scratch, float *out);

/// `s2_blur`'s output rows y0..<y1 only (`scratch` and `out` are still w×h planes; other rows
/// are left as they were).
void s2_blur_rows(const float *in, int w, int h, int y0, int y1, float *scratch, float *out);

/// a[i] * b[i] into out.
void s2_multiply(const float *a, const float *b, size_t count, float *out);

/// The SSIM error map and the edge maps of one channel (w wide), summed per row for rows y0..<y1:
/// row_sums[y * 6 + j] is, for j = 0…5, Σd, Σd⁴, Σartefact, Σartefact⁴, Σlost, Σlost⁴ over row y.
/// (Per row, so that a frame that changes only some rows can reuse the other rows' sums.) Segue
/// measures candidates with `s2_candidate_maps_rows`, which tests check bit for bit against this.
void s2_maps_rows(const float *img1, const float *mu1, const float *sigma11,
                  const float *img2, const float *mu2, const float *sigma22, const float *sigma12,
                  int w, int y0, int y1, double *row_sums);

/// The edge maps alone, as `s2_maps_rows` sums them (Σd and Σd⁴ are 0): for channels and scales
/// whose SSIM-map weights are zero, which then need neither σ blur.
void s2_edge_maps_rows(const float *img1, const float *mu1, const float *img2, const float *mu2,
                       int w, int y0, int y1, double *row_sums);
/// A candidate's maps of one channel for rows y0..<y1, summed per row: the same floats as
/// `s2_blur_rows` of img2 (and, where `sigma11` is not NULL, of `s2_multiply`'s img2·img2 and
/// img1·img2) followed by `s2_maps_rows` (`s2_edge_maps_rows` where `sigma11` is NULL), without
/// their w×h intermediate planes: each row's horizontal blurs are made once, into a ring of 16
/// rows, as the output rows pass. img2 is read in rows y0 − 5 ..< y1 + 5 only (clipped to 0..<h).
void s2_candidate_maps_rows(const float *img1, const float *mu1, const float *sigma11, const float *img2,
                            int w, int h, int y0, int y1, double *row_sums);
#endif
