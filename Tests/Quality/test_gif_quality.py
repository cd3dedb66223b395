# SPDX-License-Identifier: Apache-2.0
"""The GIF quality target, checked the way a viewer would meet it: Segue's default GIF and
ffmpeg's two-pass GIF (palettegen stats_mode=diff + paletteuse diff_mode=rectangle) are made from
the same rendered frames, decoded with Pillow, and every frame is scored against its source frame
with SSIMULACRA2 (the PyPI package `ssimulacra2`, independent of Segue's own implementation).

Every frame of Segue's GIF must score at least 90 (less the 0.05 by which the two metrics may
differ), except frames that stop below it by the encoder's stated rule; those must still score at
least min(90, ffmpeg's score on that frame) − 0.5, and the summary must count them."""
import re
import glob
import hashlib
import io
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageSequence

REPO = Path(__file__).resolve().parents[2]
SEGUE = REPO / ".build" / "debug" / "segue"
FPS = 50  # the GIF frame rate: one GIF frame per rendered frame

# Three scenes with different difficulties: a 3D flip over a photo-like screen, a carousel of
# flat cards, and a sheet with a translucent dimming overlay (the frames GIF palettes find hardest).
SCENES = [
    ("flip", []),
    ("carousel-snap", []),
    ("preset-semiModal", ["--frames", "0-40"]),
]


def run(*args):
    subprocess.run([str(a) for a in args], check=True, capture_output=True)


def gif_frames(path):
    """Decoded frames as RGB, one per GIF frame (each GIF frame here lasts one source frame)."""
    with Image.open(path) as im:
        return [frame.convert("RGB").copy() for frame in ImageSequence.Iterator(im)]


def scorer():
    import ssimulacra2
    cache = {}

    def score(source_png, decoded):
        source = Image.open(source_png).convert("RGB")
        if source.tobytes() == decoded.tobytes():
            return 100.0
        key = (hashlib.sha1(source.tobytes()).digest(), hashlib.sha1(decoded.tobytes()).digest())
        if key not in cache:
            buf = io.BytesIO()
            decoded.save(buf, format="PNG")
            buf.seek(0)
            cache[key] = float(ssimulacra2.compute_ssimulacra2(source_png, buf))
        return cache[key]
    return score


@pytest.mark.parametrize("name,extra", SCENES, ids=[s[0] for s in SCENES])
def test_every_frame_meets_the_target_or_stops_by_the_rule(tmp_path, name, extra):
    scene = REPO / "scenes" / f"{name}.yaml"
    frames = tmp_path / "frames"
    common = ["--scale", "0.5", "--fps", str(FPS), "--quiet"] + extra
    run(SEGUE, "render", scene, "--format", "png", "-o", frames, *common)
    pngs = sorted(glob.glob(str(frames / "frame-*.png")))
    segue_gif = tmp_path / "segue.gif"
    summary = subprocess.run([str(a) for a in (SEGUE, "render", scene, "-o", segue_gif, *[c for c in common if c != "--quiet"])],
                             check=True, capture_output=True, text=True).stderr
    counted = re.search(r"(\d+) stopped below", summary)
    reported_below = int(counted.group(1)) if counted else 0
    palette, ffmpeg_gif = tmp_path / "palette.png", tmp_path / "ffmpeg.gif"
    pattern = str(frames / "frame-%04d.png")
    run("ffmpeg", "-v", "error", "-y", "-framerate", FPS, "-i", pattern, "-vf", "palettegen=stats_mode=diff", palette)
    run("ffmpeg", "-v", "error", "-y", "-framerate", FPS, "-i", pattern, "-i", palette,
        "-lavfi", "paletteuse=diff_mode=rectangle", ffmpeg_gif)

    ours, theirs = gif_frames(segue_gif), gif_frames(ffmpeg_gif)
    assert len(ours) == len(pngs) == len(theirs), (len(ours), len(pngs), len(theirs))
    score = scorer()
    failures, below = [], 0
    for k, png in enumerate(pngs):
        s, f = score(png, ours[k]), score(png, theirs[k])
        if s < 90.0 - 0.05:
            below += 1
        if s < min(90.0, f) - 0.5:
            failures.append(f"frame {k}: Segue {s:.1f}, ffmpeg {f:.1f}")
    assert not failures, f"{name}: frames below min(90, ffmpeg's) - 0.5: " + "; ".join(failures)
    assert below <= reported_below, f"{name}: {below} frames below 90, the summary reports {reported_below}"
