#include "ssimulacra2_kernels.h"
#include <math.h>

// Tables are made per call (256 and 11 values): no shared state between threads.
void s2_linearize(const uint8_t *rgba, size_t count, float *r, float *g, float *b) {
    float to_linear[256];
    for (int v = 0; v < 256; v++) {
        double x = v / 255.0;
        to_linear[v] = (float)(x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4));
    }
    for (size_t i = 0; i < count; i++) {
        r[i] = to_linear[rgba[i * 4]];
        g[i] = to_linear[rgba[i * 4 + 1]];
        b[i] = to_linear[rgba[i * 4 + 2]];
    }
}

void s2_halve(const float *in, int w, int h, float *out) {
    int w2 = (w + 1) / 2, h2 = (h + 1) / 2;
    for (int oy = 0; oy < h2; oy++) {
        int y0 = oy * 2, y1 = y0 + 1 < h ? y0 + 1 : h - 1;
        const float *a = in + (size_t)y0 * w, *c = in + (size_t)y1 * w;
        float *o = out + (size_t)oy * w2;
        for (int ox = 0; ox < w2; ox++) {
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
// from the exponent bits, then Newton steps (each squares the relative error).
static inline float cube_root(float x) {
    union { float f; uint32_t u; } v = { x };
    v.u = v.u / 3 + 709921077u;
    float y = v.f;
    for (int i = 0; i < 4; i++) y = y - (y * y * y - x) / (3 * y * y);
    return x > 0 ? y : 0;
}

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

void s2_blur(const float *restrict in, int w, int h, float *restrict scratch, float *restrict out) {
    float kernel[11];
    double raw[11], total = 0;
    for (int t = -5; t <= 5; t++) { raw[t + 5] = exp(-0.5 * t * t / (1.5 * 1.5)); total += raw[t + 5]; }
    for (int t = 0; t < 11; t++) kernel[t] = (float)(raw[t] / total);
    const float *k = kernel;
    const float k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3], k4 = k[4], k5 = k[5];
    for (int y = 0; y < h; y++) {
        const float *src = in + (size_t)y * w;
        float *dst = scratch + (size_t)y * w;
        for (int x = 0; x < w; x++) {
            if (x >= 5 && x < w - 5) {
                const float *p = src + x - 5;
                dst[x] = k5 * p[5] + k4 * (p[4] + p[6]) + k3 * (p[3] + p[7]) + k2 * (p[2] + p[8])
                       + k1 * (p[1] + p[9]) + k0 * (p[0] + p[10]);
            } else {
                float s = 0;
                for (int t = -5; t <= 5; t++) {
                    int xx = x + t;
                    if (xx >= 0 && xx < w) s += k[t + 5] * src[xx];
                }
                dst[x] = s;
            }
        }
    }
    for (int y = 0; y < h; y++) {
        const float *rows[11];
        for (int t = -5; t <= 5; t++) {
            int yy = y + t;
            yy = yy < 0 ? -yy - 1 : yy >= h ? 2 * h - yy - 1 : yy;
            rows[t + 5] = scratch + (size_t)yy * w;
        }
        float *restrict o = out + (size_t)y * w;
        const float *restrict r0 = rows[0], *restrict r1 = rows[1], *restrict r2 = rows[2], *restrict r3 = rows[3];
        const float *restrict r4 = rows[4], *restrict r5 = rows[5], *restrict r6 = rows[6], *restrict r7 = rows[7];
        const float *restrict r8 = rows[8], *restrict r9 = rows[9], *restrict r10 = rows[10];
        for (int x = 0; x < w; x++) {
            o[x] = k5 * r5[x] + k4 * (r4[x] + r6[x]) + k3 * (r3[x] + r7[x])
                 + k2 * (r2[x] + r8[x]) + k1 * (r1[x] + r9[x]) + k0 * (r0[x] + r10[x]);
        }
    }
}

void s2_multiply(const float *restrict a, const float *restrict b, size_t count, float *restrict out) {
    for (size_t i = 0; i < count; i++) out[i] = a[i] * b[i];
}

void s2_maps(const float *img1, const float *mu1, const float *sigma11,
             const float *img2, const float *mu2, const float *sigma22, const float *sigma12,
             size_t count, double sums[6]) {
    const float c2 = 0.0009f;
    for (int j = 0; j < 6; j++) sums[j] = 0;
    // Float sums over blocks of 1024 keep the loop fast; blocks are added up in double.
    for (size_t k = 0; k < count; k += 1024) {
        size_t end = k + 1024 < count ? k + 1024 : count;
        float r1 = 0, r4 = 0, a1 = 0, a4 = 0, l1 = 0, l4 = 0;
        for (size_t i = k; i < end; i++) {
            float m1 = mu1[i], m2 = mu2[i];
            float diff = m1 - m2;
            float num_m = 1 - diff * diff;
            float num_s = 2 * (sigma12[i] - m1 * m2) + c2;
            float denom_s = (sigma11[i] - m1 * m1) + (sigma22[i] - m2 * m2) + c2;
            float d = 1 - num_m * num_s / denom_s;
            if (d < 0) d = 0;
            r1 += d;
            float d2 = d * d;
            r4 += d2 * d2;
            float ratio = (1 + fabsf(img2[i] - m2)) / (1 + fabsf(img1[i] - m1)) - 1;
            float artefact = ratio > 0 ? ratio : 0, lost = ratio < 0 ? -ratio : 0;
            a1 += artefact;
            float aa = artefact * artefact;
            a4 += aa * aa;
            l1 += lost;
            float ll = lost * lost;
            l4 += ll * ll;
        }
        sums[0] += r1; sums[1] += r4; sums[2] += a1; sums[3] += a4; sums[4] += l1; sums[5] += l4;
    }
}
