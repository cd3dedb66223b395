// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import SegueScene
@testable import SeguePresets

// Every expected line:column below was counted by hand from the YAML in the test; the
// comments show the count. Columns are 1-based and count Unicode scalars.

struct SyntaxErrorTests {
    @Test func unclosedFlowList() {
        // `canvas: {size: [390, 844}`: '[' is column 16, the stray '}' column 25.
        expectError("canvas: {size: [390, 844}\n", .syntax, line: 1, column: 25,
                    message: ["expected ',' or ']'", "line 1, column 16"], suggestion: ["]"])
    }

    @Test func tabIndentation() {
        expectError("canvas:\n\tsize: [1, 2]\n", .syntax, line: 2, column: 1, message: ["tab"], suggestion: ["spaces"])
    }

    @Test func unterminatedQuotedStringIsReportedWhereItStarts() {
        // `  background: "#FFF`: two spaces + "background: " (12) puts the quote at column 15.
        expectError("canvas:\n  size: [390, 844]\n  background: \"#FFF\n", .syntax, line: 3, column: 15,
                    message: ["never closed"], suggestion: ["closing quote"])
    }

    @Test func colonInsideAPlainValue() {
        // `  fps: 60 scale: 2`: "scale" is columns 11–15, its ':' column 16.
        expectError("canvas:\n  size: [390, 844]\n  fps: 60 scale: 2\n", .syntax, line: 3, column: 16,
                    message: ["':'"], suggestion: ["indent", "quotes"])
    }

    @Test func badIndentation() {
        // ` fps: 3` is indented one space: neither a key of the root map nor of the canvas map.
        expectError("canvas:\n  size: [1, 1]\n fps: 3\n", .syntax, line: 3, column: 2,
                    message: ["key: value", "line 1, column 1"], suggestion: ["indentation"])
    }

    @Test func duplicateKeysReportBothPlaces() throws {
        let yaml = "canvas:\n  size: [390, 844]\n  fps: 30\n  fps: 60\n"
        expectError(yaml, .syntax, line: 4, column: 3, message: ["duplicate key 'fps'", "scene.yaml:3:3"], suggestion: ["only one"])
        #expect(failure(yaml)?.relatedLocation == SegueScene.SourceLocation(file: sceneFile, line: 3, column: 3))
        // In a flow map and in a layer too. `layers: [{id: a, opacity: 1, opacity: 0}]`:
        // the first opacity is column 18, the second column 30.
        expectError("canvas: {size: [1, 1]}\nlayers: [{id: a, opacity: 1, opacity: 0}]\n", .syntax, line: 2, column: 30,
                    message: ["duplicate key 'opacity'", "layer 'a'", "scene.yaml:2:18"])
    }

    @Test func secondDocument() {
        expectError("canvas: {size: [1, 1]}\n---\ncanvas: {size: [1, 1]}\n", .syntax, line: 2, column: 1,
                    message: ["second YAML document"], suggestion: ["---"])
    }

    @Test func controlCharacter() {
        // Line 3 is `  - id: a␁b`: "  - id: a" is 9 scalars, so U+0001 is column 10.
        expectError("canvas: {size: [1, 1]}\nlayers:\n  - id: a\u{1}b\n", .syntax, line: 3, column: 10,
                    message: ["control character", "U+0001"])
    }

    @Test func undefinedAlias() {
        expectError("canvas: *size\n", .syntax, line: 1, column: 9, message: ["alias", "anchor"])
    }

    @Test func unknownEscape() {
        // `canvas: {size: [1, 1], background: "\q"}`: the opening quote is column 36, '\' column 37.
        expectError("canvas: {size: [1, 1], background: \"\\q\"}\n", .syntax, line: 1, column: 37, message: ["escape"])
    }

    @Test func invalidUTF8IsLocated() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        // Line 2 is `layers: [{id: ` (14 bytes) then 0xFF: column 15.
        let path = try dir.write("bad.yaml", Array("canvas: {size: [1, 1]}\nlayers: [{id: ".utf8) + [0xFF] + Array("}]\n".utf8))
        do {
            _ = try SceneLoader.load(path: path)
            Issue.record("parsed")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.location == SegueScene.SourceLocation(file: path, line: 2, column: 15))
            #expect(error.message.contains("UTF-8") && error.message.contains("0xFF"))
        }
    }

    @Test func absurdNestingIsRefusedBeforeParsing() {
        // The estimate counts 2 for the root indentation level plus one per open bracket, so
        // the 999th '[' (column 999) is the first past 1000.
        let brackets = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        expectError(brackets, .syntax, line: 1, column: 999, message: ["1000 levels"], suggestion: ["'['"])
        // Unbalanced, in a map value: `canvas: ` is 8 columns, then `{a: ` repeats, so the
        // 999th '{' is column 9 + 4 × 998 = 4001.
        expectError("canvas: " + String(repeating: "{a: ", count: 100_000), .syntax, line: 1, column: 4001,
                    message: ["levels"])
        // Compact block lists `- - - …`: each '- ' can open a list and a map (2 levels), so the
        // 500th '- ' (2 + 2 × 500 = 1002 > 1000) is the first too many, at column 2 × 499 + 1.
        expectError(String(repeating: "- ", count: 100_000) + "x", .syntax, line: 1, column: 999, message: ["levels"])
        // Block maps nested by indentation.
        var indented = ""
        for depth in 0 ..< 2_000 { indented += String(repeating: " ", count: depth) + "k:\n" }
        #expect(failure(indented)?.kind == .syntax)
    }
}

