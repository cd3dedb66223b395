import Foundation
import SegueEncode

/// `--format raw`: the frames' pixels back to back (premultiplied BGRA, rows top to bottom),
/// for piping into other tools and for timing the renderer alone (`scripts/bench`).
/// `-` writes to standard output; a path is written under a temporary name and renamed.
final class RawFrameWriter: FrameSink {
    private let handle: FileHandle
    private let file: AtomicFileWriter?
    private var closed = false

    init(path: String) throws {
        if path == "-" {
            handle = FileHandle.standardOutput
            file = nil
        } else {
            let writer = try AtomicFileWriter(destination: URL(fileURLWithPath: path))
            file = writer
            handle = try FileHandle(forWritingTo: writer.temporaryURL)
        }
    }

    func append(_ frame: RasterImage) throws {
        let rowBytes = frame.width * 4
        if frame.bytesPerRow == rowBytes {
            handle.write(Data(frame.pixels[0 ..< rowBytes * frame.height]))
        } else {
            var packed = Data(capacity: rowBytes * frame.height)
            for y in 0 ..< frame.height {
                packed.append(contentsOf: frame.pixels[y * frame.bytesPerRow ..< y * frame.bytesPerRow + rowBytes])
            }
            handle.write(packed)
        }
    }

    func finish() throws {
        guard !closed else { return }
        closed = true
        if let file {
            try handle.close()
            try file.commit()
        }
    }

    func cancel() {
        guard !closed else { return }
        closed = true
        if let file {
            try? handle.close()
            file.discard()
        }
    }

    deinit { cancel() }
}
