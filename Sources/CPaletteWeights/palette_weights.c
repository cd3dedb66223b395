#include "palette_weights.h"
#include <math.h>
#include <pthread.h>
#include <string.h>

#pragma STDC FP_CONTRACT OFF

// A port of what libimagequant 2.17 computes for a histogram (libimagequant.c: contrast_maps,
// its noise map only; blur.c: liq_max3, liq_min3, liq_blur), with the same float operations in
// the same order: no FMA, no reassociation, so the bytes match on every CPU. Its quirks are kept
// (the box blur sums 6 pixels, from 2 before to 3 after, and divides by 6).

#if defined(__x86_64__) && defined(__clang__)
#define PW_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define PW_VECTOR_CLONES
#endif

#define PW_MAX(a, b) ((a) > (b) ? (a) : (b))
#define PW_MIN(a, b) ((a) < (b) ? (a) : (b))

// libimagequant's internal gamma, and its default image gamma (liq_image_create_rgba).
static const float internal_gamma = 0.5499f;
static float gamma_table[256];
static pthread_once_t gamma_once = PTHREAD_ONCE_INIT;
static void make_gamma_table(void) {
    const double gamma = 0.45455;
    for (int i = 0; i < 256; i++) gamma_table[i] = pow((double)i / 255.0, internal_gamma / gamma);
}

int pw_has_importance_map(unsigned width, unsigned height) {
    return !(width < 4 || height < 4 || (3 * width * height) > (1u << 26));
}

// Scratch: the map's temporary plane, then three rows of four float planes (a, r, g, b).
size_t pw_scratch_size(unsigned width, unsigned height) {
    return (size_t)width * height + 3 * 4 * (size_t)width * sizeof(float) + 64;
}

// One row in libimagequant's floats (pam.h: rgba_to_f): premultiplied, in its internal gamma.
typedef struct { float *a, *r, *g, *b; } pw_row;

static void to_float_row(const uint8_t *rgba, unsigned width, pw_row out) {
    for (unsigned i = 0; i < width; i++) {
        const uint8_t *p = rgba + 4 * (size_t)i;
        float a = p[3] / 255.f;
        out.a[i] = a;
        out.r[i] = gamma_table[p[0]] * a;
        out.g[i] = gamma_table[p[1]] * a;
        out.b[i] = gamma_table[p[2]] * a;
    }
}

// How flat the image is at pixel i of `row` (80…255), from its second differences across and
// down (the larger channel's), with neighbours l and r on the row.
static inline uint8_t flatness(pw_row above, pw_row row, pw_row below, unsigned i, unsigned l, unsigned r) {
    const float ca = row.a[i] * 2.f, cr = row.r[i] * 2.f, cg = row.g[i] * 2.f, cb = row.b[i] * 2.f;
    const float a = fabsf(row.a[l] + row.a[r] - ca), rr = fabsf(row.r[l] + row.r[r] - cr),
                g = fabsf(row.g[l] + row.g[r] - cg), b = fabsf(row.b[l] + row.b[r] - cb);
    const float a1 = fabsf(above.a[i] + below.a[i] - ca), r1 = fabsf(above.r[i] + below.r[i] - cr),
                g1 = fabsf(above.g[i] + below.g[i] - cg), b1 = fabsf(above.b[i] + below.b[i] - cb);
    const float horiz = PW_MAX(PW_MAX(a, rr), PW_MAX(g, b));
    const float vert = PW_MAX(PW_MAX(a1, r1), PW_MAX(g1, b1));
    const float edge = PW_MAX(horiz, vert);
    float z = edge - fabsf(horiz - vert) * .5f;
    z = 1.f - PW_MAX(z, PW_MIN(horiz, vert));
    z *= z;   // noise amplified
    z *= z;
    const unsigned z_int = 80 + (unsigned)(z * 176.f);
    return (uint8_t)PW_MIN(z_int, 255);
}

// One row of the map (at least two pixels wide); the first and last pixels take themselves as
// their missing neighbour.
PW_VECTOR_CLONES
static void flatness_row(pw_row above, pw_row row, pw_row below, unsigned width, uint8_t *out) {
    out[0] = flatness(above, row, below, 0, 0, 1);
    for (unsigned i = 1; i < width - 1; i++) out[i] = flatness(above, row, below, i, i - 1, i + 1);
    out[width - 1] = flatness(above, row, below, width - 1, width - 2, width - 1);
}

