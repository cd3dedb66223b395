// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import SegueEncode
import SegueRaster

@Suite("Atomic output")
struct AtomicityTests {
    enum Ending: CaseIterable { case cancel, release, wrongFrameSize, noFrames }

    @Test("an existing MP4 is untouched when the writer is cancelled or fails", arguments: Ending.allCases)
    func existingFileUntouched(ending: Ending) throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("movie.mp4")
        let old = Data("previous render".utf8)
        try old.write(to: url)
        do {
            let writer = try MP4Writer(url: url, width: 96, height: 64, fps: 60)
            if ending != .noFrames {
                for i in 0..<10 { try writer.append(barFrame(width: 96, height: 64, index: i)) }
            }
            switch ending {
            case .cancel:
                writer.cancel()
                #expect(throws: EncodeError.writerClosed) { try writer.append(barFrame(width: 96, height: 64, index: 0)) }
            case .release:
                break
            case .wrongFrameSize:
                #expect(throws: EncodeError.frameSizeMismatch(expectedWidth: 96, expectedHeight: 64, width: 95, height: 64)) {
                    try writer.append(barFrame(width: 95, height: 64, index: 0))
                }
                #expect(throws: EncodeError.writerClosed) { try writer.finish() }
            case .noFrames:
                #expect(throws: EncodeError.self) { try writer.finish() }
            }
        }
        #expect(try Data(contentsOf: url) == old)
        #expect(directoryListing(dir) == ["movie.mp4"])
    }

    @Test("a finished MP4 replaces the old file")
    func replaces() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("movie.mp4")
        try Data("previous render".utf8).write(to: url)
        try encodeBars(to: url, width: 96, height: 64, count: 5)
        #expect(try probe(url)["nb_read_frames"] == "5")
        #expect(directoryListing(dir) == ["movie.mp4"])
    }

    @Test("an unwritable output path fails in init, before any frame, naming the path")
    func unwritablePaths() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a-file")
        try Data().write(to: file)
        let cases: [(URL, String)] = [
            (dir.appendingPathComponent("missing/movie.mp4"), "does not exist"),
            (file.appendingPathComponent("movie.mp4"), "is not a directory"),
            (dir, "directory"),   // the output name is an existing folder
        ]
        for (url, why) in cases {
            #expect {
                try MP4Writer(url: url, width: 96, height: 64, fps: 60)
            } throws: { error in
                guard let e = error as? EncodeError, case let .unwritablePath(path, reason) = e else { return false }
                return path == url.standardizedFileURL.path && reason.contains(why)
                    && e.description.contains(url.lastPathComponent) && !e.description.contains("\n")
            }
            #expect(throws: EncodeError.self) { try PNGWriter.write(RasterImage(width: 2, height: 2), to: url) }
        }
        #expect(throws: EncodeError.self) { try PNGSequenceWriter(directory: dir.appendingPathComponent("missing/frames")) }
        #expect(throws: EncodeError.self) { try PNGSequenceWriter(directory: file) }
        #expect(directoryListing(dir) == ["a-file"])
    }

    @Test("AtomicFileWriter: readers see the old or the new file, never a partial one")
    func atomicFileWriter() throws {
        let dir = try makeTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("data.bin")
        try Data("old".utf8).write(to: url)
        let writer = try AtomicFileWriter(destination: url)
        try writer.write(Array("new contents".utf8))
        #expect(try Data(contentsOf: url) == Data("old".utf8))   // not visible until commit
        // While writing: the output, its temporary file and its lock file, all three removed or
        // renamed by the commit.
        #expect(directoryListing(dir).count == 3)
        try writer.commit()
        #expect(try Data(contentsOf: url) == Data("new contents".utf8))
        #expect(directoryListing(dir) == ["data.bin"])

        let discarded = try AtomicFileWriter(destination: url)
        try discarded.write([1, 2, 3])
        discarded.discard()
        #expect(try Data(contentsOf: url) == Data("new contents".utf8))
        #expect(directoryListing(dir) == ["data.bin"])
    }

    @Test("error messages are one readable line")
    func messages() {
        let errors: [EncodeError] = [
            .unwritablePath(path: "/out/x.mp4", reason: "the directory '/out' does not exist"),
            .codecUnavailable(name: "libx264"),
            .ffmpeg(call: "avcodec_open2 (libx264)", code: -22, message: "Invalid argument"),
            .sizeOutOfRange(width: 0, height: 20000),
        ]
        for e in errors { #expect(!e.description.contains("\n")) }
        #expect(errors[0].description.contains("/out/x.mp4") && errors[0].description.contains("does not exist"))
        #expect(errors[1].description.contains("scripts/bootstrap"))
        #expect(errors[2].description.contains("avcodec_open2") && errors[2].description.contains("Invalid argument"))
        #expect(errors[3].description.contains("16384"))
    }
}
