// SPDX-License-Identifier: Apache-2.0
#include "ssimulacra2_kernels.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// The loops below are also compiled for AVX2, picked at load time where the CPU has it (eight
// floats a step instead of four). Without FMA, which would round differently:
// each pixel is the same float operations in the same order on every CPU, so scores, and the GIFs
// chosen by them, do not depend on the machine (`Tests/Quality/test_ssimulacra2_kernels.py` builds
// them with and without the clones, S2_NO_CLONES, and compares every output bit).
#if defined(__x86_64__) && defined(__clang__) && !defined(S2_NO_CLONES)
#define S2_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define S2_VECTOR_CLONES
#endif

// sRGB byte → linear light, made once rather than 256 calls of pow per image.
static float to_linear[256];
static pthread_once_t to_linear_once = PTHREAD_ONCE_INIT;
static void make_to_linear(void) {
    for (int v = 0; v < 256; v++) {
        double x = v / 255.0;
        to_linear[v] = (float)(x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4));
    }
}

void s2_linearize(const uint8_t *rgba, size_t count, float *r, float *g, float *b) {
    pthread_once(&to_linear_once, make_to_linear);
    for (size_t i = 0; i < count; i++) {
        r[i] = to_linear[rgba[i * 4]];
        g[i] = to_linear[rgba[i * 4 + 1]];
        b[i] = to_linear[rgba[i * 4 + 2]];
    }
}

S2_VECTOR_CLONES
void s2_halve(const float *in, int w, int h, float *out) {
    int w2 = (w + 1) / 2, h2 = (h + 1) / 2;
    for (int oy = 0; oy < h2; oy++) {
        int y0 = oy * 2, y1 = y0 + 1 < h ? y0 + 1 : h - 1;
        const float *a = in + (size_t)y0 * w, *c = in + (size_t)y1 * w;
        float *o = out + (size_t)oy * w2;
        int ox = 0;
        if (y1 > y0) {
            // Whole 2×2 blocks: the same sums in the same order as below, without its branches.
            for (; ox < w / 2; ox++) o[ox] = (((a[2 * ox] + a[2 * ox + 1]) + c[2 * ox]) + c[2 * ox + 1]) / 4;
        }
        for (; ox < w2; ox++) {
            int x0 = ox * 2, x1 = x0 + 1 < w ? x0 + 1 : w - 1;
            float s = a[x0];
            float n = 1;
            if (x1 > x0) { s += a[x1]; n += 1; }
            if (y1 > y0) {
                s += c[x0]; n += 1;
                if (x1 > x0) { s += c[x1]; n += 1; }
            }
            o[ox] = s / n;
        }
    }
}

// The cube root of x ≥ 0 to float precision, faster than cbrtf and vectorizable: a first guess
// from the exponent bits (within about 5 %), then three Newton steps (each squares the relative
// error: 5e-2, 2e-3, 5e-6, 3e-11).
static inline float cube_root(float x) {
    union { float f; uint32_t u; } v = { x };
    v.u = v.u / 3 + 709921077u;
    float y = v.f;
    for (int i = 0; i < 3; i++) y = y - (y * y * y - x) / (3 * y * y);
    return x > 0 ? y : 0;
}

// One pixel's XYB, the same operations as s2_xyb's loop (so the same floats).
static inline void xyb_pixel(float r, float g, float b, float cbrt_bias, float *x, float *y, float *bb) {
    const float m00 = 0.30f, m02 = 0.078f, m01 = 1 - m02 - m00;
    const float m10 = 0.23f, m12 = 0.078f, m11 = 1 - m12 - m10;
    const float m20 = 0.24342268924547819f, m21 = 0.20476744424496821f, m22 = 1 - m20 - m21;
    const float bias = 0.0037930732552754493f;
    float l = m00 * r + m01 * g + m02 * b + bias;
    float m = m10 * r + m11 * g + m12 * b + bias;
    float s = m20 * r + m21 * g + m22 * b + bias;
    l = cube_root(l > 0 ? l : 1e-30f) - cbrt_bias;
    m = cube_root(m > 0 ? m : 1e-30f) - cbrt_bias;
    s = cube_root(s > 0 ? s : 1e-30f) - cbrt_bias;
    float yy = 0.5f * (l + m);
    *x = 0.5f * (l - m) * 14 + 0.42f;
    *y = yy + 0.01f;
    *bb = (s - yy) + 0.55f;
}