struct UnknownKeyTests {
    @Test func typoSuggestsTheKey() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers:
          - id: card
            anchorPiont: [0, 0]
        """
        expectError(yaml, .unknownKey, line: 4, column: 5, message: ["'anchorPiont'", "layer 'card'"],
                    suggestion: ["did you mean 'anchorPoint'?"])
    }

    @Test func caseInsensitiveMatch() {
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    Opacity: 1\n", .unknownKey, line: 4, column: 5,
                    message: ["'Opacity'"], suggestion: ["'opacity'"])
    }

    @Test func noCloseMatchListsTheValidKeys() {
        // `canvas: {size: [10, 10], wibble: 2}`: "wibble" starts at column 26.
        expectError("canvas: {size: [10, 10], wibble: 2}\n", .unknownKey, line: 1, column: 26,
                    message: ["'wibble'", "the canvas"], suggestion: ["'size'", "'scale'", "'fps'", "'background'"])
    }

    @Test func keyThatBelongsElsewhere() {
        expectError("canvas: {size: [10, 10]}\nfps: 30\n", .unknownKey, line: 2, column: 1,
                    message: ["'fps'", "top level"], suggestion: ["under 'canvas:'"])
    }

    @Test func uiKitNameSuggestsTheCoreAnimationKey() {
        // `layers: [{id: a, alpha: 0.5}]`: "alpha" is column 18.
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: a, alpha: 0.5}]\n", .unknownKey, line: 2, column: 18,
                    message: ["'alpha'"], suggestion: ["'opacity'"])
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: a, clipsToBounds: true}]\n", .unknownKey, line: 2, column: 18,
                    message: ["'clipsToBounds'"], suggestion: ["'masksToBounds'"])
    }

    @Test func unknownTransformOperation() {
        // `      - rotat: 30deg`: six spaces and "- " put the key at column 9.
        let yaml = """
        canvas: {size: [10, 10]}
        layers:
          - id: a
            transform:
              - rotat: 30deg
        """
        expectError(yaml, .unknownKey, line: 5, column: 9, message: ["'rotat'", "'transform'"], suggestion: ["'rotate'"])
    }

    @Test func unknownTextKey() {
        // `    text: {string: x, fontSize: 12}`: "fontSize" starts at column 23.
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    text: {string: x, fontSize: 12}\n", .unknownKey,
                    line: 4, column: 23, message: ["'fontSize'", "'text'"], suggestion: ["'size'"])
    }

    @Test func misspeltFromIsNotReportedAsMissing() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers: [{id: a}]
        animations:
          - layer: a
            keyPath: opacity
            fromValue: 1
            duration: 1
        """
        expectError(yaml, .unknownKey, line: 6, column: 5, message: ["'fromValue'", "animation 1"], suggestion: ["'from'"])
    }

    @Test func misspeltRequiredKeyIsReportedAsTheTypo() {
        // `  - idd: card` lacks 'id', but the typo is the better report.
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - idd: card\n", .unknownKey, line: 3, column: 5,
                    message: ["'idd'"], suggestion: ["'id'"])
        // `      - rotate: {angel: 30deg}` — "angel" is column 18.
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    transform:\n      - rotate: {angel: 30deg}\n",
                    .unknownKey, line: 5, column: 18, message: ["'angel'"], suggestion: ["'angle'"])
    }

    @Test func unsupportedAnimationFeature() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers: [{id: a}]
        animations:
          - {layer: a, keyPath: opacity, to: 0, duration: 1, byValue: 2}
        """
        // Line 4: "  - {" is 5 columns; "layer: a, " 10, "keyPath: opacity, " 18, "to: 0, " 7, "duration: 1, " 13 → 54.
        expectError(yaml, .unknownKey, line: 4, column: 54, message: ["'byValue'"], suggestion: ["format v1"])
        // repeatCount and autoreverses are supported now.
        #expect(failure(yaml.replacingOccurrences(of: "byValue: 2", with: "repeatCount: 2, autoreverses: true")) == nil)
    }

    @Test func keyThatIsNotAName() {
        expectError("canvas: {size: [10, 10]}\n[1, 2]: x\n", .unknownKey, line: 2, column: 1, message: ["key name", "list"])
    }
}

struct MissingKeyTests {
    @Test func missingCanvasIsReportedAtTheTopMap() {
        expectError("layers: []\n", .missingKey, line: 1, column: 1, message: ["'canvas'"], suggestion: ["canvas"])
    }

    @Test func missingCanvasSize() {
        expectError("canvas:\n  fps: 30\n", .missingKey, line: 2, column: 3, message: ["the canvas", "'size'"])
        // A flow map starts at its '{' (column 9).
        expectError("canvas: {fps: 30}\n", .missingKey, line: 1, column: 9, message: ["'size'"])
    }

    @Test func missingLayerID() {
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - frame: [0, 0, 1, 1]\n", .missingKey, line: 3, column: 5,
                    message: ["layer", "'id'"], suggestion: ["id:"])
    }

    @Test func missingAnimationKeys() {
        let head = "canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations:\n"
        expectError(head + "  - layer: a\n    keyPath: opacity\n    to: 0\n", .missingKey, line: 4, column: 5,
                    message: ["animation 1", "'duration'"])
        expectError(head + "  - keyPath: opacity\n    to: 0\n    duration: 1\n", .missingKey, line: 4, column: 5,
                    message: ["'layer'"])
        expectError(head + "  - {layer: a, to: 0, duration: 1}\n  - {layer: a, to: 0, duration: 1, keyPath: opacity}\n",
                    .missingKey, line: 4, column: 5, message: ["animation 1", "'keyPath'"])
        expectError(head + "  - {layer: a, keyPath: opacity, duration: 1}\n", .missingKey, line: 4, column: 5,
                    message: ["neither 'from' nor 'to'"], suggestion: ["'from', 'to' or both"])
    }

    @Test func missingTextString() {
        // `    text: {size: 12}`: the map's '{' is column 11.
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    text: {size: 12}\n", .missingKey, line: 4, column: 11,
                    message: ["'string'"])
    }

    @Test func emptyFile() {
        expectError("", .missingKey, line: 1, column: 1, message: ["empty"], suggestion: ["canvas"])
        expectError("# just a comment\n", .missingKey, line: 1, column: 1, message: ["empty"])
    }
}

struct InvalidValueTests {
    static let layer = "canvas: {size: [10, 10]}\nlayers:\n  - id: a\n"

    @Test func wrongTypeSaysExpectedAndFound() {
        // `    opacity: abc`: 4 spaces + "opacity: " (9) → column 14.
        expectError(Self.layer + "    opacity: abc\n", .invalidValue, line: 4, column: 14,
                    message: ["expected a number for 'opacity', found the string \"abc\""], suggestion: ["opacity: 0.5"])
    }

    @Test func columnsCountUnicodeScalars() {
        // `layers: [{id: 京都, opacity: abc}]`: 京 is column 15, 都 16, so "abc" is column 28.
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: 京都, opacity: abc}]\n", .invalidValue, line: 2, column: 28,
                    message: ["'opacity'"])
        // 😀 is one scalar (two UTF-16 units): "abc" is column 27.
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: 😀, opacity: abc}]\n", .invalidValue, line: 2, column: 27,
                    message: ["'opacity'"])
        // A combining accent is its own scalar: `e\u{301}` takes columns 15 and 16.
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: e\u{301}, opacity: abc}]\n", .invalidValue, line: 2, column: 28,
                    message: ["'opacity'"])
    }

    @Test func quotedNumber() {
        expectError(Self.layer + "    opacity: \"0.5\"\n", .invalidValue, line: 4, column: 14,
                    message: ["number", "\"0.5\""], suggestion: ["remove the quotes"])
    }

    @Test func yesIsNotABoolean() {
        // `    hidden: yes`: column 13.
        expectError(Self.layer + "    hidden: yes\n", .invalidValue, line: 4, column: 13,
                    message: ["true or false", "'hidden'", "\"yes\""], suggestion: ["hidden: true"])
    }

    @Test func wrongListLength() {
        // `    frame: [1, 2, 3]`: the '[' is column 12.
        expectError(Self.layer + "    frame: [1, 2, 3]\n", .invalidValue, line: 4, column: 12,
                    message: ["4 numbers", "[x, y, width, height]", "'frame'", "3 items"])
    }

    @Test func wrongItemIsLocatedItself() {
        // `    frame: [0, 0, wide, 10]`: "wide" is column 19.
        expectError(Self.layer + "    frame: [0, 0, wide, 10]\n", .invalidValue, line: 4, column: 19,
                    message: ["item 3 of 'frame'", "\"wide\""])
    }

    @Test func unquotedHexColourIsAComment() {
        // `  background: #FF0000`: the '#' is column 15.
        expectError("canvas:\n  size: [10, 10]\n  background: #FF0000\n", .invalidValue, line: 3, column: 15,
                    message: ["colour", "'background'", "nothing"], suggestion: ["comment", "background: \"#FF0000\""])
    }

    @Test func unquotedHexColourInAFlowMapIsReportedAtTheColour() {
        // `  - {id: a, frame: [0, 0, 4, 4], backgroundColor: #FF0000}`: the '#' is column 51.
        let scene = "canvas: {size: [10, 10]}\nlayers:\n  - {id: a, frame: [0, 0, 4, 4], backgroundColor: #FF0000}\n"
        expectError(scene, .syntax, line: 3, column: 51,
                    message: ["unquoted '#FF0000'", "comment"], suggestion: ["\"#FF0000\""])
        // In a flow list too, with 3 and 8 digits; the first one is reported.
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: a, backgroundColor: #F00}, {id: b, borderColor: #FF000080}]\n",
                    .syntax, line: 2, column: 35, message: ["'#F00'"])
    }

    @Test func commentsAndQuotedColoursInFlowMapsAreNotMistakes() throws {
        // A real comment inside a multi-line flow map, a quoted '#', and '#' inside a word.
        let scene = """
        canvas: {size: [10, 10]}
        layers:
          - {id: a,   # the card #1
             frame: [0, 0, 4, 4], backgroundColor: "#FF0000",
             borderColor: '#00FF00', text: {string: "#FF0000 is red", color: "#000"}}
        """
        let parsed = try parse(scene)
        #expect(parsed.layers.count == 1)
        #expect(parsed.layers[0].text?.string == "#FF0000 is red")
    }

    @Test func badColours() {
        // `    backgroundColor: ` is 21 columns.
        expectError(Self.layer + "    backgroundColor: \"#12345\"\n", .invalidValue, line: 4, column: 22,
                    message: ["colour", "\"#12345\""], suggestion: ["3, 6 or 8 hex digits"])
        expectError(Self.layer + "    backgroundColor: FF0000\n", .invalidValue, line: 4, column: 22,
                    message: ["colour"], suggestion: ["add '#'", "\"#FF0000\""])
        expectError(Self.layer + "    backgroundColor: sytemBlue\n", .invalidValue, line: 4, column: 22,
                    message: ["\"sytemBlue\""], suggestion: ["did you mean 'systemBlue'?"])
        expectError(Self.layer + "    backgroundColor: 12\n", .invalidValue, line: 4, column: 22, message: ["the number 12"])
    }

    @Test func textOfTheWrongShape() {
        expectError(Self.layer + "    text: [a, b]\n", .invalidValue, line: 4, column: 11,
                    message: ["'text'", "a list of 2 items"])
    }

    @Test func animationValueOfTheWrongType() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers: [{id: box}]
        animations:
          - layer: box
            keyPath: opacity
            from: bright
            duration: 0.5
        """
        // `    from: bright`: column 11.
        expectError(yaml, .invalidValue, line: 6, column: 11, message: ["number", "'from'", "\"bright\""])
        // A point where a number is expected, and a number where a point is expected.
        expectError(yaml.replacingOccurrences(of: "from: bright", with: "from: [1, 2]"), .invalidValue, line: 6, column: 11,
                    message: ["number", "a list of 2 items"])
        expectError(yaml.replacingOccurrences(of: "keyPath: opacity", with: "keyPath: position").replacingOccurrences(of: "from: bright", with: "from: 5"),
                    .invalidValue, line: 6, column: 11, message: ["[x, y]", "the number 5"])
    }

    @Test func unknownKeyPath() {
        let head = "canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations:\n  - layer: a\n"
        // `    keyPath: opactiy`: column 14.
        expectError(head + "    keyPath: opactiy\n    to: 0\n    duration: 1\n", .invalidValue, line: 5, column: 14,
                    message: ["key path", "\"opactiy\""], suggestion: ["did you mean 'opacity'?"])
        expectError(head + "    keyPath: transform.rotation\n    to: 1\n    duration: 1\n", .invalidValue, line: 5, column: 14,
                    message: ["\"transform.rotation\""], suggestion: ["'transform.rotation.z'"])
        expectError(head + "    keyPath: alpha\n    to: 1\n    duration: 1\n", .invalidValue, line: 5, column: 14,
                    message: ["\"alpha\""], suggestion: ["'opacity'"])
    }

    @Test func timingCurves() {
        let head = "canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations:\n  - layer: a\n    keyPath: opacity\n    to: 0\n    duration: 1\n"
        // `    timing: easeInOut`: column 13.
        expectError(head + "    timing: easeInOut\n", .invalidValue, line: 8, column: 13,
                    message: ["timing curve", "\"easeInOut\""], suggestion: ["did you mean 'easeInEaseOut'?"])
        // `    timing: [1.5, 0, 1, 1]`: the '[' is column 13, 1.5 column 14.
        expectError(head + "    timing: [1.5, 0, 1, 1]\n", .invalidValue, line: 8, column: 14,
                    message: ["x1", "between 0 and 1", "1.5"])
        expectError(head + "    timing: [0.5, 0, 1]\n", .invalidValue, line: 8, column: 13, message: ["4 numbers"])
    }

    @Test func transformShapes() {
        // `      - {rotate: 30deg, scale: 2}`: the map's '{' is column 9.
        expectError(Self.layer + "    transform:\n      - {rotate: 30deg, scale: 2}\n", .invalidValue, line: 5, column: 9,
                    message: ["2 operations", "'rotate' and 'scale'"], suggestion: ["separate items"])
        // A map with two operations instead of a list: `    transform: {rotate: 30deg, scale: 2}` ('{' column 16).
        expectError(Self.layer + "    transform: {rotate: 30deg, scale: 2}\n", .invalidValue, line: 4, column: 16,
                    message: ["order is unclear"], suggestion: ["list"])
        // `      - rotate: 90degrees`: column 17.
        expectError(Self.layer + "    transform:\n      - rotate: 90degrees\n", .invalidValue, line: 5, column: 17,
                    message: ["angle", "\"90degrees\""], suggestion: ["deg"])
        expectError(Self.layer + "    transform:\n      - translate: 5\n", .invalidValue, line: 5, column: 20,
                    message: ["[x, y] or [x, y, z]", "the number 5"])
        expectError(Self.layer + "    transform:\n      - matrix: [1, 0, 0]\n", .invalidValue, line: 5, column: 17,
                    message: ["16 numbers"])
    }

    @Test func fontWeightAsANumber() {
        // `    text: {string: x, weight: 700}`: "700" is column 31.
        expectError(Self.layer + "    text: {string: x, weight: 700}\n", .invalidValue, line: 4, column: 31,
                    message: ["weight", "700"], suggestion: ["weight: bold"])
        expectError(Self.layer + "    text: {string: x, weight: heavyy}\n", .invalidValue, line: 4, column: 31,
                    message: ["font weight"], suggestion: ["'heavy'"])
        expectError(Self.layer + "    text: {string: x, alignment: centre}\n", .invalidValue, line: 4, column: 34,
                    message: ["alignment"], suggestion: ["'center'"])
    }

    @Test func listsOfTheWrongShape() {
        expectError("canvas: {size: [10, 10]}\nlayers: {id: a}\n", .invalidValue, line: 2, column: 9,
                    message: ["a list of layers", "a map"])
        // `layers: [{id: a, sublayers: [b]}]`: "b" is column 30.
        expectError("canvas: {size: [10, 10]}\nlayers: [{id: a, sublayers: [b]}]\n", .invalidValue, line: 2, column: 30,
                    message: ["a map", "\"b\""])
        expectError("[1, 2]\n", .invalidValue, line: 1, column: 1, message: ["a list"])
    }
}

