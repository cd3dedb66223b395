@_exported import SegueRaster

/// A destination for rendered frames (an MP4 file, a folder of PNGs, …).
///
/// Contract:
/// - `append(_:)` is called once per frame, in presentation order. Implementations encode the
///   frame right away and do not keep it, so memory stays flat however long the animation is.
/// - `finish()` completes the output and makes it appear at its final path in one step.
/// - `cancel()`, releasing the sink without `finish()`, or any error thrown by `append` or
///   `finish` leaves no output and no temporary files behind, and leaves whatever was at the
///   destination before untouched. After an error the sink is closed: further calls throw
///   `EncodeError.writerClosed`.
public protocol FrameSink: AnyObject {
    func append(_ frame: RasterImage) throws
    func finish() throws
    func cancel()
}
