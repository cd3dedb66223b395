// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import SegueRender
import SegueEncode

/// `--quality low|medium|high|lossless`: one word for every format, each mapped to concrete
/// encoder settings (listed in docs/cli.md and the README). The per-format options
/// (--crf, --gif-quality, --gif-dither, --lossy, --webp-quality) are the fine controls.
enum QualityPreset: String, CaseIterable, ExpressibleByArgument {
    case low, medium, high, lossless

    /// The settings a preset stands for; nil where a format has no such knob.
    struct Settings: Equatable {
        var crf: Int
        var gifQuality: Int
        var gifDither: Double
        /// WebP: nil is lossless, otherwise lossy at this quality.
        var webpLossyQuality: Int?
    }

    var settings: Settings {
        switch self {
        case .low: Settings(crf: 28, gifQuality: 60, gifDither: 1, webpLossyQuality: 60)
        case .medium: Settings(crf: 23, gifQuality: 80, gifDither: 1, webpLossyQuality: 80)
        case .high: Settings(crf: 18, gifQuality: 90, gifDither: 1, webpLossyQuality: 95)
        // GIF cannot hold more than 256 colours a frame: exact wherever a frame has no more,
        // and without dithering noise.
        case .lossless: Settings(crf: 0, gifQuality: 100, gifDither: 0, webpLossyQuality: nil)
        }
    }

    /// Without --quality: the defaults (H.264 CRF 18, GIF quality 90 dithered, lossless WebP).
    static let defaults = Settings(crf: 18, gifQuality: GIFWriter.Options.defaultQuality, gifDither: 1, webpLossyQuality: nil)

}