struct RangeTests {
    static let layer = "canvas: {size: [10, 10]}\nlayers:\n  - id: a\n"

    @Test func opacityOutsideZeroToOne() {
        expectError(Self.layer + "    opacity: 1.5\n", .invalidValue, line: 4, column: 14,
                    message: ["'opacity'", "between 0 and 1", "1.5"])
    }

    @Test func canvasRanges() {
        // `  fps: 1000`: column 8.
        expectError("canvas:\n  size: [40, 30]\n  fps: 1000\n", .invalidValue, line: 3, column: 8, message: ["'fps'", "240", "1000"])
        expectError("canvas:\n  size: [40, 30]\n  fps: 0\n", .invalidValue, line: 3, column: 8, message: ["'fps'", "between 1 and 240"])
        // `  scale: 0`: column 10.
        expectError("canvas:\n  size: [40, 30]\n  scale: 0\n", .invalidValue, line: 3, column: 10, message: ["'scale'", "greater than 0"])
        expectError("canvas:\n  size: [40, 30]\n  scale: 9\n", .invalidValue, line: 3, column: 10, message: ["at most 8"])
        // `  size: [0, 30]`: the 0 is column 10.
        expectError("canvas:\n  size: [0, 30]\n", .invalidValue, line: 2, column: 10, message: ["width", "greater than 0"])
        expectError("canvas:\n  size: [40, -3]\n", .invalidValue, line: 2, column: 14, message: ["height", "-3"])
    }

