#ifndef PALETTE_GEN_USE_H
#define PALETTE_GEN_USE_H

// The `ffmpeg` tool's usual two-pass GIF, computed beside FFmpeg 5.1's libavfilter (the version
// Segue is built against, Debian 12): the same palette and the same indices, without opening
// libavfilter and the thirty libraries it brings.
//
//     palettegen=stats_mode=diff              (max_colors 256, reserve_transparent, no alpha)
//     paletteuse=diff_mode=rectangle          (sierra2_4a dithering, kd-tree search, alpha_threshold 128)
//
// Pixels are FFmpeg's RGB32: 0xAARRGGBB words.

#include <stddef.h>
#include <stdint.h>

/// palettegen's colour statistics over a stream of frames.
typedef struct pgu_histogram pgu_histogram;

pgu_histogram *pgu_histogram_create(void);
void pgu_histogram_destroy(pgu_histogram *histogram);

/// Adds a frame of `count` pixels. `previous` is the frame before it, or NULL for the first:
/// stats_mode=diff counts the first frame whole, then, at each later frame, the pixels of the
/// frame before it that this one changes (so a frame's changed pixels are counted as it is left,
/// and the last frame's never). Returns 0, or -1 if memory ran out.
int pgu_histogram_add(pgu_histogram *histogram, const uint32_t *previous, const uint32_t *frame, size_t count);

/// The 256-entry palette palettegen writes into its 16×16 image: its median-cut boxes' colours
/// in ascending order, padded with the last, and the reserved transparent entry last. Returns 0,
/// or -1 if memory ran out or no pixel was added.
int pgu_histogram_palette(const pgu_histogram *histogram, uint32_t palette[256]);

/// paletteuse's state: the palette's kd-tree, a cache of nearest colours, and the previous
/// frame's source and indices (for diff_mode=rectangle).
typedef struct pgu_mapper pgu_mapper;

pgu_mapper *pgu_mapper_create(const uint32_t palette[256], int width, int height);
void pgu_mapper_destroy(pgu_mapper *mapper);

/// Maps the next frame: `shown` (NULL: not wanted) gets what the GIF shows after it
/// (0xAARRGGBB), the previous frame's pixels outside the rectangle that changed since the source
/// before. `skip`: the frame is not wanted and the next one redraws all it would (see
/// `pgu_mapper_next_redraws`), so it is not mapped at all. Returns 0.
int pgu_mapper_next(pgu_mapper *mapper, const uint32_t *frame, uint32_t *shown, int skip);

/// Whether the frame after `frame` (`next`) redraws everything that `frame`, mapped next,
/// would: its changed rectangle holds this one's.
int pgu_mapper_next_redraws(const pgu_mapper *mapper, const uint32_t *frame, const uint32_t *next);

/// Whether `frame`'s changed rectangle after `before` is the whole frame: paletteuse then redraws
/// it without reading what it showed before.
int pgu_redraws_whole(const uint32_t *before, const uint32_t *frame, int width, int height);

/// Forgets the frames mapped so far: the next frame is mapped as the first (the same pixels as
/// mapped after them where `pgu_redraws_whole` holds for it).
void pgu_mapper_restart(pgu_mapper *mapper);

#endif
