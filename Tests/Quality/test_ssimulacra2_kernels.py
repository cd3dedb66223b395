# SPDX-License-Identifier: Apache-2.0
"""SSIMULACRA2's C kernels give the same floats with and without their AVX2 versions.

Segue's GIFs are chosen by SSIMULACRA2 scores, so a score that differed by one bit between CPUs
could change a GIF: the same scene must give the same file on every machine. The kernels are
compiled for AVX2 as well as for baseline x86-64 and picked at load time (`target_clones`); this
builds a small program over every kernel both ways, runs it on the same random planes, and
compares every output bit. (Fused multiply-add, for one, rounds differently and fails this.)
Each build also checks that the fused candidate maps (`s2_candidate_maps_rows`) give the bits of
the blurs, products and maps they replace, and that the halving gives each block's mean as a
plain loop sums it.
"""
import platform
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
KERNELS = REPO / "Sources" / "CSSIMULACRA2" / "kernels.c"
INCLUDE = REPO / "Sources" / "CSSIMULACRA2" / "include"

HARNESS = r"""
#include "ssimulacra2_kernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A fixed pseudo-random sequence (no libc rand, so both builds see the same planes).
static unsigned long long state = 0x9E3779B97F4A7C15ULL;
static float next_float(void) {
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return (float)(state >> 40) / (float)(1 << 24);
}

static void dump(const void *p, size_t bytes) { fwrite(p, 1, bytes, stdout); }

int main(void) {
    // Odd sizes: partial vectors at the ends of rows and planes.
    const int w = 203, h = 61;
    const size_t n = (size_t)w * h;
    unsigned char *rgba = malloc(n * 4);
    for (size_t i = 0; i < n * 4; i++) rgba[i] = (unsigned char)(next_float() * 256);
    float *p[12];
    for (int k = 0; k < 12; k++) p[k] = calloc(n, sizeof(float));
    float *r = p[0], *g = p[1], *b = p[2], *x = p[3], *y = p[4], *z = p[5];
    float *mu1 = p[6], *mu2 = p[7], *s11 = p[8], *s22 = p[9], *s12 = p[10], *scratch = p[11];
    s2_linearize(rgba, n, r, g, b);
    s2_xyb(r, g, b, n, x, y, z);
    dump(x, n * 4); dump(y, n * 4); dump(z, n * 4);
    s2_linearize_xyb_few_colours(rgba, n, 0, n, r, g, b, x, y, z);
    dump(r, n * 4); dump(g, n * 4); dump(b, n * 4); dump(x, n * 4); dump(y, n * 4); dump(z, n * 4);
    // The few-colours conversion gives the floats of s2_linearize + s2_xyb: on random colours
    // (slots taken over constantly), on few colours in runs, and on a mix, for all pixels and for
    // an XYB range that starts and ends inside its chunks.
    {
        unsigned char *mixed = malloc(n * 4);
        for (int pattern = 0; pattern < 3; pattern++) {
            for (size_t i = 0; i < n; i++) {
                unsigned v = pattern == 0 ? (unsigned)(next_float() * 16777216.0f)
                           : pattern == 1 ? (unsigned)((i / 7) % 23) * 0x0A0B0Cu
                           : (i % 5 == 0 ? (unsigned)(next_float() * 16777216.0f) : (unsigned)((i / 3) % 37) * 0x050607u);
                mixed[i * 4] = v & 0xFF; mixed[i * 4 + 1] = (v >> 8) & 0xFF; mixed[i * 4 + 2] = (v >> 16) & 0xFF; mixed[i * 4 + 3] = 255;
            }
            float *q[12];
            for (int k = 0; k < 12; k++) q[k] = calloc(n, sizeof(float));
            s2_linearize(mixed, n, q[0], q[1], q[2]);
            s2_xyb(q[0], q[1], q[2], n, q[3], q[4], q[5]);
            const size_t from = 1500, to = n - 700;
            s2_linearize_xyb_few_colours(mixed, n, from, to, q[6], q[7], q[8], q[9], q[10], q[11]);
            for (int c = 0; c < 3; c++) {
                if (memcmp(q[c], q[6 + c], n * 4) != 0 || memcmp(q[3 + c] + from, q[9 + c] + from, (to - from) * 4) != 0) {
                    fprintf(stderr, "s2_linearize_xyb_few_colours differs from s2_linearize + s2_xyb (pattern %d, channel %d)\n", pattern, c);
                    return 4;
                }
                for (size_t i = 0; i < from; i++) if (q[9 + c][i] != 0) { fprintf(stderr, "few colours wrote XYB outside its range\n"); return 4; }
                for (size_t i = to; i < n; i++) if (q[9 + c][i] != 0) { fprintf(stderr, "few colours wrote XYB outside its range\n"); return 4; }
            }
            for (int k = 0; k < 12; k++) free(q[k]);
        }
        free(mixed);
    }
    for (size_t i = 0; i < n; i++) { x[i] = next_float(); y[i] = next_float(); }
    s2_blur(x, w, h, scratch, mu1);
    s2_blur(y, w, h, scratch, mu2);
    s2_blur_rows(x, w, h, 17, 29, scratch, z);
    s2_multiply(x, x, n, r); s2_blur(r, w, h, scratch, s11);
    s2_multiply(y, y, n, g); s2_blur(g, w, h, scratch, s22);
    s2_multiply(x, y, n, b); s2_blur(b, w, h, scratch, s12);
    dump(mu1, n * 4); dump(mu2, n * 4); dump(z, n * 4); dump(s11, n * 4); dump(s22, n * 4); dump(s12, n * 4);
    double *sums = calloc((size_t)h * 6, sizeof(double));
    s2_maps_rows(x, mu1, s11, y, mu2, s22, s12, w, 0, h, sums);
    dump(sums, (size_t)h * 6 * sizeof(double));
    double *map_sums = calloc((size_t)h * 6, sizeof(double));
    memcpy(map_sums, sums, (size_t)h * 6 * sizeof(double));
    s2_edge_maps_rows(x, mu1, y, mu2, w, 0, h, sums);
    dump(sums, (size_t)h * 6 * sizeof(double));
    // The fused candidate maps: the bits of the blurs, products and maps above, for all rows and
    // for row ranges at the top, in the middle and at the bottom (mirrored rows, partial rings).
    const int ranges[4][2] = {{0, h}, {0, 3}, {17, 29}, {h - 4, h}};
    double *fused = calloc((size_t)h * 6, sizeof(double));
    for (int k = 0; k < 4; k++) {
        for (int with_ssim = 0; with_ssim < 2; with_ssim++) {
            const double *expected = with_ssim ? map_sums : sums;
            memset(fused, 0, (size_t)h * 6 * sizeof(double));
            s2_candidate_maps_rows(x, mu1, with_ssim ? s11 : NULL, y, w, h, ranges[k][0], ranges[k][1], fused);
            size_t o = (size_t)ranges[k][0] * 6, count = (size_t)(ranges[k][1] - ranges[k][0]) * 6;
            if (memcmp(fused + o, expected + o, count * sizeof(double)) != 0) {
                fprintf(stderr, "s2_candidate_maps_rows(rows %d..<%d, %s) differs from blur + maps\n",
                        ranges[k][0], ranges[k][1], with_ssim ? "SSIM and edges" : "edges");
                return 3;
            }
            dump(fused + o, count * sizeof(double));
        }
    }
    float *half = calloc((size_t)((w + 1) / 2) * ((h + 1) / 2), sizeof(float));
    s2_halve(mu1, w, h, half);
    // Each output the mean of the pixels of its 2×2 block that exist (odd w and h: partial blocks
    // on the last column and row), summed row by row, left to right.
    for (int oy = 0; oy < (h + 1) / 2; oy++) {
        for (int ox = 0; ox < (w + 1) / 2; ox++) {
            float sum = 0, count = 0;
            for (int y = 2 * oy; y < 2 * oy + 2 && y < h; y++)
                for (int x = 2 * ox; x < 2 * ox + 2 && x < w; x++) { sum += mu1[(size_t)y * w + x]; count += 1; }
            if (half[(size_t)oy * ((w + 1) / 2) + ox] != sum / count) { fprintf(stderr, "s2_halve differs at (%d, %d)\n", ox, oy); return 5; }
        }
    }
    dump(half, (size_t)((w + 1) / 2) * ((h + 1) / 2) * sizeof(float));
    return 0;
}
"""


