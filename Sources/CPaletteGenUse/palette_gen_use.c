#include "palette_gen_use.h"
#include <stdlib.h>
#include <string.h>

// Exactness: where colours tie (the same component along a box's longest axis, two palette
// entries at the same distance), which one palettegen splits after, and which one paletteuse
// picks, depends on the order its sorts leave them in. So the sorts below are FFmpeg's own
// (`AV_QSORT`, an unstable quicksort; glibc's `qsort`, a stable merge sort for these sizes), step
// for step, and the kd-tree is built and searched in FFmpeg's order. Tests check the result
// against the `ffmpeg` tool's GIF, pixel for pixel.

static inline int channel(uint32_t c, int shift) { return (int)(c >> shift & 0xff); }

// Squared RGB distance (palettegen's measure; paletteuse's between two opaque colours).
static inline int rgb_distance(uint32_t a, uint32_t b) {
    int dr = channel(a, 16) - channel(b, 16), dg = channel(a, 8) - channel(b, 8), db = channel(a, 0) - channel(b, 0);
    return dr * dr + dg * dg + db * db;
}

// One colour being sorted: its value and what travels with it (a count, or a palette index).
typedef struct {
    uint32_t color;
    uint64_t payload;
} item;

static inline int compare_at(const item *items, ptrdiff_t a, ptrdiff_t b, int shift) {
    return channel(items[a].color, shift) - channel(items[b].color, shift);
}

static inline void swap_items(item *items, ptrdiff_t a, ptrdiff_t b) {
    item t = items[a];
    items[a] = items[b];
    items[b] = t;
}

// libavutil's AV_QSORT on one byte of the colour (`shift`): median-of-three quicksort, smaller
// side first, with its early exit for runs found already in order.
static void ffmpeg_quicksort(item *items, ptrdiff_t count, int shift) {
    ptrdiff_t pending[64][2];
    int depth = 1;
    pending[0][0] = 0;
    pending[0][1] = count - 1;
    while (depth) {
        depth--;
        ptrdiff_t start = pending[depth][0], end = pending[depth][1];
        while (start < end) {
            if (start >= end - 1) {
                if (compare_at(items, start, end, shift) > 0) swap_items(items, start, end);
                break;
            }
            int maybe_sorted = 0;
            ptrdiff_t right = end - 2, left = start + 1, mid = start + ((end - start) >> 1);
            if (compare_at(items, start, end, shift) > 0) {
                if (compare_at(items, end, mid, shift) > 0) swap_items(items, start, mid);
                else swap_items(items, start, end);
            } else if (compare_at(items, start, mid, shift) > 0) {
                swap_items(items, start, mid);
            } else {
                maybe_sorted = 1;
            }
            if (compare_at(items, mid, end, shift) > 0) {
                swap_items(items, mid, end);
                maybe_sorted = 0;
            }
            if (start == end - 2) break;
            swap_items(items, end - 1, mid);
            while (left <= right) {
                while (left <= right && compare_at(items, left, end - 1, shift) < 0) left++;
                while (left <= right && compare_at(items, right, end - 1, shift) > 0) right--;
                if (left <= right) {
                    swap_items(items, left, right);
                    left++;
                    right--;
                }
            }
            swap_items(items, end - 1, left);
            if (maybe_sorted && (mid == left - 1 || mid == left)) {
                ptrdiff_t k = start;
                while (k < end && compare_at(items, k, k + 1, shift) <= 0) k++;
                if (k == end) break;
            }
            if (end - left < left - start) {
                pending[depth][0] = start;
                pending[depth][1] = right;
                depth++;
                start = left + 1;
            } else {
                pending[depth][0] = left + 1;
                pending[depth][1] = end;
                depth++;
                end = right;
            }
        }
    }
}

// The byte each of palettegen's and paletteuse's axes (0 alpha, 1 red, 2 green, 3 blue) sits at.
static const int axis_shift[4] = {24, 16, 8, 0};

// MARK: palettegen

// Colours hashed on the low five bits of R, G and B, each bucket in order of first appearance:
// the order palettegen lists them in before its first sort.
enum { HASH_BITS = 15, BUCKETS = 1 << HASH_BITS };

typedef struct {
    item *entries;   // payload: the colour's count
    int count, capacity;
} bucket;

struct pgu_histogram {
    bucket buckets[BUCKETS];
    size_t colors;
};

