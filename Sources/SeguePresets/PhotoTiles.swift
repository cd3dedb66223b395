// SPDX-License-Identifier: Apache-2.0
import Foundation
import SegueGeometry

/// The photo tile layout of MainContentsCell (seed article 002): six image views whose widths
/// and heights follow the photo count, with a "他N件" ("N more") button over the sixth tile
/// when there are more than six photos.
///
/// Sizes are exactly the seed's `setLayoutConstraintSetting(count:)`, with `screenWidth` for
/// `UIScreen.main.bounds.size.width` and the cell's 15 pt side margins (`screenWidth - 30` is
/// the photo area's width).
///
/// Positions are our reading of the article's Interface Builder constraints (its list under
/// 「セルに配置した画像(UIImageView)に関する制約」): the six views sit in two columns, three rows,
/// with no gaps. Odd-numbered views (1, 3, 5) are pinned 15 pt from the cell's left edge; each
/// even-numbered view (2, 4, 6) is pinned 0 pt to the right of the view beside it (left: 0) and
/// 15 pt from the right edge. Views 1 and 2 are 7 pt below the cell's top; views 3 and 4 sit
/// directly below views 1 and 2 (top: 0), 5 and 6 below 3 and 4; 5 and 6 are 8 pt above the
/// cell's bottom. So each column stacks on its own: a view's y is 7 plus the heights of the
/// views above it in its column. This is the only reading under which every case of the seed
/// fills the area without overlap: each row's widths add up to `screenWidth - 30`, and for 3,
/// 5 and 6+ photos the two columns are equally tall (e.g. 3 photos: two 100 pt squares on the
/// left beside one 200 pt tall view on the right).
public enum PhotoTilesLayout {
    /// The cell's left and right margins.
    public static let margin = 15.0
    /// Space above the first row (`上:7`) and below the last (`下:8`).
    public static let topInset = 7.0
    public static let bottomInset = 8.0
    /// ImageConfig.maxPhotoCount.
    public static let maxPhotoCount = 6
    /// The "他N件" button's alpha (moreButton.alpha = 0.45 in the seed).
    public static let moreButtonAlpha = 0.45

    /// The (width, height) the seed gives each of the six image views for `count` photos.
    public static func sizes(count: Int, screenWidth w: Double) -> [Size] {
        func s(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }
        switch count {
        case ...0:
            let mainRectWidth = w - 30
            return [s(mainRectWidth, 0), s(0, 0), s(mainRectWidth, 0), s(0, 0), s(mainRectWidth, 0), s(0, 0)]
        case 1:
            let mainRectWidth = w - 30, mainRectHeight = 150.0
            return [s(mainRectWidth, mainRectHeight), s(0, mainRectHeight), s(mainRectWidth, 0), s(0, 0), s(mainRectWidth, 0), s(0, 0)]
        case 2:
            let mainRect = (w - 30) / 2
            return [s(mainRect, mainRect), s(mainRect, mainRect), s(mainRect, 0), s(mainRect, 0), s(mainRect, 0), s(mainRect, 0)]
        case 3:
            let subRect = 100.0, mainRectWidth = w - subRect - 30, mainRectHeight = subRect * 2
            return [s(subRect, subRect), s(mainRectWidth, mainRectHeight), s(subRect, subRect), s(mainRectWidth, 0),
                    s(subRect, 0), s(mainRectWidth, 0)]
        case 4:
            let subRect = 140.0, mainRectWidth = w - subRect - 30, mainRectHeight = subRect
            return [s(mainRectWidth, mainRectHeight), s(subRect, subRect), s(subRect, subRect), s(mainRectWidth, mainRectHeight),
                    s(subRect, 0), s(mainRectWidth, 0)]
        case 5:
            let photoAreaWidth = w - 30, subRect = 100.0, mainRectWidth = photoAreaWidth - subRect
            let mainRectHeight = (subRect * 3) / 2
            return [s(subRect, subRect), s(mainRectWidth, mainRectHeight), s(subRect, subRect), s(mainRectWidth, mainRectHeight),
                    s(subRect, subRect), s(mainRectWidth, 0)]
        default:
            let subRect = 140.0, mainRectWidth = w - subRect - 30, mainRectHeight = subRect
            let halfRect = (w - 30) / 2
            return [s(subRect, subRect), s(mainRectWidth, mainRectHeight), s(halfRect, halfRect), s(halfRect, halfRect),
                    s(mainRectWidth, mainRectHeight), s(subRect, subRect)]
        }
    }

    /// The six views' frames in the cell (origin at the cell's top-left; the cell is as wide as
    /// the screen), in the seed's order contentsImage1 … contentsImage6.
    public static func frames(count: Int, screenWidth: Double) -> [Rect] {
        let sizes = sizes(count: count, screenWidth: screenWidth)
        var frames: [Rect] = []
        var columnBottom = [topInset, topInset]
        for (i, size) in sizes.enumerated() {
            let column = i % 2
            let x = column == 0 ? margin : margin + sizes[i - 1].width
            frames.append(Rect(x: x, y: columnBottom[column], width: size.width, height: size.height))
            columnBottom[column] += size.height
        }
        return frames
    }

    /// The cell's height for the tiles: the taller column plus the insets above and below.
    public static func height(count: Int, screenWidth: Double) -> Double {
        let f = frames(count: count, screenWidth: screenWidth)
        return max(f[4].maxY, f[5].maxY) + bottomInset
    }

    /// How many tiles show a photo (at most six).
    public static func visibleCount(_ count: Int) -> Int { min(max(count, 0), maxPhotoCount) }

    /// The "他N件" text for more than six photos, else nil.
    public static func moreText(count: Int) -> String? {
        count > maxPhotoCount ? "他\(count - maxPhotoCount)件" : nil
    }
}