// Each pixel's largest (or smallest) value among itself and its four neighbours, edges clamped
// (libimagequant's liq_max3 and liq_min3, whose row above the second row is the first).
static void extreme3(const uint8_t *src, uint8_t *dst, unsigned width, unsigned height, int largest) {
    #define PW_PICK(a, b) (largest ? PW_MAX(a, b) : PW_MIN(a, b))
    for (unsigned j = 0; j < height; j++) {
        const uint8_t *row = src + (size_t)j * width, *prevrow = src + (size_t)(j > 1 ? j - 1 : 0) * width,
                      *nextrow = src + (size_t)PW_MIN(height - 1, j + 1) * width;
        uint8_t prev, curr = row[0], next = row[0];
        for (unsigned i = 0; i < width - 1; i++) {
            prev = curr; curr = next; next = row[i + 1];
            uint8_t t1 = PW_PICK(prev, next), t2 = PW_PICK(nextrow[i], prevrow[i]);
            *dst++ = PW_PICK(curr, PW_PICK(t1, t2));
        }
        uint8_t t1 = PW_PICK(curr, next), t2 = PW_PICK(nextrow[width - 1], prevrow[width - 1]);
        *dst++ = PW_PICK(t1, t2);
    }
    #undef PW_PICK
}

static void max3(const uint8_t *src, uint8_t *dst, unsigned width, unsigned height) { extreme3(src, dst, width, height, 1); }
static void min3(const uint8_t *src, uint8_t *dst, unsigned width, unsigned height) { extreme3(src, dst, width, height, 0); }

// Box blur along rows, written transposed (twice gives the 2-D blur).
static void transposing_blur(const uint8_t *src, uint8_t *dst, unsigned width, unsigned height, unsigned size) {
    for (unsigned j = 0; j < height; j++) {
        const uint8_t *row = src + (size_t)j * width;
        unsigned sum = row[0] * size;
        for (unsigned i = 0; i < size; i++) sum += row[i];
        for (unsigned i = 0; i < size; i++) {
            sum -= row[0]; sum += row[i + size];
            dst[(size_t)i * height + j] = (uint8_t)(sum / (size * 2));
        }
        for (unsigned i = size; i < width - size; i++) {
            sum -= row[i - size]; sum += row[i + size];
            dst[(size_t)i * height + j] = (uint8_t)(sum / (size * 2));
        }
        for (unsigned i = width - size; i < width; i++) {
            sum -= row[i - size]; sum += row[width - 1];
            dst[(size_t)i * height + j] = (uint8_t)(sum / (size * 2));
        }
    }
}

static void blur(uint8_t *src, uint8_t *tmp, uint8_t *dst, unsigned width, unsigned height, unsigned size) {
    if (width < 2 * size + 1 || height < 2 * size + 1) return;
    transposing_blur(src, tmp, width, height, size);
    transposing_blur(tmp, dst, height, width, size);
}

void pw_importance_map(const uint8_t *rgba, unsigned width, unsigned height, size_t stride,
                       uint8_t *map, uint8_t *scratch) {
    pthread_once(&gamma_once, make_gamma_table);
    const unsigned cols = width, rows = height;
    uint8_t *noise = map, *tmp = scratch;
    // Three rows, reused in turn (libimagequant converts the whole image first).
    float *planes = (float *)(void *)(((uintptr_t)(scratch + (size_t)cols * rows) + 31) & ~(uintptr_t)31);
    pw_row ring[3];
    int loaded[3] = { -1, -1, -1 };
    for (int k = 0; k < 3; k++) {
        float *base = planes + (size_t)k * 4 * cols;
        ring[k] = (pw_row){ base, base + cols, base + 2 * (size_t)cols, base + 3 * (size_t)cols };
    }
    for (unsigned j = 0; j < rows; j++) {
        // Rows j − 1, j and j + 1 (clamped): each in its own slot of the ring.
        const unsigned wanted[3] = { j > 0 ? j - 1 : 0, j, PW_MIN(rows - 1, j + 1) };
        pw_row needed[3];
        for (int k = 0; k < 3; k++) {
            const unsigned y = wanted[k], slot = y % 3;
            if (loaded[slot] != (int)y) { to_float_row(rgba + (size_t)y * stride, cols, ring[slot]); loaded[slot] = (int)y; }
            needed[k] = ring[slot];
        }
        flatness_row(needed[0], needed[1], needed[2], cols, noise + (size_t)j * cols);
    }
    // Noisy areas shrunk and then grown again, which removes thin edges from the map.
    max3(noise, tmp, cols, rows);
    max3(tmp, noise, cols, rows);
    blur(noise, tmp, noise, cols, rows, 3);
    max3(noise, tmp, cols, rows);
    min3(tmp, noise, cols, rows);
    min3(noise, tmp, cols, rows);
    min3(tmp, noise, cols, rows);
}
