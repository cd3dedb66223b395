// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwiftSyntax

/// The limits that stop code that never ends: a call depth for recursion, a step count for
/// loops (Evaluator.tick), and the native stack itself, so an import fails with an error at the
/// Swift line instead of crashing.
extension Evaluator {
    /// How deep the file's own calls may nest (methods, closures, computed properties,
    /// observers, initializers, operators) on the importer's own thread, whose stack is large.
    /// An animator's real recursion is a few levels deep.
    static let maximumCallDepth = 100
    /// The native stack one call level may take: a debug build measured 60 to 100 KiB for a
    /// plain recursion and 190 KiB for a call nested four blocks deep (docs/swift-import.md).
    static let stackPerCallLevel: UInt = 256 * 1024

    /// Runs `work` as one more level of the file's calls: counted against the call-depth limit,
    /// the step limit and the native stack. `node` is the call, where the error points.
    func enterCall<T>(_ node: some SyntaxProtocol, _ what: @autoclosure () -> String,
                      _ work: () throws(SwiftImportError) -> T) throws(SwiftImportError) -> T {
        try checkStack(node)
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > callDepthLimit {
            var error = fail(.unsupported, node, "\(what()) goes over the call-depth limit: calls nest more than \(callDepthLimit) deep, a recursion that never ends?",
                             hint: "the importer runs the code once, as UIKit would; a recursion must reach its base case within \(callDepthLimit) calls")
            // The code itself is at fault: no bind: entry stands in for it.
            error.bind = nil
            throw error
        }
        try tick(node)
        return try work()
    }

    /// Fails before the native stack runs out: nesting that no call counts (a deep expression,
    /// blocks inside blocks) also uses it.
    func checkStack(_ node: some SyntaxProtocol) throws(SwiftImportError) {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if stackFloor == 0 {
            stackFloor = Self.stackFloor(below: here)
            // On a smaller stack (a caller's thread of 8 MiB), fewer levels fit: the call-depth
            // limit comes first, so its error names the recursion.
            let usable = here > stackFloor ? here - stackFloor : 0
            callDepthLimit = max(8, min(Self.maximumCallDepth, Int(usable / Self.stackPerCallLevel)))
        }
        if here < stackFloor {
            var error = fail(.unsupported, node, "the code nests too deep for the importer's stack (the native stack limit, \(callDepth) calls deep): a recursion that never ends?",
                             hint: "the importer runs the code once, as UIKit would; split the expression or the nesting")
            error.bind = nil
            throw error
        }
    }

    /// The lowest address the evaluator's stack may reach: the thread's stack, less a reserve
    /// for the work between two checks (UIKit's model, an error's message).
    static func stackFloor(below here: UInt) -> UInt {
        var low: UInt = 0, size: UInt = 0
        #if os(Linux)
        // glibc's pthread_getattr_np (a GNU extension the Glibc module does not export) gives
        // the calling thread's stack, the main thread's included.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        var attributes = pthread_attr_t()
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np"),
           unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0 {
            var address: UnsafeMutableRawPointer?
            var bytes = 0
            if pthread_attr_getstack(&attributes, &address, &bytes) == 0, let address {
                low = UInt(bitPattern: address); size = UInt(bytes)
            }
            pthread_attr_destroy(&attributes)
        }
        #endif
        // Unknown bounds: assume what is left is the smallest stack a thread is given (512 KiB).
        if size == 0 || here < low || here > low + size { return here > 384 * 1024 ? here - 384 * 1024 : 1 }
        let reserve = max(size / 8, 256 * 1024)
        return low + min(reserve, size / 2)
    }
}