void s2_linearize_xyb_few_colours(const uint8_t *rgba, size_t count, size_t xyb_from, size_t xyb_to,
                                  float *r, float *g, float *b, float *x, float *y, float *bb) {
    pthread_once(&to_linear_once, make_to_linear);
    // Direct-mapped on the RGB bytes: a colour met again after another took its slot is computed
    // again, to the same floats.
    enum { SLOTS = 4096 };
    typedef struct { float r, g, b, x, y, bb; } colour;
    uint32_t keys[SLOTS];
    colour cache[SLOTS];
    for (int k = 0; k < SLOTS; k++) keys[k] = 0xFFFFFFFFu;   // no RGB key has the top byte set
    const float cbrt_bias = cbrtf(0.0037930732552754493f);
    // (A GIF frame repeats its colours in runs: the last pixel's is checked before the cache.)
    uint32_t last_key = 0xFFFFFFFFu;
    colour *c = &cache[0];
    for (size_t i = 0; i < count; i++) {
        uint32_t key = (uint32_t)rgba[i * 4] | (uint32_t)rgba[i * 4 + 1] << 8 | (uint32_t)rgba[i * 4 + 2] << 16;
        if (key != last_key) {
            last_key = key;
            uint32_t slot = (key * 2654435761u) >> 20;
            c = &cache[slot];
            if (keys[slot] != key) {
                keys[slot] = key;
                c->r = to_linear[rgba[i * 4]];
                c->g = to_linear[rgba[i * 4 + 1]];
                c->b = to_linear[rgba[i * 4 + 2]];
                xyb_pixel(c->r, c->g, c->b, cbrt_bias, &c->x, &c->y, &c->bb);
            }
        }
        r[i] = c->r;
        g[i] = c->g;
        b[i] = c->b;
        if (i >= xyb_from && i < xyb_to) {
            x[i] = c->x;
            y[i] = c->y;
            bb[i] = c->bb;
        }
    }
}

S2_VECTOR_CLONES
void s2_xyb(const float *restrict r, const float *restrict g, const float *restrict b, size_t count,
            float *restrict x, float *restrict y, float *restrict bb) {
    const float m00 = 0.30f, m02 = 0.078f, m01 = 1 - m02 - m00;
    const float m10 = 0.23f, m12 = 0.078f, m11 = 1 - m12 - m10;
    const float m20 = 0.24342268924547819f, m21 = 0.20476744424496821f, m22 = 1 - m20 - m21;
    const float bias = 0.0037930732552754493f;
    const float cbrt_bias = cbrtf(bias);
    for (size_t i = 0; i < count; i++) {
        float l = m00 * r[i] + m01 * g[i] + m02 * b[i] + bias;
        float m = m10 * r[i] + m11 * g[i] + m12 * b[i] + bias;
        float s = m20 * r[i] + m21 * g[i] + m22 * b[i] + bias;
        l = cube_root(l > 0 ? l : 1e-30f) - cbrt_bias;
        m = cube_root(m > 0 ? m : 1e-30f) - cbrt_bias;
        s = cube_root(s > 0 ? s : 1e-30f) - cbrt_bias;
        float yy = 0.5f * (l + m);
        x[i] = 0.5f * (l - m) * 14 + 0.42f;
        y[i] = yy + 0.01f;
        bb[i] = (s - yy) + 0.55f;
    }
}

// The 11-tap Gaussian's weights k[0…5] (σ = 1.5, normalized), from the outermost to the centre.
static void blur_weights(float k[6]) {
    double raw[11], total = 0;
    for (int t = -5; t <= 5; t++) { raw[t + 5] = exp(-0.5 * t * t / (1.5 * 1.5)); total += raw[t + 5]; }
    for (int t = 0; t < 6; t++) k[t] = (float)(raw[t] / total);
}

// The 11-tap blur's horizontal pass over one row, already copied between five zeros on either side
// (`p`): every column is the same loop without branches, which the compiler vectorizes.
static inline void blur_row_across(const float *restrict p, int w, const float k[6], float *restrict dst) {
    const float k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5];
    for (int x = 0; x < w; x++) {
        dst[x] = k5 * p[x + 5] + k4 * (p[x + 4] + p[x + 6]) + k3 * (p[x + 3] + p[x + 7]) + k2 * (p[x + 2] + p[x + 8])
               + k1 * (p[x + 1] + p[x + 9]) + k0 * (p[x] + p[x + 10]);
    }
}

// Its vertical pass for one output row, from the eleven horizontally blurred rows it reaches.
static inline void blur_row_down(const float *const rows[11], int w, const float k[6], float *restrict o) {
    const float k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5];
    const float *restrict r0 = rows[0], *restrict r1 = rows[1], *restrict r2 = rows[2], *restrict r3 = rows[3];
    const float *restrict r4 = rows[4], *restrict r5 = rows[5], *restrict r6 = rows[6], *restrict r7 = rows[7];
    const float *restrict r8 = rows[8], *restrict r9 = rows[9], *restrict r10 = rows[10];
    for (int x = 0; x < w; x++) {
        o[x] = k5 * r5[x] + k4 * (r4[x] + r6[x]) + k3 * (r3[x] + r7[x])
             + k2 * (r2[x] + r8[x]) + k1 * (r1[x] + r9[x]) + k0 * (r0[x] + r10[x]);
    }
}

