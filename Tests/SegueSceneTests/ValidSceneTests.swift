// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets
import SegueGeometry

/// Valid scenes parse to the model values worked out by hand here.
struct ValidSceneTests {
    static let full = """
    canvas:
      size: [390, 844]
      scale: 3
      fps: 30
      background: "#102030"
    layers:
      - id: container
        frame: [0, 0, 390, 844]
        sublayerTransform:
          - perspective: 500
        sublayers:
          - id: card
            frame: [20, 100, 200, 100]
            anchorPoint: [0, 1]
            backgroundColor: systemOrange
            cornerRadius: 16
            opacity: 0.8
            transform:
              - translate: [10, 20]
              - scale: 2
              - rotate: 30deg
            text: {string: "Hello", size: 20, weight: semibold, color: white, alignment: center}
          - id: badge
            bounds: [10, 20]
            position: [100, 200]
            zPosition: 2
            hidden: true
            masksToBounds: true
            borderWidth: 1.5
            borderColor: "#FF000080"
            doubleSided: false
            allowsEdgeAntialiasing: false
            text: Just text
    animations:
      - layer: card
        keyPath: transform.rotation.y
        from: 0deg
        to: -90deg
        begin: 0.1
        duration: 0.5
        timing: easeIn
      - {layer: badge, keyPath: opacity, to: 0, duration: 0.2, begin: 0.6}
    """

