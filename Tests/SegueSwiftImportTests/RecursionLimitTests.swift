// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueScene
@testable import SegueSwiftImport
import Testing

/// Code that recurses without end (Animators/Recursion.swift) stops at the call that went over
/// the call-depth limit, with an error at its line and column, on every path that runs code:
/// never a crash of the native stack.
@Suite struct RecursionLimitTests {
    func importing(_ type: String) throws -> Result<Double, SceneError> {
        do {
            let tl = try scene(twoScreens + "transition: {swift: Recursion.swift, type: \(type), from: list, to: detail}", animators: ["Recursion.swift"])
            return .success(try #require(node(tl, "detail", at: 0)).opacity)
        } catch let e as SceneError { return .failure(e) }
    }

    /// (type, line:column of the call that goes over, in Recursion.swift)
    /// (type, line:column of the call that goes over, in Recursion.swift). prepare(_:), called
    /// from animateTransition, is the first level, so the 101st is the call written at the
    /// odd-numbered level of each cycle.
    static let endless: [(String, Int, Int)] = [
        ("SelfCalling", 20, 35),   // depth(n + 1) inside depth
        ("PingPong", 25, 34),      // pong(n + 1) inside ping: levels 3, 5, … 101 are the calls of pong
        ("SelfReading", 31, 26),   // level + 1 inside level
        ("ObserverLoop", 36, 39),  // bump() in the didSet: levels 3, 5, … 101 (the sets inside bump are 2, 4, …)
        ("ClosureLoop", 44, 19),   // again?() inside again
        ("SetterLoop", 52, 15),    // level = newValue + 1 inside the setter
    ]

    @Test(arguments: endless) func anEndlessRecursionIsALocatedError(_ type: String, _ line: Int, _ column: Int) throws {
        guard case let .failure(e) = try importing(type) else { Issue.record("\(type) imported"); return }
        #expect(e.message.contains("call-depth limit") && e.message.contains("\(Evaluator.maximumCallDepth) deep"), "\(e)")
        #expect(e.location?.file.hasSuffix("Recursion.swift") == true, "\(e)")
        #expect(e.location?.line == line && e.location?.column == column, "\(type): \(e)")
    }

    @Test func aPropertySetInItsOwnObserverIsSetDirectly() throws {
        // level = 0.25, then its didSet adds 0.25 once: b starts at alpha 0.5.
        let alpha = try importing("ObserverSetsItself").get()
        #expect(abs(alpha - 0.5) < 1e-9, "\(alpha)")
    }

    @Test func aRecursionThatEndsRuns() throws {
        // sum(40) = 40 × 0.01 = 0.4, forty levels deep.
        let alpha = try importing("BoundedRecursion").get()
        #expect(abs(alpha - 0.4) < 1e-9, "\(alpha)")
    }

    /// The limit fits the native stack: on a thread with a stack of 8 MiB (a main thread's), a
    /// recursion whose every level is nested four blocks deep ends with the call-depth error,
    /// not the native-stack one nor a crash.
    @Test func theCallDepthLimitComesBeforeTheNativeStack() throws {
        let source = """
        import UIKit
        final class Deep: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func level(_ n: Int) -> CGFloat {
                if n >= 0 {
                    for _ in 0 ..< 1 {
                        if true { return [1, 2].map { _ in CGFloat(0) }.count > 0 ? ((level(n + 1))) : 0 }
                    }
                }
                return 0
            }
            func animateTransition(using c: UIViewControllerContextTransitioning) {
                let to = c.view(forKey: .to)!
                c.containerView.addSubview(to)
                to.alpha = level(0)
                c.completeTransition(true)
            }
        }
        """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Deep.swift").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        let request = SwiftImportRequest(path: path, displayPath: "Deep.swift", typeName: nil, from: "a", to: "b", canvas: .init(width: 390, height: 844))
        func outcome(stackBytes: Int) -> String {
            onThread(stackBytes: stackBytes) { () -> String in
                do { _ = try SwiftAnimatorImporter.importTransition(request); return "imported" } catch { return "\(error)" }
            }
        }
        let eight = outcome(stackBytes: 8 << 20)
        #expect(eight.contains("call-depth limit") && eight.hasPrefix("Deep.swift:7:"), "\(eight)")
        // On a stack of 1 MiB even the smallest limit (8 calls) does not fit such levels: the
        // native stack limit stops it, with an error at the Swift line, not a crash.
        let one = outcome(stackBytes: 1 << 20)
        #expect(one.contains("native stack limit") && one.hasPrefix("Deep.swift:"), "\(one)")
    }
}

/// Holds a thread's work and its result.
private final class ThreadBox<T>: @unchecked Sendable {
    let body: () -> T
    var result: T?
    init(_ b: @escaping () -> T) { body = b }
}

/// Runs `body` on a new thread with a stack of `stackBytes`, and waits for it.
func onThread<T>(stackBytes: Int, _ body: @escaping () -> T) -> T {
    let box = ThreadBox(body)
    let done = DispatchSemaphore(value: 0)
    let runner = Thread {
        box.result = box.body()
        done.signal()
    }
    runner.stackSize = stackBytes
    runner.start()
    done.wait()
    guard let result = box.result else { preconditionFailure("the thread ran no body") }
    return result
}