S2_VECTOR_CLONES
void s2_blur_rows(const float *restrict in, int w, int h, int y0, int y1, float *restrict scratch, float *restrict out) {
    float k[6];
    blur_weights(k);
    // Rows are copied between five zeros on either side (the padding). (At the smaller scales the
    // edge columns are a large share of a row.) Only the rows that the output rows reach
    // (mirrored rows lie among them too).
    float *padded = calloc((size_t)w + 10, sizeof(float));
    if (!padded) abort();
    int h0 = y0 - 5 > 0 ? y0 - 5 : 0, h1 = y1 + 5 < h ? y1 + 5 : h;
    for (int y = h0; y < h1; y++) {
        memcpy(padded + 5, in + (size_t)y * w, (size_t)w * sizeof(float));
        blur_row_across(padded, w, k, scratch + (size_t)y * w);
    }
    free(padded);
    for (int y = y0; y < y1; y++) {
        const float *rows[11];
        for (int t = -5; t <= 5; t++) {
            int yy = y + t;
            yy = yy < 0 ? -yy - 1 : yy >= h ? 2 * h - yy - 1 : yy;
            rows[t + 5] = scratch + (size_t)yy * w;
        }
        blur_row_down(rows, w, k, out + (size_t)y * w);
    }
}

void s2_blur(const float *restrict in, int w, int h, float *restrict scratch, float *restrict out) {
    s2_blur_rows(in, w, h, 0, h, scratch, out);
}

S2_VECTOR_CLONES
void s2_multiply(const float *restrict a, const float *restrict b, size_t count, float *restrict out) {
    for (size_t i = 0; i < count; i++) out[i] = a[i] * b[i];
}

// Adds up v[0..n) and its 4th powers in eight interleaved float lanes (a fixed order, so the
// same on every run), which the compiler turns into vector adds; then the lanes in order.
static inline void sum_with_fourth_powers(const float *restrict v, size_t n, double *sum, double *sum4) {
    float l1[8] = {0}, l4[8] = {0};
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        for (int l = 0; l < 8; l++) {
            float x = v[i + l], x2 = x * x;
            l1[l] += x;
            l4[l] += x2 * x2;
        }
    }
    float t1 = 0, t4 = 0;
    for (; i < n; i++) { float x = v[i], x2 = x * x; t1 += x; t4 += x2 * x2; }
    for (int l = 0; l < 8; l++) { t1 += l1[l]; t4 += l4[l]; }
    *sum += t1;
    *sum4 += t4;
}

// The edge maps of a block: artefact (edges the original lacks) and lost detail.
static inline void edge_block(const float *restrict img1, const float *restrict mu1, const float *restrict img2,
                              const float *restrict mu2, size_t n, float *restrict artefact, float *restrict lost) {
    for (size_t i = 0; i < n; i++) {
        float ratio = (1 + fabsf(img2[i] - mu2[i])) / (1 + fabsf(img1[i] - mu1[i])) - 1;
        artefact[i] = ratio > 0 ? ratio : 0;
        lost[i] = ratio < 0 ? -ratio : 0;
    }
}

// Blocks of 1024: maps per pixel into small arrays (vectorized), then float sums per block,
// added up in double.
enum { MAP_BLOCK = 1024 };

S2_VECTOR_CLONES
static void maps_span(const float *img1, const float *mu1, const float *sigma11,
                      const float *img2, const float *mu2, const float *sigma22, const float *sigma12,
                      size_t count, double sums[6]) {
    const float c2 = 0.0009f;
    float d[MAP_BLOCK], artefact[MAP_BLOCK], lost[MAP_BLOCK];
    for (int j = 0; j < 6; j++) sums[j] = 0;
    for (size_t k = 0; k < count; k += MAP_BLOCK) {
        size_t n = k + MAP_BLOCK < count ? MAP_BLOCK : count - k;
        const float *restrict m1p = mu1 + k, *restrict m2p = mu2 + k;
        const float *restrict s11 = sigma11 + k, *restrict s22 = sigma22 + k, *restrict s12 = sigma12 + k;
        for (size_t i = 0; i < n; i++) {
            float m1 = m1p[i], m2 = m2p[i];
            float diff = m1 - m2;
            float num_m = 1 - diff * diff;
            float num_s = 2 * (s12[i] - m1 * m2) + c2;
            float denom_s = (s11[i] - m1 * m1) + (s22[i] - m2 * m2) + c2;
            float v = 1 - num_m * num_s / denom_s;
            d[i] = v < 0 ? 0 : v;
        }
        edge_block(img1 + k, mu1 + k, img2 + k, mu2 + k, n, artefact, lost);
        sum_with_fourth_powers(d, n, &sums[0], &sums[1]);
        sum_with_fourth_powers(artefact, n, &sums[2], &sums[3]);
        sum_with_fourth_powers(lost, n, &sums[4], &sums[5]);
    }
}

