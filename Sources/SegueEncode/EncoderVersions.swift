// SPDX-License-Identifier: Apache-2.0
import CFFmpeg
import CImageQuant

/// The versions of the encoder's libraries, for `segue --version --verbose`.
public enum EncoderVersions {
    /// Library name → version. FFmpeg's are read from the libraries loaded now. libimagequant's is
    /// the one its headers name: 2.17.0's `liq_version()` still answers 2.16.
    public static func libraries() -> [String: String] {
        func dotted(_ v: UInt32) -> String { "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)" }
        return [
            "ffmpeg": String(cString: av_version_info()),
            "libavcodec": dotted(avcodec_version()),
            "libavformat": dotted(avformat_version()),
            "libavutil": dotted(avutil_version()),
            "libswscale": dotted(swscale_version()),
            "libimagequant": LIQ_VERSION_STRING,
        ]
    }
}