static inline unsigned colour_hash(uint32_t c) {
    return (unsigned)(c >> 16 & 31) << 10 | (unsigned)(c >> 8 & 31) << 5 | (unsigned)(c & 31);
}

pgu_histogram *pgu_histogram_create(void) { return calloc(1, sizeof(pgu_histogram)); }

void pgu_histogram_destroy(pgu_histogram *h) {
    if (!h) return;
    for (int k = 0; k < BUCKETS; k++) free(h->buckets[k].entries);
    free(h);
}

static int count_colour(pgu_histogram *h, uint32_t c) {
    bucket *b = &h->buckets[colour_hash(c)];
    for (int k = 0; k < b->count; k++) {
        if (b->entries[k].color == c) {
            b->entries[k].payload++;
            return 0;
        }
    }
    if (b->count == b->capacity) {
        int capacity = b->capacity ? 2 * b->capacity : 4;
        item *grown = realloc(b->entries, sizeof(item) * (size_t)capacity);
        if (!grown) return -1;
        b->entries = grown;
        b->capacity = capacity;
    }
    b->entries[b->count++] = (item){c, 1};
    h->colors++;
    return 0;
}

int pgu_histogram_add(pgu_histogram *h, const uint32_t *previous, const uint32_t *frame, size_t count) {
    for (size_t k = 0; k < count; k++) {
        if (previous && previous[k] == frame[k]) continue;
        if (count_colour(h, previous ? previous[k] : frame[k]) < 0) return -1;
    }
    return 0;
}

typedef struct {
    uint32_t color;     // the count-weighted mean of its colours
    int64_t variance;   // -1: not computed yet
    ptrdiff_t start, length;
    int sorted_by;      // the axis its colours are in order of, or -1
} box;

static uint32_t mean_colour(const item *refs, const box *b) {
    uint64_t r = 0, g = 0, bl = 0, total = 0;
    for (ptrdiff_t k = b->start; k < b->start + b->length; k++) {
        uint64_t n = refs[k].payload;
        r += (uint64_t)channel(refs[k].color, 16) * n;
        g += (uint64_t)channel(refs[k].color, 8) * n;
        bl += (uint64_t)channel(refs[k].color, 0) * n;
        total += n;
    }
    return 0xFF000000u | (uint32_t)(r / total) << 16 | (uint32_t)(g / total) << 8 | (uint32_t)(bl / total);
}

// The box with the largest variance among those of two colours or more (the first on a tie), or
// -1 once there are 255 boxes (one entry is reserved for transparency).
static int box_to_split(item *refs, box *boxes, int box_count) {
    if (box_count == 255) return -1;
    int best = -1;
    int64_t largest = -1;
    for (int k = 0; k < box_count; k++) {
        box *b = &boxes[k];
        if (b->length < 2) {
            b->variance = -1;
            continue;
        }
        if (b->variance == -1) {
            uint64_t v = 0;
            for (ptrdiff_t j = b->start; j < b->start + b->length; j++)
                v += (uint64_t)rgb_distance(refs[j].color, b->color) * refs[j].payload;
            b->variance = (int64_t)v;
        }
        if (b->variance > largest) {
            best = k;
            largest = b->variance;
        }
    }
    return best;
}

static int by_colour(const void *a, const void *b) {
    uint32_t x = ((const box *)a)->color, y = ((const box *)b)->color;
    return (x > y) - (x < y);
}