    @Test func framesLargerThan16384PixelsAreRefused() {
        // 9000 points × scale 2 = 18000 pixels: blamed on `size` (`  size: [9000, 30]`, '[' column 9).
        expectError("canvas:\n  size: [9000, 30]\n  scale: 2\n", .invalidValue, line: 2, column: 9,
                    message: ["18000", "16384"], suggestion: ["scale of at most 1.82"])
        // Fine at the default scale, too large at scale 8: blamed on `scale` (column 10).
        expectError("canvas:\n  size: [3000, 2000]\n  scale: 8\n", .invalidValue, line: 3, column: 10,
                    message: ["24000 × 16000 pixels", "16384"], suggestion: ["5.46"])
        // Scale written first: the check happens at `size`, still blamed on `scale`.
        expectError("canvas: {scale: 8, size: [3000, 2000]}\n", .invalidValue, line: 1, column: 17, message: ["24000"])
        // Too large at the default scale 2.
        expectError("canvas: {size: [8193, 100]}\n", .invalidValue, line: 1, column: 16, message: ["16386 × 200"])
        // Exactly at the limit is fine.
        #expect(failure("canvas: {size: [8192, 8192]}\n") == nil)
        #expect(failure("canvas: {size: [2048, 2048], scale: 8}\n") == nil)
    }

