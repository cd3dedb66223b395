// SPDX-License-Identifier: Apache-2.0
import CWebP

/// The version of libwebp's demuxer loaded now, for `segue --version --verbose`.
public enum DecoderVersions {
    public static func libraries() -> [String: String] {
        let v = WebPGetDemuxVersion()   // 0xMMmmpp
        return ["libwebp": "\(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF)"]
    }
}