int pgu_histogram_palette(const pgu_histogram *h, uint32_t palette[256]) {
    if (!h->colors) return -1;
    item *refs = malloc(sizeof(item) * h->colors);
    if (!refs) return -1;
    size_t n = 0;
    for (int k = 0; k < BUCKETS; k++) {
        memcpy(refs + n, h->buckets[k].entries, sizeof(item) * (size_t)h->buckets[k].count);
        n += (size_t)h->buckets[k].count;
    }
    box boxes[256];
    boxes[0] = (box){0, -1, 0, (ptrdiff_t)n, -1};
    boxes[0].color = mean_colour(refs, &boxes[0]);
    int box_count = 1, current = 0;
    while (current >= 0 && boxes[current].length > 1) {
        box *b = &boxes[current];
        int lo[4] = {255, 255, 255, 255}, hi[4] = {0, 0, 0, 0};
        uint64_t weight = 0;
        for (ptrdiff_t k = b->start; k < b->start + b->length; k++) {
            for (int axis = 0; axis < 4; axis++) {
                int v = channel(refs[k].color, axis_shift[axis]);
                if (v < lo[axis]) lo[axis] = v;
                if (v > hi[axis]) hi[axis] = v;
            }
            weight += refs[k].payload;
        }
        int rr = hi[1] - lo[1], gr = hi[2] - lo[2], br = hi[3] - lo[3];
        // The widest of R, G, B; green where it ties for widest, then red, then blue.
        int longest = 2;
        if (br >= rr && br >= gr) longest = 3;
        if (rr >= gr && rr >= br) longest = 1;
        if (gr >= rr && gr >= br) longest = 2;
        if (b->sorted_by != longest) {
            ffmpeg_quicksort(refs + b->start, b->length, axis_shift[longest]);
            b->sorted_by = longest;
        }
        // Split after the colour where the running weight first passes half, keeping at least
        // one colour on each side.
        uint64_t median = (weight + 1) >> 1, running = 0;
        ptrdiff_t split = b->start;
        for (; split < b->start + b->length - 2; split++) {
            running += refs[split].payload;
            if (running > median) break;
        }
        box *after = &boxes[box_count++];
        after->start = split + 1;
        after->length = b->start + b->length - after->start;
        after->sorted_by = b->sorted_by;
        b->length -= after->length;
        b->color = mean_colour(refs, b);
        after->color = mean_colour(refs, after);
        b->variance = after->variance = -1;
        current = box_to_split(refs, boxes, box_count);
    }
    free(refs);
    qsort(boxes, (size_t)box_count, sizeof(box), by_colour);
    uint32_t last = 0;
    for (int k = 0; k < 256; k++) {
        if (k < box_count) last = boxes[k].color;
        palette[k] = last;
    }
    palette[255] = 0x0000FF00u;   // transparency_color's default, lime, with alpha 0
    return 0;
}

// MARK: paletteuse

enum { ALPHA_THRESHOLD = 128, CACHE_BITS = 16 };

typedef struct {
    uint8_t value[4];   // A, R, G, B
    uint8_t palette_index;
    int axis;
    int left, right;    // -1: none
} kd_node;

struct pgu_mapper {
    uint32_t palette[256];
    int transparent;   // the palette's transparent entry, or -1
    kd_node nodes[256];
    // Nearest entries already found, direct-mapped by colour (a colour pushed out is searched again).
    uint32_t cache_keys[1 << CACHE_BITS];
    uint8_t cache_values[1 << CACHE_BITS];
    uint8_t cache_valid[1 << CACHE_BITS];
    int width, height;
    int has_previous;
    uint32_t *previous_source;
    int16_t *rows;   // two rows of R, G, B being dithered
    uint8_t *indices, *previous_indices;
};

// paletteuse's distance: squared RGB between opaque colours, 0 between transparent ones, and the
// largest there is between one of each.
static inline int colour_distance(const uint8_t a[4], const uint8_t b[4]) {
    int a_opaque = a[0] >= ALPHA_THRESHOLD, b_opaque = b[0] >= ALPHA_THRESHOLD;
    if (!a_opaque && !b_opaque) return 0;
    if (a_opaque != b_opaque) return 3 * 255 * 255;
    int dr = a[1] - b[1], dg = a[2] - b[2], db = a[3] - b[3];
    return dr * dr + dg * dg + db * db;
}

typedef struct { int min[4], max[4]; } colour_range;

// The entry the kd-tree splits `range` at: among the unused opaque entries inside it, the median
// along their widest axis (blue where it ties for widest, then green, then red).
static int median_entry(const pgu_mapper *m, const uint8_t used[256], const colour_range *range, int *axis) {
    item candidates[256];
    int count = 0, lo[4] = {255, 255, 255, 255}, hi[4] = {0, 0, 0, 0};
    for (int k = 0; k < 256; k++) {
        uint32_t c = m->palette[k];
        int v[4] = {channel(c, 24), channel(c, 16), channel(c, 8), channel(c, 0)};
        if (v[0] < ALPHA_THRESHOLD || used[k] || v[0] != 0xFF) continue;
        int inside = 1;
        for (int a = 1; a < 4; a++) inside &= v[a] >= range->min[a] && v[a] <= range->max[a];
        if (!inside) continue;
        for (int a = 0; a < 4; a++) {
            if (v[a] < lo[a]) lo[a] = v[a];
            if (v[a] > hi[a]) hi[a] = v[a];
        }
        candidates[count++] = (item){c, (uint64_t)k};
    }
    if (!count) return -1;
    int wr = hi[1] - lo[1], wg = hi[2] - lo[2], wb = hi[3] - lo[3];
    int longest = 0;
    if (wr >= wg && wr >= wb) longest = 1;
    if (wg >= wr && wg >= wb) longest = 2;
    if (wb >= wr && wb >= wg) longest = 3;
    *axis = longest;
    ffmpeg_quicksort(candidates, count, axis_shift[longest]);
    return (int)candidates[count >> 1].payload;
}

