// SPDX-License-Identifier: Apache-2.0
/// Frame timing for animated GIFs, whose delays are whole centiseconds.
public enum GIFTiming {
    /// The highest frame rate a GIF is rendered at. Browsers (Chrome, Firefox, Safari) show
    /// frames with a delay under 2 cs for 10 cs instead, so a GIF never uses delays below 2 cs,
    /// which is 50 frames per second.
    public static let maximumFPS = 50.0

    /// The frame rate a GIF is rendered at: `requested` (`--fps`) when given, else 50,
    /// and never more than 50.
    public static func frameRate(requested: Double?) -> Double {
        min(requested ?? maximumFPS, maximumFPS)
    }

    /// The delay of each frame in centiseconds, for `frameCount` frames at `fps` (≤ 50).
    ///
    /// Frame k starts at round(k × 100 / fps) cs and shows until the next frame starts; the
    /// last frame shows for its full 1/fps too, so the delays add up to frameCount / fps
    /// (within half a centisecond). The running total after every frame is within 0.5 cs of the
    /// true time, and every delay is at least 2 cs (⌊100 / fps⌋ ≥ 2 because fps ≤ 50).
    /// 50 fps gives 2, 2, 2, …; 30 fps gives 3, 4, 3, 3, 4, 3, … (3.33 cs a frame).
    public static func delays(frameCount: Int, fps: Double) -> [Int] {
        precondition(fps > 0 && fps <= maximumFPS && frameCount >= 0)
        func start(_ k: Int) -> Int { Int((Double(k) * 100 / fps).rounded()) }
        return (0 ..< frameCount).map { start($0 + 1) - start($0) }
    }
}
