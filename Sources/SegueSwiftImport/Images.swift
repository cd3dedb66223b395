// SPDX-License-Identifier: Apache-2.0
import SegueGeometry
import SwiftSyntax

/// UIImageView and UIImage: an image view shows its image scaled by its contentMode, as a
/// layer's contents do. An image comes from the scene (`{image: path}`) or from what a layer of
/// the scene shows (the image of an image view given with `bind:`).
extension Evaluator {
    /// UIView.ContentMode's cases and the contentsGravity each one draws as.
    static let contentModes: [String: String] = [
        "scaleToFill": "resize", "scaleAspectFit": "resizeAspect", "scaleAspectFill": "resizeAspectFill", "center": "center",
        "redraw": "resize",
    ]

    /// `UIImageView(image:)`: a view the size of its image at the origin, as UIKit makes it.
    func newImageView(image: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> ViewObject {
        let img = try imageValue(image, node, "image")
        let v = newView(frame: Rect(origin: .zero, size: img?.size ?? .zero), origin: "UIImageView(image:)")
        v.isImageView = true
        v.image = img
        return v
    }

    func imageValue(_ value: Value, _ node: some SyntaxProtocol, _ what: String) throws(SwiftImportError) -> ImageValue? {
        switch value {
        case let .image(i): return i
        case .none, .void: return nil
        default:
            throw fail(.invalidValue, node, "expected a UIImage for \(what), found \(value.typeDescription)",
                       hint: "give the image in the scene with bind:, e.g. {image: images/photo.png}, or the image view as {layer: id}")
        }
    }

    /// The image a view shows: its own, or, for a view that stands for a layer of the scene,
    /// what that layer shows.
    func image(of v: ViewObject) -> Value {
        if let i = v.image { return .image(i) }
        if let bound = v.boundLayer { return .image(ImageValue(path: nil, copyOf: bound, size: v.size)) }
        return .none
    }

    func readImageMember(_ v: ViewObject, _ name: String) -> Value? {
        switch name {
        case "image": return image(of: v)
        case "contentMode": return .enumCase(v.contentMode, [])
        default: return nil
        }
    }

    /// `image` and `contentMode` are not animatable: UIKit swaps them at once, so a change
    /// after the animations started is a step.
    func writeImageMember(_ v: ViewObject, _ name: String, _ value: Value, _ node: some SyntaxProtocol) throws(SwiftImportError) -> Bool {
        switch name {
        case "image":
            // A view made later and not yet added has shown nothing: the image is how it starts.
            guard now == 0 || !v.everAttached && !v.attachedInitially, currentAnimation == nil else {
                throw fail(.unsupported, node, "changing an image view's image after the animations start is not supported",
                           hint: "set the image before UIView.animate")
            }
            v.image = try imageValue(value, node, "image")
            v.isImageView = true
            return true
        case "contentMode":
            guard case let .enumCase(mode, _) = value, Self.contentModes[mode] != nil else {
                throw fail(.invalidValue, node, "expected a content mode (.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center)",
                           hint: "other modes (.top, .left, …) pin the image to an edge, which Segue does not draw")
            }
            v.contentMode = mode
            return true
        default: return false
        }
    }

    func imageMember(_ i: ImageValue, _ name: String) -> Value? {
        switch name {
        case "size": return .size(i.size)
        case "scale": return .double(1)
        case "cgImage", "ciImage": return .image(i)
        default: return nil
        }
    }
}