    @Test func durations() {
        let yaml = """
        canvas: {size: [10, 10]}
        duration: 2
        layers: [{id: a}]
        animations:
          - layer: a
            keyPath: opacity
            to: 0
            begin: 0
            duration: 0.5
        """
        // `    duration: 0.5`: column 15.
        expectError(yaml.replacingOccurrences(of: "duration: 0.5", with: "duration: 0"), .invalidValue, line: 9, column: 15,
                    message: ["'duration'", "greater than 0"])
        expectError(yaml.replacingOccurrences(of: "duration: 0.5", with: "duration: -1"), .invalidValue, line: 9, column: 15,
                    message: ["'duration'", "-1"])
        expectError(yaml.replacingOccurrences(of: "begin: 0", with: "begin: -0.1"), .invalidValue, line: 8, column: 12,
                    message: ["'begin'", "negative"])
        // The scene's own duration: 0 is only for stills (`duration: 0`, column 11).
        expectError(yaml.replacingOccurrences(of: "duration: 2", with: "duration: 0"), .invalidValue, line: 2, column: 11,
                    message: ["'duration'", "greater than 0"], suggestion: ["remove 'duration:'"])
        expectError("canvas: {size: [10, 10]}\nduration: -1\n", .invalidValue, line: 2, column: 11, message: ["'duration'"])
        expectError(yaml.replacingOccurrences(of: "duration: 0.5", with: "duration: 7200"), .invalidValue, line: 9, column: 15,
                    message: ["3600 seconds"])
        expectError(yaml.replacingOccurrences(of: "duration: 0.5", with: "duration: soon"), .invalidValue, line: 9, column: 15,
                    message: ["time in seconds", "\"soon\""])
    }

