// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueSwiftImport
import Testing

/// Swift's escaped identifiers: `` `default` `` declares the name `default`, which the code
/// elsewhere writes without backticks (`.default`, `self.duration`).
@Suite struct EscapedIdentifierTests {
    static let animator = """
    import UIKit
    enum Style { case `default`, faded }
    final class Styled: NSObject, UIViewControllerAnimatedTransitioning {
        let style: Style
        let `duration`: TimeInterval = 0.4
        init(style: Style) { self.style = style }
        func transitionDuration(using c: UIViewControllerContextTransitioning?) -> TimeInterval { duration }
        func animateTransition(using c: UIViewControllerContextTransitioning) {
            guard let to = c.view(forKey: .to) else { return }
            c.containerView.addSubview(to)
            to.alpha = style == .default ? 0.25 : 0.75
            UIView.animate(withDuration: self.duration, animations: { to.alpha = 1 }, completion: { _ in c.completeTransition(true) })
        }
    }
    """

    @Test func anEscapedCaseIsNamedPlainly() throws {
        // `default` compares equal to .default: the fade starts at 0.25 and lasts the escaped
        // property's 0.4 s.
        let tl = try loadModule("transition: {swift: Styled.swift, from: a, to: b, init: {style: default}}",
                                ["Styled.swift": Self.animator])
        #expect(close(try #require(node(tl, "b", at: 0)).opacity, 0.25))
        #expect(close(tl.duration, 0.4))
    }

    @Test func importPlaceholdersNameTheCaseWithoutBackticks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-escaped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Styled.swift").path
        try Self.animator.write(toFile: file, atomically: true, encoding: .utf8)
        let found = try #require(try SwiftAnimatorImporter.initializerParameters(in: [file], type: "Styled"))
        #expect(found.enumCases["Style"] == ["default", "faded"])
    }

    @Test func positionsAfterAnEscapedNameAreUnchanged() throws {
        // An unknown name after `default` on the same line is reported at its own column.
        let broken = Self.animator.replacingOccurrences(of: "to.alpha = style == .default ? 0.25 : 0.75",
                                                        with: "let `default` = 1; to.alpha = mystery")
        do {
            _ = try loadModule("transition: {swift: Styled.swift, from: a, to: b, init: {style: default}}",
                               ["Styled.swift": broken])
            Issue.record("no error for mystery")
        } catch {
            let line = try #require(broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("mystery") })
            let text = String(broken.split(separator: "\n", omittingEmptySubsequences: false)[line])
            let column = try #require(text.range(of: "mystery")).lowerBound.utf16Offset(in: text) + 1
            #expect("\(error)".contains("Styled.swift:\(line + 1):\(column)"), "\(error)")
        }
    }
}