S2_VECTOR_CLONES
static void edge_maps_span(const float *img1, const float *mu1, const float *img2, const float *mu2,
                           size_t count, double sums[6]) {
    float artefact[MAP_BLOCK], lost[MAP_BLOCK];
    for (int j = 0; j < 6; j++) sums[j] = 0;
    for (size_t k = 0; k < count; k += MAP_BLOCK) {
        size_t n = k + MAP_BLOCK < count ? MAP_BLOCK : count - k;
        edge_block(img1 + k, mu1 + k, img2 + k, mu2 + k, n, artefact, lost);
        sum_with_fourth_powers(artefact, n, &sums[2], &sums[3]);
        sum_with_fourth_powers(lost, n, &sums[4], &sums[5]);
    }
}

void s2_maps_rows(const float *img1, const float *mu1, const float *sigma11,
                  const float *img2, const float *mu2, const float *sigma22, const float *sigma12,
                  int w, int y0, int y1, double *row_sums) {
    for (int y = y0; y < y1; y++) {
        size_t o = (size_t)y * w;
        maps_span(img1 + o, mu1 + o, sigma11 + o, img2 + o, mu2 + o, sigma22 + o, sigma12 + o, (size_t)w,
                  row_sums + (size_t)y * 6);
    }
}

void s2_edge_maps_rows(const float *img1, const float *mu1, const float *img2, const float *mu2,
                       int w, int y0, int y1, double *row_sums) {
    for (int y = y0; y < y1; y++) {
        size_t o = (size_t)y * w;
        edge_maps_span(img1 + o, mu1 + o, img2 + o, mu2 + o, (size_t)w, row_sums + (size_t)y * 6);
    }
}

// Rows of horizontally blurred planes kept while the output rows pass over them: a row is needed
// by the eleven output rows around it, so 16 slots (row mod 16) never drop one still needed.
enum { RING_ROWS = 16 };

S2_VECTOR_CLONES
void s2_candidate_maps_rows(const float *img1, const float *mu1, const float *sigma11, const float *img2,
                            int w, int h, int y0, int y1, double *row_sums) {
    if (y0 >= y1) return;
    float k[6];
    blur_weights(k);
    // Planes blurred: img2; with the SSIM map, also img2² and img1·img2.
    const int planes = sigma11 ? 3 : 1;
    float *padded = calloc((size_t)w + 10, sizeof(float));
    float *across = malloc(sizeof(float) * (size_t)w * RING_ROWS * planes);
    float *down = malloc(sizeof(float) * (size_t)w * planes);
    if (!padded || !across || !down) abort();
    int held[RING_ROWS];
    for (int s = 0; s < RING_ROWS; s++) held[s] = -1;
    for (int y = y0; y < y1; y++) {
        const float *rows[3][11];
        for (int t = -5; t <= 5; t++) {
            int yy = y + t;
            yy = yy < 0 ? -yy - 1 : yy >= h ? 2 * h - yy - 1 : yy;
            int slot = yy % RING_ROWS;
            float *made = across + (size_t)slot * planes * w;
            if (held[slot] != yy) {
                held[slot] = yy;
                const float *restrict a = img2 + (size_t)yy * w, *restrict b = img1 + (size_t)yy * w;
                memcpy(padded + 5, a, (size_t)w * sizeof(float));
                blur_row_across(padded, w, k, made);
                if (sigma11) {
                    for (int x = 0; x < w; x++) padded[x + 5] = a[x] * a[x];
                    blur_row_across(padded, w, k, made + w);
                    for (int x = 0; x < w; x++) padded[x + 5] = b[x] * a[x];
                    blur_row_across(padded, w, k, made + 2 * (size_t)w);
                }
            }
            for (int p = 0; p < planes; p++) rows[p][t + 5] = made + (size_t)p * w;
        }
        for (int p = 0; p < planes; p++) blur_row_down(rows[p], w, k, down + (size_t)p * w);
        size_t o = (size_t)y * w;
        if (sigma11) {
            maps_span(img1 + o, mu1 + o, sigma11 + o, img2 + o, down, down + w, down + 2 * (size_t)w, (size_t)w,
                      row_sums + (size_t)y * 6);
        } else {
            edge_maps_span(img1 + o, mu1 + o, img2 + o, down, (size_t)w, row_sums + (size_t)y * 6);
        }
    }
    free(padded);
    free(across);
    free(down);
}
