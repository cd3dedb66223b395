// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import SegueRender
import SegueScene
import SegueEncode

/// Prints errors in one house style — `file:line:column: error: what` with a `hint:` line —
/// and turns them into exit status 1. Usage errors go through ArgumentParser (exit status 2).
enum Diagnostics {
    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    static func printError(_ error: Error) {
        TemporaryFiles.waitIfStopping()
        if Console.isClosedPipe(error) { Console.exitForClosedPipe() }
        let text: String
        switch error {
        case let e as SceneError: text = e.description
        case let e as CustomStringConvertible: text = e.description.hasPrefix("error") || e.description.contains(": error: ") ? e.description : "error: " + e.description
        default: text = "error: \(error)"
        }
        Console.err(text + "\n")
    }

    /// A scene warning (`file:line:column: warning: …`): printed even with --quiet, because the
    /// scene probably does not say what its author meant.
    static func printWarning(_ warning: SceneWarning) {
        Console.err(warning.description + "\n")
    }

    static func note(_ text: String, quiet: Bool) {
        guard !quiet else { return }
        Console.err(text + "\n")
    }

    /// Runs `body`; a domain error is printed and becomes exit status 1.
    static func failing<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as ExitCode { throw e } catch {
            if Console.isClosedPipe(error) { Console.exitForClosedPipe() }
            printError(error)
            throw ExitCode.failure
        }
    }
}

/// A problem found by the command line itself (not a scene or encoder error).
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var hint: String?
    init(_ message: String, hint: String? = nil) { self.message = message; self.hint = hint }
    var description: String { "error: " + message + (hint.map { "\n  hint: " + $0 } ?? "") }
}
