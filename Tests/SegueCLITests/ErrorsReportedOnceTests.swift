// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A mistake is reported once, however many steps run into it.
@Suite struct ErrorsReportedOnceTests {
    @Test func aMissingImageUsedByEveryStepIsReportedOnce() throws {
        let box = try Sandbox()
        defer { box.remove() }
        // Screen b's screenshot is missing; the three steps each show b.
        let scene = try box.write("once.yaml", """
        canvas: {size: [390, 844], scale: 1, fps: 30}
        screens:
          a: {title: "A"}
          b: {contents: missing.png}
        timeline:
          - transition: {preset: flip, direction: present, from: a, to: b}
          - transition: {preset: flip, direction: dismiss}
          - transition: {preset: push, from: a, to: b}
        """)
        let result = try segue("check", scene)
        #expect(result.status == 1)
        let errors = result.stderr.components(separatedBy: "\n").filter { $0.contains(": error: ") }
        let missing = errors.filter { $0.contains("missing.png") }
        #expect(missing.count == 1, "\(result.stderr)")
        #expect(missing.first?.hasPrefix("\(scene):4:17: error: the image 'missing.png' does not exist") == true, "\(result.stderr)")
        // Every error line is different from every other.
        #expect(Set(errors).count == errors.count, "\(result.stderr)")
    }
}
