// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueEncode
import SegueRaster

/// Helpers for checking the encoders' output with the ffmpeg/ffprobe command-line tools,
/// independently of the code under test.

struct ToolResult {
    var status: Int32
    var stdout: Data
    var stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs a command-line tool found on PATH; stdout/stderr go through files so large outputs
/// cannot dead-lock a pipe.
func runTool(_ tool: String, _ arguments: [String]) throws -> ToolResult {
    let scratch = try makeTempDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close(); try err.close()
    return ToolResult(status: process.terminationStatus,
                      stdout: try Data(contentsOf: outURL),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// `ffprobe` stream fields of the first video stream (frames counted by decoding, too).
func probe(_ url: URL) throws -> [String: String] {
    let r = try runTool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames",
                                     "-show_entries",
                                     "stream=codec_name,pix_fmt,width,height,color_space,color_primaries,color_transfer,color_range,r_frame_rate,avg_frame_rate,nb_frames,nb_read_frames",
                                     "-of", "default=noprint_wrappers=1", url.path])
    var fields: [String: String] = [:]
    for line in r.text.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return fields
}

/// Decodes every frame of `url` with ffmpeg to raw bytes in `pixelFormat` (rgb24, rgba, yuv420p…).
/// For video → RGB the YUV is interpreted explicitly as BT.709 limited range.
func decodeRaw(_ url: URL, pixelFormat: String, bt709ToRGB: Bool = false) throws -> [UInt8] {
    var args = ["-v", "error", "-i", url.path]
    if bt709ToRGB { args += ["-vf", "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=accurate_rnd+full_chroma_int"] }
    args += ["-f", "rawvideo", "-pix_fmt", pixelFormat, "-"]
    let r = try runTool("ffmpeg", args)
    guard r.status == 0 else { throw ToolError(message: "ffmpeg decode failed: \(r.stderr)") }
    return [UInt8](r.stdout)
}

struct ToolError: Error, CustomStringConvertible { var message: String; var description: String { message } }

func makeTempDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("segue-encode-tests-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func directoryListing(_ url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// Top-level MP4 box types in file order.
func topLevelBoxes(_ data: Data) -> [String] {
    let bytes = [UInt8](data)
    var types: [String] = []
    var offset = 0
    while offset + 8 <= bytes.count {
        var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
        if size == 1, offset + 16 <= bytes.count {
            size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
            size = bytes.count - offset
        }
        guard size >= 8 else { break }
        offset += size
    }
    return types
}

/// An opaque premultiplied-BGRA test frame: dark background, a vertical bar sliding right with
/// the frame index, and fixed pure red / green / blue patches along the bottom-right.
/// The right-most 8 columns are pure blue (to see the padding of odd widths).
func barFrame(width: Int, height: Int, index: Int) -> RasterImage {
    var image = RasterImage(width: width, height: height, fill: (b: 40, g: 30, r: 20, a: 255))
    func fill(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int, r: UInt8, g: UInt8, b: UInt8) {
        let xs = max(0, x0)..<max(max(0, x0), min(width, x0 + w))
        let ys = max(0, y0)..<max(max(0, y0), min(height, y0 + h))
        for y in ys {
            for x in xs {
                let i = y * image.bytesPerRow + x * 4
                image.pixels[i] = b; image.pixels[i + 1] = g; image.pixels[i + 2] = r; image.pixels[i + 3] = 255
            }
        }
    }
    fill((index * 2) % (width - 8), 0, 8, height / 2, r: 250, g: 200, b: 40)   // moving bar
    fill(8, height - 24, 16, 16, r: 255, g: 0, b: 0)                            // red patch
    fill(32, height - 24, 16, 16, r: 0, g: 255, b: 0)                           // green patch
    fill(56, height - 24, 16, 16, r: 0, g: 0, b: 255)                           // blue patch
    fill(width - 8, 0, 8, height, r: 0, g: 0, b: 255)                           // blue right edge
    return image
}

/// Encodes `count` bar frames to `url`.
func encodeBars(to url: URL, width: Int, height: Int, count: Int = 45, fps: Double = 60) throws {
    let writer = try MP4Writer(url: url, width: width, height: height, fps: fps)
    for i in 0..<count { try writer.append(barFrame(width: width, height: height, index: i)) }
    try writer.finish()
}

/// A small deterministic pseudo-random generator, so test inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