def has_avx2():
    try:
        return " avx2 " in Path("/proc/cpuinfo").read_text().replace("\n", " ")
    except OSError:
        return False


def build(tmp_path, name, *flags):
    harness = tmp_path / "harness.c"
    harness.write_text(HARNESS)
    exe = tmp_path / name
    subprocess.run(["clang", "-O2", *flags, f"-I{INCLUDE}", str(harness), str(KERNELS), "-lm", "-lpthread", "-o", str(exe)],
                   check=True, capture_output=True)
    return exe


@pytest.mark.skipif(platform.machine() != "x86_64", reason="the AVX2 versions exist on x86-64 only")
@pytest.mark.skipif(shutil.which("clang") is None, reason="needs clang (the Swift toolchain's)")
def test_avx2_kernels_give_the_same_bits_as_baseline_ones(tmp_path):
    if not has_avx2():
        pytest.skip("this CPU has no AVX2, so both builds would run the same code")
    shipped = build(tmp_path, "shipped")
    baseline = build(tmp_path, "baseline", "-DS2_NO_CLONES")
    # The shipped build really has AVX2 versions, and this CPU picks them.
    symbols = subprocess.run(["nm", str(shipped)], check=True, capture_output=True, text=True).stdout
    assert "s2_blur_rows.avx2" in symbols
    assert "s2_blur_rows.avx2" not in subprocess.run(["nm", str(baseline)], check=True, capture_output=True, text=True).stdout
    runs = [subprocess.run([str(exe)], capture_output=True) for exe in (shipped, baseline)]
    for run in runs:
        assert run.returncode == 0, run.stderr.decode()
    out_shipped, out_baseline = (run.stdout for run in runs)
    assert len(out_shipped) == len(out_baseline) > 500_000
    differing = sum(1 for a, c in zip(out_shipped, out_baseline) if a != c)
    assert differing == 0, f"{differing} bytes of the kernels' outputs differ between the AVX2 and baseline builds"
