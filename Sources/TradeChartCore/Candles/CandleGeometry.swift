/// Where a candle (or an OHLC bar) lands on the dot canvas: its slot, its body's
/// dot columns and its wick's column, from the affine x map of the frame. Every
/// size follows the map continuously, so during a morph candles slide and widen or
/// narrow, never jump.
package struct CandleGeometry: Sendable, Equatable {
    /// The body's first dot column and its width in dots (at least 1).
    package var bodyLeft: Int
    package var bodyWidth: Int
    /// The wick's (or bar's) dot column, the middle of the body.
    package var wick: Int
    /// The candle's slot: its width in dots (its bars' share of the width).
    package var slot: Double

    /// The body's last dot column.
    package var bodyRight: Int { bodyLeft + bodyWidth - 1 }

    /// A body this wide or wider is drawn hollow when rising (narrower ones are told
    /// apart by width: a rising body is one dot wide, a falling one its full width).
    package static let hollowWidth = 3

    /// The geometry of the bars `first...last` under the map `x` (point index to dot column).
    package init(first: Int, last: Int, x: AffineMap) {
        let step = abs(x.scale)
        let a = x(Double(first)), b = x(Double(last))
        let left = min(a, b) - step / 2, right = max(a, b) + step / 2
        slot = right - left
        let slotDots = Clamp.int(slot.rounded(.down))
        let width: Int
        if slotDots >= 3 {
            width = slotDots - max(1, slotDots / 4)
        } else {
            width = max(1, slotDots)
        }
        let center = (left + right) / 2
        bodyLeft = Clamp.int((center - Double(width) / 2).rounded(.down))
        bodyWidth = width
        wick = bodyLeft + (width - 1) / 2
    }
}