static int insert_nodes(pgu_mapper *m, uint8_t used[256], int *node_count, const colour_range *range) {
    int axis = 0;
    int entry = median_entry(m, used, range, &axis);
    if (entry < 0) return -1;
    int id = (*node_count)++;
    kd_node *node = &m->nodes[id];
    uint32_t c = m->palette[entry];
    node->axis = axis;
    node->palette_index = (uint8_t)entry;
    node->value[0] = (uint8_t)channel(c, 24);
    node->value[1] = (uint8_t)channel(c, 16);
    node->value[2] = (uint8_t)channel(c, 8);
    node->value[3] = (uint8_t)channel(c, 0);
    used[entry] = 1;
    colour_range below = *range, above = *range;
    below.max[axis] = node->value[axis];
    above.min[axis] = node->value[axis] + 1 < 255 ? node->value[axis] + 1 : 255;
    int left = insert_nodes(m, used, node_count, &below);
    int right = above.min[axis] <= above.max[axis] ? insert_nodes(m, used, node_count, &above) : -1;
    // (`node` may not be used past the recursion's writes to other nodes: it is re-read.)
    m->nodes[id].left = left;
    m->nodes[id].right = right;
    return id;
}

static int by_rgb(const void *a, const void *b) {
    int x = (int)(*(const uint32_t *)a & 0xFFFFFF), y = (int)(*(const uint32_t *)b & 0xFFFFFF);
    return x - y;
}

// Insertion sort: stable, as glibc's qsort is for an array this small (its merge sort).
static void stable_sort_rgb(uint32_t *p, int count) {
    for (int k = 1; k < count; k++) {
        uint32_t v = p[k];
        int j = k - 1;
        while (j >= 0 && by_rgb(&p[j], &v) > 0) {
            p[j + 1] = p[j];
            j--;
        }
        p[j + 1] = v;
    }
}

pgu_mapper *pgu_mapper_create(const uint32_t palette[256], int width, int height) {
    pgu_mapper *m = calloc(1, sizeof(pgu_mapper));
    if (!m) return NULL;
    size_t n = (size_t)width * (size_t)height;
    m->width = width;
    m->height = height;
    m->previous_source = malloc(n * sizeof(uint32_t));
    m->rows = malloc(6 * (size_t)width * sizeof(int16_t));
    m->indices = malloc(n);
    m->previous_indices = malloc(n);
    if (!m->previous_source || !m->rows || !m->indices || !m->previous_indices) {
        pgu_mapper_destroy(m);
        return NULL;
    }
    memcpy(m->palette, palette, sizeof(m->palette));
    m->transparent = -1;
    for (int k = 0; k < 256; k++)
        if (channel(palette[k], 24) < ALPHA_THRESHOLD) m->transparent = k;
    // The transparent entry goes last, the others are sorted by RGB, and repeated or transparent
    // entries are left out of the tree.
    if (m->transparent >= 0) {
        uint32_t t = m->palette[m->transparent];
        m->palette[m->transparent] = m->palette[255];
        m->palette[255] = t;
    }
    stable_sort_rgb(m->palette, 256 - (m->transparent >= 0));
    uint8_t used[256] = {0};
    uint32_t last = 0;
    for (int k = 0; k < 256; k++) {
        uint32_t c = m->palette[k];
        if (k != 0 && c == last) {
            used[k] = 1;
            continue;
        }
        last = c;
        if (channel(c, 24) < ALPHA_THRESHOLD) used[k] = 1;
    }
    colour_range all = {{0, 0, 0, 0}, {255, 255, 255, 255}};
    int node_count = 0;
    insert_nodes(m, used, &node_count, &all);
    return m;
}