    @Test func fullSceneParsesToTheExpectedModel() throws {
        let scene = try parse(Self.full)
        #expect(scene.file == sceneFile)
        #expect(scene.canvas == Canvas(size: Size(width: 390, height: 844), scale: 3, fps: 30,
                                       background: RGBAColor(red: 0x10 / 255, green: 0x20 / 255, blue: 0x30 / 255)))
        #expect(scene.layers.count == 1)
        #expect(scene.allLayers.map(\.id) == ["container", "card", "badge"])

        let container = scene.layers[0]
        #expect(container.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(container.position == Point(x: 195, y: 422))
        #expect(container.location == SegueScene.SourceLocation(file: sceneFile, line: 7, column: 5))
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        #expect(close(container.sublayerTransform, perspective))
        #expect(container.transform == .identity)

        // frame [20, 100, 200, 100] with anchorPoint [0, 1]: bounds (0, 0, 200, 100) and
        // position = (20 + 0·200, 100 + 1·100) = (20, 200), as UIKit sets them.
        let card = container.sublayers[0]
        #expect(card.bounds == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(card.anchorPoint == Point(x: 0, y: 1))
        #expect(card.position == Point(x: 20, y: 200))
        #expect(card.frame == Rect(x: 20, y: 100, width: 200, height: 100))
        #expect(card.backgroundColor == RGBAColor(hex: "#FF9500"))
        #expect(card.cornerRadius == 16)
        #expect(card.opacity == 0.8)
        #expect(card.text == TextSpec(string: "Hello", fontSize: 20, weight: .semibold, color: .white, alignment: .center))

        // translate, scale, rotate: like CATransform3DRotate(CATransform3DScale(CATransform3DTranslate(I, 10, 20, 0), 2, 2, 1), π/6, 0, 0, 1).
        let expected = Transform3D.identity.translated(10, 20).scaled(2, 2).rotated(.pi / 6, 0, 0, 1)
        #expect(close(card.transform, expected))
        // The last operation acts first: (1, 0) rotates to (cos 30°, sin 30°), doubles, then moves by (10, 20).
        let p = try #require(card.transform.project(Point(x: 1, y: 0)))
        #expect(close(p.x, 10 + 2 * cos(Double.pi / 6)) && close(p.y, 20 + 2 * sin(Double.pi / 6)))

        let badge = container.sublayers[1]
        #expect(badge.bounds == Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(badge.position == Point(x: 100, y: 200))
        #expect(badge.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(badge.zPosition == 2)
        #expect(badge.hidden && badge.masksToBounds && !badge.doubleSided && !badge.allowsEdgeAntialiasing)
        #expect(badge.borderWidth == 1.5)
        #expect(badge.borderColor == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(badge.text == TextSpec(string: "Just text"))

        #expect(scene.animations.count == 2)
        let turn = scene.animations[0]
        #expect(turn.layerID == "card" && turn.keyPath == .rotationY)
        #expect(turn.from == .number(0))
        guard case let .number(to)? = turn.to else { Issue.record("to: \(String(describing: turn.to))"); return }
        #expect(close(to, -.pi / 2))
        #expect(turn.begin == 0.1 && turn.duration == 0.5 && turn.timing == .easeIn)
        #expect(turn.location == SegueScene.SourceLocation(file: sceneFile, line: 35, column: 5))
        let fade = scene.animations[1]
        #expect(fade.layerID == "badge" && fade.keyPath == .opacity && fade.from == nil && fade.to == .number(0))
        #expect(fade.timing == .default && fade.begin == 0.6)
        // No 'duration:' — the scene ends with its last animation (0.6 + 0.2).
        #expect(close(scene.duration, 0.8))
    }

    @Test func defaultsAreFilledIn() throws {
        let scene = try parse("""
        canvas:
          size: [100, 50]
        layers:
          - id: plain
        """)
        #expect(scene.canvas.scale == 2 && scene.canvas.fps == 60 && scene.canvas.background == .white)
        #expect(scene.duration == 0 && scene.animations.isEmpty)
        let layer = scene.layers[0]
        #expect(layer.bounds == .zero && layer.position == .zero && layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(layer.zPosition == 0 && layer.transform == .identity && layer.sublayerTransform == .identity)
        #expect(layer.opacity == 1 && !layer.hidden && layer.backgroundColor == .clear)
        #expect(layer.cornerRadius == 0 && !layer.masksToBounds && layer.borderWidth == 0 && layer.borderColor == .black)
        #expect(layer.doubleSided && layer.contents == nil && layer.text == nil && layer.sublayers.isEmpty)
        // Segue anti-aliases 3D edges unless told not to (Core Animation's default is NO).
        #expect(layer.allowsEdgeAntialiasing)
    }

    @Test func textDefaultsComeFromTextSpec() throws {
        let scene = try parse("canvas: {size: [10, 10]}\nlayers: [{id: t, text: {string: \"Hi\"}}]")
        #expect(scene.layers[0].text == TextSpec(string: "Hi"))
        #expect(scene.layers[0].text?.fontFamily == TextSpec.defaultFontFamily)
        let styled = try parse("canvas: {size: [10, 10]}\nlayers: [{id: t, text: {string: x, font: \"DejaVu Sans\", weight: .bold, alignment: justified}}]")
        #expect(styled.layers[0].text == TextSpec(string: "x", fontFamily: "DejaVu Sans", weight: .bold, alignment: .justified))
    }

    @Test func jsonIsAccepted() throws {
        let json = """
        {
          "canvas": {"size": [390, 844], "scale": 1, "fps": 24, "background": "#000"},
          "duration": 2,
          "layers": [
            {"id": "card", "frame": [10, 20, 100, 50], "anchorPoint": [1, 0],
             "transform": [{"perspective": 500}, {"rotate": {"angle": "-90deg", "axis": [0, 1, 0]}}],
             "sublayers": [{"id": "label", "text": {"string": "Hi", "size": 12}}]}
          ],
          "animations": [
            {"layer": "label", "keyPath": "position", "from": [0, 0], "to": [10, 10], "duration": 1, "timing": [0.3, 0, 0.7, 1]}
          ]
        }
        """
        let scene = try parse(json)
        #expect(scene.canvas == Canvas(size: Size(width: 390, height: 844), scale: 1, fps: 24, background: .black))
        #expect(scene.duration == 2)
        let card = scene.layers[0]
        #expect(card.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(card.position == Point(x: 110, y: 20))
        #expect(close(card.transform, Transform3D.perspective(500).rotated(-.pi / 2, 0, 1, 0)))
        #expect(card.sublayers[0].text == TextSpec(string: "Hi", fontSize: 12))
        let a = scene.animations[0]
        #expect(a.from == .point(.zero) && a.to == .point(Point(x: 10, y: 10)))
        #expect(a.timing == .cubicBezier(x1: 0.3, y1: 0, x2: 0.7, y2: 1))
        #expect(a.location == SegueScene.SourceLocation(file: sceneFile, line: 10, column: 5))
    }

    @Test func jsonErrorsAreLocatedToo() {
        let json = """
        {
          "canvas": {"size": [390, 844]},
          "layers": [{"id": "a", "opacity": "half"}]
        }
        """
        // Line 3: `  "layers": [{"id": "a", "opacity": "half"}]` — the quote before half is column 37.
        expectError(json, .invalidValue, line: 3, column: 37, message: ["'opacity'", "\"half\""])
    }

    @Test func perspectiveThenRotationMatchesTheCoreAnimationIdiom() throws {
        // transform = CATransform3DRotate(perspective, -π/2, 0, 1, 0) with perspective.m34 = -1/500.
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers:
          - id: a
            transform: [{perspective: 500}, {rotate: {angle: -90deg, axis: [0, 1, 0]}}]
        """)
        var handBuilt = Transform3D.identity
        handBuilt.m34 = -1.0 / 500
        let c = cos(-Double.pi / 2), s = sin(-Double.pi / 2)
        // Rotation about y for row vectors: m11 = c, m13 = -s, m31 = s, m33 = c; then perspective (R · P).
        let rotation = Transform3D(m11: c, m12: 0, m13: -s, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                   m31: s, m32: 0, m33: c, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        handBuilt = Transform3D.concat(rotation, handBuilt)
        #expect(close(scene.layers[0].transform, handBuilt))
        #expect(close(scene.layers[0].transform, Transform3D.perspective(500).rotated(-.pi / 2, 0, 1, 0)))
    }

    @Test func transformOperationsOfEveryKind() throws {
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers:
          - id: a
            transform:
              - translate: [1, 2, 3]
              - scale: [2, 3]
              - scale: [1, 1, 4]
              - rotateX: 10deg
              - rotateY: 0.25
              - rotateZ: 1rad
              - rotate: {angle: 45°}
          - id: b
            transform: {rotate: 90deg}
          - id: c
            transform:
              - matrix: [1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, -0.002,  5, 6, 7, 1]
          - id: d
            transform: []
          - id: e
            transform: identity
        """)
        let a = Transform3D.identity.translated(1, 2, 3).scaled(2, 3).scaled(1, 1, 4)
            .rotated(10 * .pi / 180, 1, 0, 0).rotated(0.25, 0, 1, 0).rotated(1, 0, 0, 1).rotated(.pi / 4, 0, 0, 1)
        #expect(close(scene.layers[0].transform, a))
        #expect(close(scene.layers[1].transform, .rotation(.pi / 2, 0, 0, 1)))
        #expect(scene.layers[2].transform == Transform3D(rowMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 5, 6, 7, 1]))
        #expect(scene.layers[3].transform == .identity)
        #expect(scene.layers[4].transform == .identity)
    }

    @Test func anglesInDegreesRadiansAndBareNumbers() throws {
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers: [{id: a}]
        animations:
          - {layer: a, keyPath: transform.rotation.z, from: 90deg, to: "-45 deg", duration: 1}
          - {layer: a, keyPath: transform.rotation.x, from: 1.5708rad, to: "0.5rad", duration: 1}
          - {layer: a, keyPath: transform.rotation.y, from: 1.5, to: -3, duration: 1}
          - {layer: a, keyPath: transform.rotation.z, from: 180°, duration: 1}
        """)
        func radians(_ v: AnimationValue?) -> Double {
            if case let .number(n)? = v { return n }
            return .nan
        }
        let a = scene.animations
        #expect(close(radians(a[0].from), .pi / 2) && close(radians(a[0].to), -.pi / 4))
        #expect(close(radians(a[1].from), 1.5708) && close(radians(a[1].to), 0.5))
        #expect(radians(a[2].from) == 1.5 && radians(a[2].to) == -3)
        #expect(close(radians(a[3].from), .pi) && a[3].to == nil)
    }

    @Test func animationValuesOfEveryKind() throws {
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers: [{id: a}]
        animations:
          - {layer: a, keyPath: position, from: [1, 2], to: [3, 4], duration: 1}
          - {layer: a, keyPath: position.x, to: 5, duration: 1}
          - {layer: a, keyPath: bounds.size, to: [30, 40], duration: 1}
          - {layer: a, keyPath: frame, from: [0, 0, 1, 2], duration: 1}
          - {layer: a, keyPath: backgroundColor, to: systemBlue, duration: 1}
          - {layer: a, keyPath: cornerRadius, to: 8, duration: 1}
          - {layer: a, keyPath: transform.scale, to: 1.5, duration: 1}
          - {layer: a, keyPath: transform.translation.z, to: -20, duration: 1}
          - {layer: a, keyPath: hidden, to: true, duration: 1}
          - {layer: a, keyPath: opacity, to: 1, duration: 250ms, begin: 2s, timing: linear}
          - {layer: a, keyPath: opacity, to: 1, duration: 1, timing: curveEaseInOut}
        """)
        let a = scene.animations
        #expect(a[0].from == .point(Point(x: 1, y: 2)) && a[0].to == .point(Point(x: 3, y: 4)))
        #expect(a[1].keyPath == .positionX && a[1].to == .number(5))
        #expect(a[2].to == .size(Size(width: 30, height: 40)))
        #expect(a[3].from == .rect(Rect(x: 0, y: 0, width: 1, height: 2)) && a[3].to == nil)
        #expect(a[4].to == .color(RGBAColor(hex: "#007AFF")!))
        #expect(a[5].to == .number(8))
        #expect(a[6].keyPath == .scale && a[6].to == .number(1.5))
        #expect(a[7].to == .number(-20))
        #expect(a[8].to == .bool(true))
        #expect(a[9].duration == 0.25 && a[9].begin == 2 && a[9].timing == .linear)
        #expect(a[10].timing == .easeInEaseOut)
        #expect(close(scene.duration, 2.25))
    }

    @Test func explicitDurationAndStills() throws {
        let withAnimations = try parse("canvas: {size: [10, 10]}\nduration: 3\nlayers: [{id: a}]\nanimations: [{layer: a, keyPath: opacity, to: 0, duration: 1}]")
        #expect(withAnimations.duration == 3)
        // A still: duration 0 is allowed when nothing animates.
        let still = try parse("canvas: {size: [10, 10]}\nduration: 0\nlayers: [{id: a}]")
        #expect(still.duration == 0)
        // Animations may come before the layers they name.
        let reordered = try parse("animations: [{layer: a, keyPath: opacity, to: 0, duration: 1}]\ncanvas: {size: [10, 10]}\nlayers: [{id: a}]")
        #expect(reordered.animations[0].layerID == "a" && reordered.duration == 1)
    }

    @Test func durationIsExplicitOnlyWhenWritten() throws {
        let head = "canvas: {size: [10, 10]}\nlayers: [{id: a}]\n"
        let explicit = try parse(head + "duration: 0.25\nanimations: [{layer: a, keyPath: opacity, to: 0, duration: 1}]\n")
        #expect(explicit.duration == 0.25 && explicit.durationIsExplicit)
        #expect(try parse(head + "duration: 0\n").durationIsExplicit)
        let implicit = try parse(head + "animations: [{layer: a, keyPath: opacity, to: 0, duration: 1}]\n")
        #expect(implicit.duration == 1 && !implicit.durationIsExplicit)
        #expect(try parse(head).duration == 0)
    }

    @Test func defaultDurationCoversRepeatsAndGroups() throws {
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers: [{id: a}]
        animations:
          # 0.5 + 2 × 2 × 1 / 4 = 1.5
          - {layer: a, keyPath: opacity, to: 0, begin: 0.5, duration: 1, repeatCount: 2, autoreverses: true, speed: 4}
          # endless: one cycle counts, 1 + 0.75 × 2 = 2.5
          - {layer: a, keyPath: opacity, to: 0, begin: 1, duration: 0.75, repeatCount: inf, autoreverses: true}
          # a group ending at 0.4 + 1.5 = 1.9
          - group: {delay: 0.4, duration: 1.5, keyframes: [{start: 0, duration: 1, set: {a.opacity: 0}}]}
        """)
        #expect(scene.animations[0].end == 1.5)
        #expect(scene.animations[1].end == .infinity && scene.animations[1].naturalEnd == 2.5)
        #expect(scene.groups[0].end == 1.9)
        #expect(scene.duration == 2.5)
        let groupLast = try parse("canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations:\n  - {layer: a, keyPath: opacity, to: 0, duration: 1}\n  - group: {begin: 1, duration: 2, keyframes: [{start: 0, duration: 1, set: {a.opacity: 1}}]}\n")
        #expect(groupLast.duration == 3)
    }

    @Test func namedColorsAndHexForms() throws {
        let scene = try parse("""
        canvas: {size: [10, 10], background: clear}
        layers:
          - {id: a, backgroundColor: "#ABC", borderColor: "#aabbccdd"}
          - {id: b, backgroundColor: systemGray6, borderColor: .red}
        """)
        #expect(scene.canvas.background == .clear)
        #expect(scene.layers[0].backgroundColor == RGBAColor(hex: "#AABBCC"))
        #expect(scene.layers[0].borderColor == RGBAColor(hex: "#AABBCCDD"))
        #expect(scene.layers[1].backgroundColor == RGBAColor(hex: "#F2F2F7"))
        #expect(scene.layers[1].borderColor == RGBAColor(red: 1, green: 0, blue: 0))
        for (name, hex) in NamedColors.table { #expect(RGBAColor(hex: hex) != nil, "\(name)") }
    }

    @Test func yamlAnchorsAndAliasesWork() throws {
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers:
          - id: a
            text: &style {string: Title, size: 28, weight: bold}
          - id: b
            text: *style
        """)
        #expect(scene.layers[1].text == TextSpec(string: "Title", fontSize: 28, weight: .bold))
    }

    @Test func contentsResolveAgainstTheSceneDirectory() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let image = try dir.write("images/card.png", [0x89, 0x50, 0x4E, 0x47])
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers:
          - id: a
            contents: images/../images/card.png
            contentsGravity: resizeAspectFill
          - id: b
            contents: \(image)
        """, base: dir.path)
        let resolved = URL(fileURLWithPath: image).standardizedFileURL.path
        #expect(scene.layers[0].contents == ImageContents(path: resolved, gravity: .resizeAspectFill,
                                                          location: SegueScene.SourceLocation(file: sceneFile, line: 4, column: 15)))
        #expect(scene.layers[1].contents?.path == resolved && scene.layers[1].contents?.gravity == .resize)
    }

    @Test func loadReadsAFileAndKeepsThePathVerbatim() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write("art/pic.png", [1, 2, 3])
        let path = try dir.write("scene.yaml", "canvas: {size: [10, 10]}\nlayers: [{id: a, contents: art/pic.png}]\n")
        let scene = try SceneLoader.load(path: path)
        #expect(scene.file == path)
        #expect(scene.layers[0].contents?.path == URL(fileURLWithPath: dir.path).appendingPathComponent("art/pic.png").standardizedFileURL.path)
        #expect(scene.layers[0].contents?.location.file == path)
    }

    @Test func byteOrderMarksAndCRLFAreAccepted() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let crlf = try dir.write("crlf.yaml", [0xEF, 0xBB, 0xBF] + Array("canvas:\r\n  size: [10, 20]\r\n  fps: 25\r\n".utf8))
        #expect(try SceneLoader.load(path: crlf).canvas == Canvas(size: Size(width: 10, height: 20), fps: 25))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "canvas: {size: [10, 20]}\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let wide = try dir.write("wide.yaml", utf16)
        #expect(try SceneLoader.load(path: wide).canvas.size == Size(width: 10, height: 20))
        // Errors after a CRLF line are still located by line.
        let bad = try dir.write("bad.yaml", "canvas:\r\n  size: [10, 20]\r\n  fps: fast\r\n")
        do {
            _ = try SceneLoader.load(path: bad)
            Issue.record("parsed")
        } catch {
            #expect(error.location == SegueScene.SourceLocation(file: bad, line: 3, column: 8))
        }
    }

    @Test func nestingAndTextThatLooksLikeNestingAreFine() throws {
        // Brackets, quotes and colons inside text are not structure.
        let scene = try parse("""
        canvas: {size: [10, 10]}
        layers:
          - id: a
            text: "\(String(repeating: "[", count: 3000))"
          - id: b
            text: it's [not a list
          - id: c
            text: |
              {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{
              '[[[[[[[[[
          - id: d
            text: '\(String(repeating: "{", count: 3000))'
        """)
        #expect(scene.layers.map(\.id) == ["a", "b", "c", "d"])
        #expect(scene.layers[1].text?.string == "it's [not a list")
        // Layers nested 60 deep (120 YAML levels) are fine.
        var yaml = "canvas: {size: [10, 10]}\nlayers:\n"
        for depth in 0 ..< 60 {
            let pad = String(repeating: "  ", count: 2 * depth)
            yaml += "\(pad)  - id: l\(depth)\n\(pad)    sublayers:\n"
        }
        let deep = try parse(yaml)
        #expect(deep.allLayers.count == 60)
    }
}
