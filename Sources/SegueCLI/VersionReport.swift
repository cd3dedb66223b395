// SPDX-License-Identifier: Apache-2.0
import SegueDecode
import SegueDiff
import SegueEncode
import SegueRaster

/// `segue --version --verbose`: Segue's version, the libraries it links with the version loaded
/// now and their licences, and what that makes of the binary's terms (THIRD_PARTY_NOTICES.md says
/// the same at length).
enum VersionReport {
    static let version = "0.1.0"

    /// Linked dynamically: name as the version readers give it → licence (SPDX).
    static let dynamicLicences: [(name: String, licence: String)] = [
        ("ffmpeg", "LGPL-2.1-or-later with GPL-2.0-or-later parts; GPL-2.0-or-later as Debian builds it"),
        ("libavcodec", "as FFmpeg"),
        ("libavformat", "as FFmpeg"),
        ("libavutil", "as FFmpeg"),
        ("libswscale", "as FFmpeg"),
        ("libimagequant", "GPL-3.0-or-later"),
        ("cairo", "LGPL-2.1-only OR MPL-1.1"),
        ("pango", "LGPL-2.0-or-later"),
        ("pixman", "MIT"),
        ("harfbuzz", "MIT"),
        ("freetype", "FTL OR GPL-2.0-or-later"),
        ("fontconfig", "HPND-sell-variant"),
        ("libwebp", "BSD-3-Clause"),
        ("zlib", "Zlib"),
    ]

    /// Built into the binary (no version to read at run time).
    static let staticLicences: [(name: String, licence: String)] = [
        ("Swift runtime, Foundation, Dispatch", "Apache-2.0 WITH Swift-exception"),
        ("ICU (swift-foundation-icu)", "Unicode-3.0"),
        ("swift-argument-parser", "Apache-2.0 WITH Swift-exception"),
        ("swift-syntax", "Apache-2.0 WITH Swift-exception"),
        ("Yams (with libyaml)", "MIT"),
        ("SwiftNIO (with llhttp)", "Apache-2.0 AND MIT"),
    ]

    static func text() -> String {
        var versions = RendererVersions.libraries()
        versions.merge(EncoderVersions.libraries()) { a, _ in a }
        versions.merge(DecoderVersions.libraries()) { a, _ in a }
        versions.merge(DiffVersions.libraries()) { a, _ in a }
        let width = max(dynamicLicences.map(\.name.count).max() ?? 0, staticLicences.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var lines = [
            "segue \(version)",
            "Segue's source code is licensed under Apache-2.0. Because it links libimagequant (GPL-3.0-or-later)",
            "and FFmpeg as Debian builds it (GPL-2.0-or-later), the segue binary is distributed under GPL-3.0-or-later.",
            "See THIRD_PARTY_NOTICES.md, or /usr/share/doc/segue/copyright where the package is installed.",
            "",
            "Linked libraries (versions loaded now):",
        ]
        for (name, licence) in dynamicLicences {
            lines.append("  \(pad(name, width))  \(pad(versions[name] ?? "?", 16))  \(licence)")
        }
        lines.append("Built in:")
        for (name, licence) in staticLicences {
            lines.append("  \(pad(name, width))  \(licence)")
        }
        return lines.joined(separator: "\n")
    }

    /// True for exactly `segue --version --verbose` (either order), which swift-argument-parser's
    /// own `--version` would refuse.
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments.count == 2 && Set(arguments) == ["--version", "--verbose"]
    }
}