void pgu_mapper_destroy(pgu_mapper *m) {
    if (!m) return;
    free(m->previous_source);
    free(m->rows);
    free(m->indices);
    free(m->previous_indices);
    free(m);
}

// The kd-tree's nearest entry, searched as paletteuse's iterative search does (the nearer side
// first, the other where it may hold something closer; an exact match ends the search).
static int nearest_entry(const pgu_mapper *m, const uint8_t target[4]) {
    struct { int node, reach; } stack[256];
    int depth = 0, best = -1, best_distance = 0x7FFFFFFF, id = 0;
    for (;;) {
        const kd_node *node = &m->nodes[id];
        int d = colour_distance(target, node->value);
        if (d < best_distance) {
            best = id;
            if (d == 0) break;
            best_distance = d;
        }
        if (node->left != -1 || node->right != -1) {
            int dx = target[node->axis] - node->value[node->axis];
            int nearer = dx <= 0 ? node->left : node->right, further = dx <= 0 ? node->right : node->left;
            if (nearer != -1) {
                if (further != -1) {
                    stack[depth].node = further;
                    stack[depth].reach = dx * dx;
                    depth++;
                }
                id = nearer;
                continue;
            }
            if (dx * dx < best_distance) {
                id = further;
                continue;
            }
        }
        do {
            if (--depth < 0) goto done;
        } while (stack[depth].reach >= best_distance);
        id = stack[depth].node;
    }
done:
    return m->nodes[best].palette_index;
}

static int entry_for(pgu_mapper *m, uint32_t c) {
    if (channel(c, 24) < ALPHA_THRESHOLD && m->transparent >= 0) return m->transparent;
    uint32_t slot = (c * 2654435761u) >> (32 - CACHE_BITS);
    if (m->cache_valid[slot] && m->cache_keys[slot] == c) return m->cache_values[slot];
    uint8_t target[4] = {(uint8_t)channel(c, 24), (uint8_t)channel(c, 16), (uint8_t)channel(c, 8), (uint8_t)channel(c, 0)};
    int entry = nearest_entry(m, target);
    m->cache_keys[slot] = c;
    m->cache_values[slot] = (uint8_t)entry;
    m->cache_valid[slot] = 1;
    return entry;
}

static int rows_equal(const uint32_t *a, const uint32_t *b, int width) {
    return memcmp(a, b, (size_t)width * sizeof(uint32_t)) == 0;
}

static int columns_equal(const uint32_t *a, const uint32_t *b, int width, int x, int y0, int y1) {
    for (int y = y0; y <= y1; y++)
        if (a[(size_t)y * width + x] != b[(size_t)y * width + x]) return 0;
    return 1;
}

// diff_mode=rectangle's window: the rows, then the columns, that `frame` changes from `before`,
// inclusive. (Of a frame that changes nothing, the last pixel.)
typedef struct { int x0, y0, x1, y1; } window;

static window changed_window(const uint32_t *before, const uint32_t *frame, int w, int h) {
    window r = {0, 0, w - 1, h - 1};
    while (r.y0 < r.y1 && rows_equal(before + (size_t)r.y0 * w, frame + (size_t)r.y0 * w, w)) r.y0++;
    while (r.y1 > r.y0 && rows_equal(before + (size_t)r.y1 * w, frame + (size_t)r.y1 * w, w)) r.y1--;
    while (r.x0 < r.x1 && columns_equal(before, frame, w, r.x0, r.y0, r.y1)) r.x0++;
    while (r.x1 > r.x0 && columns_equal(before, frame, w, r.x1, r.y0, r.y1)) r.x1--;
    return r;
}

static window frame_window(const pgu_mapper *m, const uint32_t *frame) {
    if (!m->has_previous) return (window){0, 0, m->width - 1, m->height - 1};
    return changed_window(m->previous_source, frame, m->width, m->height);
}

int pgu_redraws_whole(const uint32_t *before, const uint32_t *frame, int width, int height) {
    window r = changed_window(before, frame, width, height);
    return r.x0 == 0 && r.y0 == 0 && r.x1 == width - 1 && r.y1 == height - 1;
}

void pgu_mapper_restart(pgu_mapper *m) { m->has_previous = 0; }

