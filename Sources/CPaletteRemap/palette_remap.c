// libimagequant 2.x's undithered remapping, computed beside it: libimagequant builds a search
// tree for the palette at every remapping and searches it for every pixel; here the palette is
// prepared once, and each distinct colour of an image is searched once.
//
// The arithmetic follows libimagequant 2.17 (the gamma table, premultiplied floats, its colour
// difference summed in its order, its "nearest other colour" shortcut and the distance it
// reports after a search), so that the pixels a background shows well enough are decided on the
// same values. (`PaletteRemapTests` compares the indices with libimagequant's.)
#include "palette_remap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct { float a, r, g, b; } pr_pixel;

struct pr_palette {
    uint32_t colors;
    pr_pixel entries[256];
    // Structure of arrays, for the exhaustive search.
    float a[256], r[256], g[256], b[256];
    // A quarter of the squared distance to the entry's nearest other entry: a pixel closer than
    // that to an entry has it as its nearest.
    float near_enough[256];
    // The entry nearest to a fully transparent pixel, and whether a background may be used.
    uint32_t transparent;
    int background_usable;
};

static void gamma_table(float table[256], double gamma) {
    const float internal_gamma = 0.5499f;
    for (int i = 0; i < 256; i++) table[i] = (float)pow((double)i / 255.0, internal_gamma / gamma);
}

static inline pr_pixel to_pixel(const float table[256], const uint8_t *rgba) {
    const float a = rgba[3] / 255.f;
    return (pr_pixel){ .a = a, .r = table[rgba[0]] * a, .g = table[rgba[1]] * a, .b = table[rgba[2]] * a };
}

static inline float channel_difference(float x, float y, float alphas) {
    // The larger of the difference over black and over white.
    const float black = x - y, white = black + alphas;
    const float b2 = black * black, w2 = white * white;
    return w2 > b2 ? w2 : b2;
}

// libimagequant's `colordifference`, in the order its SSE code sums the channels.
static inline float difference(pr_pixel x, pr_pixel y) {
    const float alphas = y.a - x.a;
    const float r = channel_difference(x.r, y.r, alphas);
    const float g = channel_difference(x.g, y.g, alphas);
    const float b = channel_difference(x.b, y.b, alphas);
    return g + (r + b);
}

// The entry nearest to `p` (the lowest index on a tie), and its difference.
static uint32_t nearest(const pr_palette *pal, pr_pixel p, uint32_t exclude, float *best_difference) {
    float d[256];
    for (uint32_t k = 0; k < pal->colors; k++) {
        const float alphas = pal->a[k] - p.a;
        const float r = channel_difference(p.r, pal->r[k], alphas);
        const float g = channel_difference(p.g, pal->g[k], alphas);
        const float b = channel_difference(p.b, pal->b[k], alphas);
        d[k] = g + (r + b);
    }
    uint32_t best = UINT32_MAX;
    float least = INFINITY;
    for (uint32_t k = 0; k < pal->colors; k++) {
        if (k != exclude && d[k] < least) { least = d[k]; best = k; }
    }
    *best_difference = least;
    return best;
}

pr_palette *pr_palette_create(const uint8_t *palette, uint32_t colors, double gamma) {
    if (colors == 0 || colors > 256) return NULL;
    pr_palette *pal = calloc(1, sizeof(pr_palette));
    if (!pal) return NULL;
    float table[256];
    gamma_table(table, gamma);
    pal->colors = colors;
    for (uint32_t k = 0; k < colors; k++) {
        const pr_pixel p = to_pixel(table, palette + 4 * k);
        pal->entries[k] = p;
        pal->a[k] = p.a; pal->r[k] = p.r; pal->g[k] = p.g; pal->b[k] = p.b;
    }
    for (uint32_t k = 0; k < colors; k++) {
        float other;
        if (nearest(pal, pal->entries[k], k, &other) == UINT32_MAX) {
            pal->near_enough[k] = INFINITY;
        } else {
            // (libimagequant keeps the square root, and squares it back.)
            const float distance = sqrtf(other);
            pal->near_enough[k] = (float)(distance * distance / 4.0);
        }
    }
    // Entry 0 first, as libimagequant starts its search there.
    const pr_pixel clear = { 0, 0, 0, 0 };
    float d0 = difference(pal->entries[0], clear), least;
    const uint32_t found = nearest(pal, clear, UINT32_MAX, &least);
    pal->transparent = d0 <= least ? 0 : found;
    pal->background_usable = pal->entries[pal->transparent].a < 1.f / 256.f;
    return pal;
}

void pr_palette_destroy(pr_palette *palette) { free(palette); }

// Colours already searched in this image: direct-mapped, overwritten on a collision.
typedef struct {
    uint32_t color;
    uint8_t index;
    uint8_t filled;
    float difference;
} pr_slot;

enum { pr_slot_bits = 14 };

int pr_remap(const pr_palette *pal, const uint8_t *pixels, const uint8_t *background,
             uint32_t width, uint32_t height, double image_gamma, uint8_t *indices) {
    pr_slot *slots = calloc((size_t)1 << pr_slot_bits, sizeof(pr_slot));
    if (!slots) return -1;
    float table[256];
    gamma_table(table, image_gamma);
    const int use_background = background != NULL && pal->background_usable;
    for (uint32_t y = 0; y < height; y++) {
        uint32_t last = 0;
        for (uint32_t x = 0; x < width; x++) {
            const size_t k = (size_t)y * width + x;
            const uint8_t *rgba = pixels + 4 * k;
            const pr_pixel p = to_pixel(table, rgba);
            const float guess = difference(pal->entries[last], p);
            uint32_t index;
            float diff;
            if (guess < pal->near_enough[last]) {
                index = last;
                diff = guess;
            } else {
                uint32_t color;
                memcpy(&color, rgba, 4);
                pr_slot *slot = &slots[(color * 2654435761u) >> (32 - pr_slot_bits)];
                if (!slot->filled || slot->color != color) {
                    float least;
                    slot->index = (uint8_t)nearest(pal, p, UINT32_MAX, &least);
                    slot->difference = least;
                    slot->color = color;
                    slot->filled = 1;
                }
                // libimagequant starts from the previous pixel's entry and takes another only if
                // strictly nearer; it reports the square of the distance's square root.
                float distance;
                if (guess <= slot->difference) { index = last; distance = sqrtf(guess); }
                else { index = slot->index; distance = sqrtf(slot->difference); }
                diff = distance * distance;
            }
            if (use_background) {
                const pr_pixel behind = to_pixel(table, background + 4 * k);
                if (difference(behind, pal->entries[index]) <= diff) index = pal->transparent;
            }
            indices[k] = (uint8_t)index;
            last = index;
        }
    }
    free(slots);
    return 0;
}