    @Test func lengthsAndCoordinates() {
        expectError(Self.layer + "    cornerRadius: -1\n", .invalidValue, line: 4, column: 19, message: ["'cornerRadius'", "at least 0"])
        expectError(Self.layer + "    borderWidth: -2\n", .invalidValue, line: 4, column: 18, message: ["'borderWidth'", "-2"])
        // `    frame: [0, 0, -5, 10]`: -5 is column 19.
        expectError(Self.layer + "    frame: [0, 0, -5, 10]\n", .invalidValue, line: 4, column: 19, message: ["width", "negative"])
        expectError(Self.layer + "    position: [1e7, 0]\n", .invalidValue, line: 4, column: 16, message: ["1000000"])
        expectError(Self.layer + "    zPosition: 1e400\n", .invalidValue, line: 4, column: 16, message: ["too large"])
        expectError(Self.layer + "    zPosition: .inf\n", .invalidValue, line: 4, column: 16, message: ["finite"])
        expectError(Self.layer + "    anchorPoint: [0.5, 5000]\n", .invalidValue, line: 4, column: 24, message: ["'anchorPoint'"])
    }

    @Test func transformRanges() {
        // `      - perspective: 0`: column 22.
        expectError(Self.layer + "    transform:\n      - perspective: 0\n", .invalidValue, line: 5, column: 22,
                    message: ["greater than 0"])
        expectError(Self.layer + "    transform:\n      - perspective: -500\n", .invalidValue, line: 5, column: 22,
                    message: ["-500"])
        // `      - rotate: {angle: 1, axis: [0, 0, 0]}`: the axis '[' is column 34.
        expectError(Self.layer + "    transform:\n      - rotate: {angle: 1, axis: [0, 0, 0]}\n", .invalidValue, line: 5, column: 34,
                    message: ["axis"])
        // Twelve scales of 1e6 overflow the matrix: reported at the transform list (column 16).
        let huge = Array(repeating: "{scale: 1000000}", count: 12).joined(separator: ", ")
        expectError(Self.layer + "    transform: [\(huge)]\n", .invalidValue, line: 4, column: 16, message: ["too large"])
    }

    @Test func formatVersion() {
        expectError("version: 2\ncanvas: {size: [10, 10]}\n", .invalidValue, line: 1, column: 10, message: ["version 1", "version 2"])
        #expect(failure("version: 1\ncanvas: {size: [10, 10]}\n") == nil)
    }
}