int pgu_mapper_next_redraws(const pgu_mapper *m, const uint32_t *frame, const uint32_t *next) {
    window now = frame_window(m, frame), then = changed_window(frame, next, m->width, m->height);
    return then.x0 <= now.x0 && then.y0 <= now.y0 && then.x1 >= now.x1 && then.y1 >= now.y1;
}

// The working copy of a window's rows, as paletteuse dithers them in place: per pixel R, G, B
// (alpha apart), each kept within 0…255 after every error added, as FFmpeg clips its bytes.
static inline void add_error(int16_t *px, int er, int eg, int eb, int scale, int shift) {
    int r = px[0] + (er * scale) / (1 << shift), g = px[1] + (eg * scale) / (1 << shift), b = px[2] + (eb * scale) / (1 << shift);
    px[0] = (int16_t)(r < 0 ? 0 : r > 255 ? 255 : r);
    px[1] = (int16_t)(g < 0 ? 0 : g > 255 ? 255 : g);
    px[2] = (int16_t)(b < 0 ? 0 : b > 255 ? 255 : b);
}

static void load_row(int16_t *dst, const uint32_t *src, int x0, int x1) {
    for (int x = x0; x <= x1; x++) {
        dst[3 * x] = (int16_t)channel(src[x], 16);
        dst[3 * x + 1] = (int16_t)channel(src[x], 8);
        dst[3 * x + 2] = (int16_t)channel(src[x], 0);
    }
}

int pgu_mapper_next(pgu_mapper *m, const uint32_t *frame, uint32_t *shown, int skip) {
    const int w = m->width, h = m->height;
    const window r = frame_window(m, frame);
    const size_t n = (size_t)w * (size_t)h;
    if (skip) {
        // The next frame redraws this one's window: only the pixels outside it are needed, and
        // they are the previous frame's.
        memcpy(m->previous_source, frame, n * sizeof(uint32_t));
        m->has_previous = 1;
        return 0;
    }
    uint8_t *out = m->indices;
    if (m->has_previous) {
        const uint8_t *before = m->previous_indices;
        for (int y = 0; y < h; y++) {
            if (y < r.y0 || y > r.y1) {
                memcpy(out + (size_t)y * w, before + (size_t)y * w, (size_t)w);
            } else {
                memcpy(out + (size_t)y * w, before + (size_t)y * w, (size_t)r.x0);
                memcpy(out + (size_t)y * w + r.x1 + 1, before + (size_t)y * w + r.x1 + 1, (size_t)(w - 1 - r.x1));
            }
        }
    }
    // Sierra-2-4A error diffusion inside the window: half of a pixel's error to the right, a
    // quarter below and a quarter below-left, none across the window's edges.
    int16_t *row = m->rows, *below = m->rows + 3 * (size_t)w;
    load_row(row, frame + (size_t)r.y0 * w, r.x0, r.x1);
    for (int y = r.y0; y <= r.y1; y++) {
        const int down = y < r.y1;
        if (down) load_row(below, frame + (size_t)(y + 1) * w, r.x0, r.x1);
        const uint32_t *alpha = frame + (size_t)y * w;
        for (int x = r.x0; x <= r.x1; x++) {
            int16_t *px = row + 3 * x;
            uint32_t c = (alpha[x] & 0xFF000000u) | (uint32_t)px[0] << 16 | (uint32_t)px[1] << 8 | (uint32_t)px[2];
            int entry = entry_for(m, c);
            out[(size_t)y * w + x] = (uint8_t)entry;
            int er = 0, eg = 0, eb = 0;
            if (entry != m->transparent) {
                uint32_t p = m->palette[entry];
                er = px[0] - channel(p, 16);
                eg = px[1] - channel(p, 8);
                eb = px[2] - channel(p, 0);
            }
            if (x < r.x1) add_error(px + 3, er, eg, eb, 2, 2);
            if (down) {
                if (x > r.x0) add_error(below + 3 * (x - 1), er, eg, eb, 1, 2);
                add_error(below + 3 * x, er, eg, eb, 1, 2);
            }
        }
        int16_t *t = row;
        row = below;
        below = t;
    }
    if (shown)
        for (size_t k = 0; k < n; k++) shown[k] = m->palette[out[k]];
    memcpy(m->previous_source, frame, n * sizeof(uint32_t));
    uint8_t *t = m->previous_indices;
    m->previous_indices = m->indices;
    m->indices = t;
    m->has_previous = 1;
    return 0;
}
