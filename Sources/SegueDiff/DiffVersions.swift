// SPDX-License-Identifier: Apache-2.0
import CZlib

/// The version of zlib loaded now, for `segue --version --verbose`.
public enum DiffVersions {
    public static func libraries() -> [String: String] {
        ["zlib": String(cString: zlibVersion())]
    }
}