struct ReferenceTests {
    @Test func unknownLayerSuggestsTheClosestID() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers:
          - id: card
          - id: title
        animations:
          - layer: crad
            keyPath: opacity
            to: 0
            duration: 1
        """
        // `  - layer: crad`: column 12.
        expectError(yaml, .reference, line: 6, column: 12, message: ["'crad'", "no layer"], suggestion: ["did you mean 'card'?"])
        expectError(yaml.replacingOccurrences(of: "crad", with: "zzzzzz"), .reference, line: 6, column: 12,
                    message: ["'zzzzzz'"], suggestion: ["'card' and 'title'"])
    }

    @Test func duplicateIDsAnywhereInTheTreeReportBothPlaces() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers:
          - id: card
            sublayers:
              - id: title
          - id: title
        """
        // First `      - id: title` (column 13), again `  - id: title` (column 9).
        expectError(yaml, .reference, line: 6, column: 9, message: ["'title'", "twice", "scene.yaml:5:13"])
        #expect(failure(yaml)?.relatedLocation == SegueScene.SourceLocation(file: sceneFile, line: 5, column: 13))
    }

    @Test func frameWithBoundsOrPosition() {
        let yaml = """
        canvas: {size: [10, 10]}
        layers:
          - id: a
            bounds: [10, 10]
            frame: [0, 0, 1, 1]
        """
        expectError(yaml, .invalidValue, line: 5, column: 5, message: ["'frame'", "'bounds'", "scene.yaml:4:5"],
                    suggestion: ["either frame"])
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    frame: [0, 0, 1, 1]\n    position: [1, 1]\n",
                    .invalidValue, line: 5, column: 5, message: ["'position'", "'frame'"])
    }

    @Test func missingImage() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write("images/Card.png", [1, 2, 3])
        // `    contents: nowhere.png`: column 15.
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    contents: nowhere.png\n", .io, line: 4, column: 15,
                    message: ["'nowhere.png'", "does not exist", dir.path], base: dir.path)
        // Linux file names are case-sensitive: suggest the file that is there.
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    contents: images/card.png\n", .io, line: 4, column: 15,
                    message: ["'images/card.png'"], suggestion: ["did you mean 'images/Card.png'?"], base: dir.path)
        expectError("canvas: {size: [10, 10]}\nlayers:\n  - id: a\n    contents: images\n", .io, line: 4, column: 15,
                    message: ["directory"], base: dir.path)
    }
}

struct FileErrorTests {
    @Test func missingFile() {
        do {
            _ = try SceneLoader.load(path: "/nonexistent/scene.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.kind == .io && error.location == nil)
            #expect(error.message.contains("/nonexistent/scene.yaml") && error.message.contains("no such file"))
            #expect(error.description.hasPrefix("error: cannot read scene file"))
        }
    }

    @Test func directoryAndUnreadableFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        do {
            _ = try SceneLoader.load(path: dir.path)
            Issue.record("loaded a directory")
        } catch {
            #expect(error.kind == .io && error.message.contains("directory"))
        }
        let path = try dir.write("locked.yaml", "canvas: {size: [1, 1]}\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        if !FileManager.default.isReadableFile(atPath: path) {  // root can read anything
            do {
                _ = try SceneLoader.load(path: path)
                Issue.record("loaded an unreadable file")
            } catch {
                #expect(error.kind == .io && error.message.contains("permission denied"))
            }
        }
    }

    @Test func descriptionHasTheHouseStyle() {
        let error = failure("canvas: {size: [10, 10]}\nlayers: [{id: a, alpha: 1}]\n")
        #expect(error?.description == "scene.yaml:2:18: error: unknown key 'alpha' in layer 'a'\n  hint: did you mean 'opacity'?")
    }
}

/// Valid scenes that probably do not say what their author meant load with a warning.
struct WarningTests {
    static func rotation(_ value: String) -> String {
        "canvas: {size: [10, 10]}\nlayers: [{id: a}]\nanimations:\n  - {layer: a, keyPath: transform.rotation.z, to: \(value), duration: 1}\n"
    }

    @Test func aBareRotationOverFourTurnsIsProbablyDegrees() throws {
        let scene = try parse(Self.rotation("90"))
        #expect(scene.warnings.count == 1)
        let warning = try #require(scene.warnings.first)
        // `  - {layer: a, keyPath: transform.rotation.z, to: 90, …`: 90 is column 51.
        #expect(warning.location == SegueScene.SourceLocation(file: sceneFile, line: 4, column: 51))
        // 90 rad × 180/π = 5156.62°.
        #expect(warning.message.contains("5156.6°"))
        #expect(warning.suggestion?.contains("90deg") == true)
        // The value is still radians, as Core Animation reads it.
        #expect(scene.animations[0].to == .number(90))
    }

    @Test func unitsAndSmallBareAnglesGiveNoWarning() throws {
        // 25 rad is just under 8π ≈ 25.13, four turns.
        for value in ["90deg", "90rad", "25", "-25", "1.5708", "\"90°\""] {
            #expect(try parse(Self.rotation(value)).warnings.isEmpty, "\(value)")
        }
        #expect(try parse(Self.rotation("-26")).warnings.count == 1)
    }
}

/// Preset parameters that shadowed scene-level keys were renamed; the old spellings still load,
/// with a warning at the old key that names the new one, and mean what they meant.
struct RenamedParameterTests {
    static let screens = """
    canvas: {size: [390, 844], scale: 1, fps: 60}
    screens:
      list: {title: "Stories"}
      detail: {title: "Detail"}

    """

