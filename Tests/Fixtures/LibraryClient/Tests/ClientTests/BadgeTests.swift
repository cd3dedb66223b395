// SPDX-License-Identifier: Apache-2.0
import SegueTesting
import Testing
import XCTest

// The same golden check through both test libraries. Goldens are recorded by the first run
// (SEGUE_RECORD=missing) and compared afterwards; scripts/test-library-client runs both.
@Test func badgeMatchesItsGoldens() {
    expectTransition(scene: "Scenes/badge.yaml", matchesGolden: "Goldens")
}

final class BadgeXCTests: XCTestCase {
    func testBadgeMatchesItsGoldens() {
        assertTransition(scene: "Scenes/badge.yaml", matchesGolden: "Goldens")
    }
}
