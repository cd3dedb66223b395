// SPDX-License-Identifier: Apache-2.0
import SegueRaster

/// A destination for rendered frames (an MP4 file, a folder of PNGs, …).
///
/// Contract:
/// - `append(_:)` is called once per frame, in presentation order. Implementations encode the
///   frame right away and do not keep it, so memory stays flat however long the animation is.
/// - `prepare(_:)` may be called on any thread, for several frames at once and in any order; it
///   does the part of a frame's encoding that does not depend on the frames before it (for MP4,
///   the conversion to Y'CbCr), so that render threads do it in parallel and the thread that
///   appends only encodes. `append(prepared:)` then takes its result, in presentation order.
///   Sinks with nothing to prepare keep the defaults: `prepare` returns the frame itself.
/// - `finish()` completes the output and makes it appear at its final path in one step.
/// - `cancel()`, releasing the sink without `finish()`, or any error thrown by `append` or
///   `finish` leaves no output and no temporary files behind, and leaves whatever was at the
///   destination before untouched. After an error the sink is closed: further calls throw
///   `EncodeError.writerClosed`.
public protocol FrameSink: AnyObject {
    func append(_ frame: RasterImage) throws
    func finish() throws
    func cancel()
    /// Thread-safe; see the contract above.
    func prepare(_ frame: RasterImage) throws -> any PreparedFrame
    func append(prepared: any PreparedFrame) throws
}

/// A frame in the form a sink encodes it from, made by `FrameSink.prepare`.
public protocol PreparedFrame {}

extension RasterImage: PreparedFrame {}

public extension FrameSink {
    func prepare(_ frame: RasterImage) throws -> any PreparedFrame { frame }

    func append(prepared: any PreparedFrame) throws {
        guard let image = prepared as? RasterImage else {
            preconditionFailure("\(type(of: self)).append(prepared:) takes only what its own prepare(_:) made")
        }
        try append(image)
    }
}
