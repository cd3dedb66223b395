// The per-pixel weights libimagequant 2.x gives a histogram's colours (its "importance map"),
// computed here rather than by libimagequant. Where an image has no importance map,
// libimagequant's liq_histogram_add_image makes one itself (its contrast maps): it converts the
// whole image to floats (16 bytes a pixel) and also builds an edge map that only remapping uses.
// For the GIF's global colour table, made from every frame, that was about a tenth of an encode
// on the other core. These are the same bytes (see Tests/SegueEncodeTests), so the palette is too.
#ifndef PALETTE_WEIGHTS_H
#define PALETTE_WEIGHTS_H
#include <stddef.h>
#include <stdint.h>

/// Whether libimagequant makes an importance map for a width×height image (it makes none for
/// images under 4 pixels in either direction, or too large for its buffers).
int pw_has_importance_map(unsigned width, unsigned height);

/// libimagequant 2.17's importance map of RGBA bytes (width×height, rows `stride` bytes apart)
/// at its default gamma, into `map` (width×height bytes): 80…255, lower where the image is noisy
/// (photos) and higher where it is flat or on straight edges. `scratch` holds width×height bytes
/// and 3×width×16 bytes more. Only where `pw_has_importance_map`.
void pw_importance_map(const uint8_t *rgba, unsigned width, unsigned height, size_t stride,
                       uint8_t *map, uint8_t *scratch);

/// Bytes of `scratch` that `pw_importance_map` needs.
size_t pw_scratch_size(unsigned width, unsigned height);

#endif
