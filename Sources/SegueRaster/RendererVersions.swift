// SPDX-License-Identifier: Apache-2.0
import CCairo
import Foundation

/// The versions of everything that decides a rendered pixel: the libraries Segue draws with and
/// the installed font packages. Golden tests record them, because the same scene rendered with
/// another Cairo, Pango, HarfBuzz, FreeType or font can differ by anti-aliasing and glyph shapes
/// without any change in the scene (docs/diff-and-test.md, "Goldens on other machines").
public enum RendererVersions {
    /// Library name → version, read from the libraries loaded now (not the headers built against).
    public static func libraries() -> [String: String] {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        segue_freetype_version(&major, &minor, &patch)
        let fontconfig = Int(FcGetVersion())   // major·10000 + minor·100 + revision
        return [
            "cairo": String(cString: cairo_version_string()),
            "pixman": String(cString: pixman_version_string()),
            "pango": String(cString: pango_version_string()),
            "harfbuzz": String(cString: hb_version_string()),
            "freetype": "\(major).\(minor).\(patch)",
            "fontconfig": "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
        ]
    }

    /// Installed Debian font packages (`fonts-*`) → version; empty where dpkg is not there.
    public static func fontPackages() -> [String: String] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query") else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-W", "-f", "${db:Status-Abbrev}\t${Package}\t${Version}\n", "fonts-*"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [:] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var packages: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            // "ii " is installed; dpkg lists known-but-removed packages too.
            guard fields.count == 3, fields[0].hasPrefix("ii") else { continue }
            packages[String(fields[1])] = String(fields[2])
        }
        return packages
    }

    /// Both, with font packages prefixed by "package:" so the two kinds cannot collide.
    public static func all() -> [String: String] {
        var versions = libraries()
        for (name, version) in fontPackages() { versions["package:" + name] = version }
        return versions
    }
}