    @Test func edgeSwipeBacksOldFingerNamesStillDriveTheFinger() throws {
        // Line 5 of the scene: `transition: {preset: edgeSwipeBack, from: detail, to: list, distance: 80, duration: 0.5, start: 0.1}`
        let line = "transition: {preset: edgeSwipeBack, from: detail, to: list, distance: 80, duration: 0.5, start: 0.1}\n"
        let old = try parse(Self.screens + line)
        let new = try parse(Self.screens + "transition: {preset: edgeSwipeBack, from: detail, to: list, dragDistance: 80, dragDuration: 0.5, dragDelay: 0.1}\n")
        #expect(new.warnings.isEmpty)
        // Three warnings, in file order, each at its key's column (counted by hand in `line`).
        let columns = ["distance", "duration", "start"].map { key in line.distance(from: line.startIndex, to: line.range(of: key + ":")!.lowerBound) + 1 }
        #expect(old.warnings.map(\.location) == columns.map { SegueScene.SourceLocation(file: sceneFile, line: 5, column: $0) })
        #expect(old.warnings.map(\.message).map { $0.contains("is now 'dragDistance'") || $0.contains("is now 'dragDuration'") || $0.contains("is now 'dragDelay'") } == [true, true, true])
        #expect(old.warnings[1].message.contains("'duration' in the edgeSwipeBack preset is now 'dragDuration'"))
        #expect(old.warnings[1].message.contains("not the transition's duration"))
        #expect(old.warnings[1].suggestion?.contains("dragDuration:") == true)
        // The same finger: touch-down at 0.1 s, lift at 0.1 + 0.5 s, 80 pt apart; the flip keeps its 0.72 s.
        for scene in [old, new] {
            let samples = try #require(scene.interaction?.gesture.samples)
            #expect(samples.first?.time == 0.1 && samples.last?.time == 0.6)
            #expect(abs((samples.last?.x ?? 0) - (samples.first?.x ?? 0) - 80) < 1e-9)
            #expect(scene.groups.first?.duration == 0.72)
        }
    }

    @Test func cardSnapsOldDurationIsTheFlickNotTheScene() throws {
        let yaml = """
        canvas: {size: [390, 360], scale: 1, fps: 30}
        transition:
          preset: cardSnap
          cards: [A, B, C, D]
          distance: 70
          duration: 0.1
          start: 0.3
        duration: 1.6

        """
        let scene = try parse(yaml)
        // The top-level duration is the scene's; the preset's old 'duration' (line 6) is the flick's.
        #expect(scene.duration == 1.6)
        #expect(scene.warnings.map(\.location.line) == [5, 6, 7])
        #expect(scene.warnings[1].location.column == 3)
        func drag(in layers: [LayerSpec]) -> [GestureSpec.Sample]? {
            for layer in layers { if let samples = layer.scroll?.drag?.samples ?? drag(in: layer.sublayers) { return samples } }
            return nil
        }
        let samples = try #require(drag(in: scene.layers))
        #expect(abs(samples.first!.time - 0.3) < 1e-9 && abs(samples.last!.time - 0.4) < 1e-9)
        #expect(abs(abs(samples.last!.x - samples.first!.x) - 70) < 1e-9)
    }

    @Test func screenshotsAreContentsAsOnALayer() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write("shot.png", [0x89, 0x50])
        let old = "canvas: {size: [390, 844]}\nscreens:\n  a: {image: shot.png, gravity: resizeAspect}\n  b: {title: B}\ntransition: {preset: flip}\n"
        let new = "canvas: {size: [390, 844]}\nscreens:\n  a: {contents: shot.png, contentsGravity: resizeAspect}\n  b: {title: B}\ntransition: {preset: flip}\n"
        for yaml in [old, new] {
            let scene = try parse(yaml, base: dir.path)
            // The screen's layer shows the picture with the given gravity either way.
            func find(_ layers: [LayerSpec]) -> LayerSpec? {
                for layer in layers { if layer.id == "a" { return layer }; if let found = find(layer.sublayers) { return found } }
                return nil
            }
            let layer = try #require(find(scene.layers))
            #expect(layer.contents?.path.hasSuffix("shot.png") == true)
            #expect(layer.contents?.gravity == .resizeAspect)
        }
        let warnings = try parse(old, base: dir.path).warnings
        // `  a: {image: shot.png, gravity: resizeAspect}`: image at column 7, gravity at 24.
        #expect(warnings.map { [$0.location.line, $0.location.column] } == [[3, 7], [3, 24]])
        #expect(warnings[0].message.contains("'image' in screen 'a' is now 'contents'"))
        #expect(warnings[1].message.contains("is now 'contentsGravity'"))
        #expect(try parse(new, base: dir.path).warnings.isEmpty)
    }

    @Test func anOldNameBesideItsNewNameIsADuplicate() {
        let yaml = Self.screens + "transition: {preset: edgeSwipeBack, from: detail, to: list, dragDuration: 0.5, duration: 0.4}\n"
        expectError(yaml, .syntax, line: 5, column: 80, message: ["duplicate key 'dragDuration'", "written 'duration'"], suggestion: ["keep only one"])
    }

    @Test func flipsDurationIsStillTheTransitions() throws {
        // 'duration' was renamed only where it meant the finger: on flip it is the transition's.
        let scene = try parse(Self.screens + "transition: {preset: flip, from: list, to: detail, duration: 1.2}\n")
        #expect(scene.warnings.isEmpty)
        #expect(scene.groups.first?.duration == 1.2)
    }
}
