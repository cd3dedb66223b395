// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The entry point shared by Segue's fuzz targets. Built normally (`swift build`), a fuzz target
/// replays the inputs named on its command line — the committed corpus, or a crash file — so
/// every finding can be reproduced and kept as a regression case without libFuzzer. Built by
/// `scripts/fuzz` (`-sanitize=fuzzer,address -D FUZZING`), it hands control to libFuzzer.
public enum FuzzDriver {
    public static func main(_ testOneInput: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        #if FUZZING
        current = testOneInput
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, { data, size in
            FuzzDriver.current?(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }))
        #else
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            for file in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                    exit(2)
                }
                data.withUnsafeBytes { testOneInput($0) }
                count += 1
            }
        }
        print("replayed \(count) inputs without a crash")
        exit(0)
        #endif
    }

    nonisolated(unsafe) static var current: ((UnsafeRawBufferPointer) -> Void)?

    /// A file, or every file in a folder except hidden ones such as `.gitkeep` (sorted, so a
    /// replay is repeatable).
    static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}

#if FUZZING
/// libFuzzer's documented entry for programs that keep their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
