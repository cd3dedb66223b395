// SPDX-License-Identifier: Apache-2.0
// render-frame SCENE FRAME OUTPUT.png [SCALE]: one frame of a scene, through the SegueKit library.
import Foundation
import SegueKit

let arguments = CommandLine.arguments
guard arguments.count >= 4, let frame = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: render-frame SCENE FRAME OUTPUT.png [SCALE]\n".utf8))
    exit(2)
}
do {
    try Segue.renderPNG(scene: arguments[1], frame: frame, to: URL(fileURLWithPath: arguments[3]),
                        scale: arguments.count > 4 ? Double(arguments[4]) : nil)
} catch {
    FileHandle.standardError.write(Data("render-frame: \(error)\n".utf8))
    exit(1)
}
