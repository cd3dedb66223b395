// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import Foundation
import Testing
import SegueScene
@testable import SegueRaster

/// CALayer.mask, against values worked out by hand.
struct MaskTests {
    @Test func maskAlphaMultipliesTheLayerAndItsSublayers() throws {
        // A black layer with a white sublayer, masked by a layer whose background is 50 % opaque
        // over the left half only: left half half-blended with the white canvas, right half gone.
        let image = try ShadowTests.render("""
        canvas: {size: [200, 100], scale: 1, background: "#FFFFFF"}
        layers:
          - id: card
            frame: [0, 0, 200, 100]
            backgroundColor: "#000000"
            mask: {id: m, frame: [0, 0, 100, 100], backgroundColor: "#00000080"}
            sublayers: [{id: spot, frame: [20, 20, 20, 20], backgroundColor: "#FF0000"}]
        """)
        #expect(abs(ShadowTests.grey(image, 70, 50) - 127) <= 1)     // 255 × (1 − 128/255)
        #expect(ShadowTests.grey(image, 150, 50) == 255)
        let spot = image.pixel(x: 30, y: 30)                             // red at 50 % over white
        #expect(abs(Int(spot.r) - 255) <= 1 && abs(Int(spot.g) - 127) <= 1)
    }

    @Test func maskIsInTheMaskedLayersCoordinatesAndItsPathAnimates() throws {
        // The masked layer is moved by its transform (translate 50, 0); its mask, an oval of
        // radius 10 at (30, 50) growing linearly to radius 40, moves with it: at half time the
        // radius is 25 about (80, 50) on screen.
        let yaml = """
        canvas: {size: [200, 100], scale: 1, background: "#FFFFFF"}
        layers:
          - id: card
            frame: [0, 0, 200, 100]
            transform: [{translate: [50, 0]}]
            backgroundColor: "#000000"
            mask: {id: m, frame: [0, 0, 200, 100], path: {ovalIn: [20, 40, 20, 20]}}
        animations:
          - {layer: m, keyPath: path, to: {ovalIn: [-10, 10, 80, 80]}, duration: 1, timing: linear}
        """
        let image = try ShadowTests.render(yaml, at: 0.5)
        #expect(ShadowTests.grey(image, 80, 50) == 0)
        #expect(ShadowTests.grey(image, 80 + 22, 50) == 0)       // inside radius 25
        #expect(ShadowTests.grey(image, 80 + 28, 50) == 255)     // outside it
        #expect(ShadowTests.grey(image, 30, 50) == 255)          // the untransformed place
    }
}
