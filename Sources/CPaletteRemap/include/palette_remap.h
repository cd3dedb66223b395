#ifndef PALETTE_REMAP_H
#define PALETTE_REMAP_H

#include <stddef.h>
#include <stdint.h>

/// A palette prepared for `pr_remap`: libimagequant 2.x's colours and distances for it.
typedef struct pr_palette pr_palette;

/// Prepares `colors` RGBA entries (`palette`, 4 bytes each, at most 256), as libimagequant's
/// result with output gamma `gamma` holds them. NULL if memory ran out.
pr_palette *pr_palette_create(const uint8_t *palette, uint32_t colors, double gamma);
void pr_palette_destroy(pr_palette *palette);

/// Maps each RGBA pixel to a palette index as libimagequant 2.x's undithered remapping does
/// (`liq_write_remapped_image` at dithering level 0): the nearest entry in its colour
/// difference, the previous pixel's entry on a tie; where `background` (RGBA, the same size, or
/// NULL) is at least as close to that entry as the pixel, the palette's transparent entry.
/// Returns 0, or -1 if memory ran out.
int pr_remap(const pr_palette *palette, const uint8_t *pixels, const uint8_t *background,
             uint32_t width, uint32_t height, double image_gamma, uint8_t *indices);

#endif
