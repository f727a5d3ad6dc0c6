@testable import TradeChartCore

/// The slow, obviously right rasterizer the fast one is checked against: it walks
/// every segment (or the single point), clips it to every dot column it overlaps
/// and lights the span it covers there. Only the arithmetic (`dotX`,
/// `interpolatedY`) is shared with the fast path, so the bits can agree exactly.
enum ReferenceRasterizer {
    static func drawLine(_ prices: [Double], points: ClosedRange<Int>, x: AffineMap, y: AffineMap,
                         into canvas: inout DotCanvas) {
        let first = max(points.lowerBound, 0), last = min(points.upperBound, prices.count - 1)
        guard first <= last else { return }
        if first == last {
            let x0 = LineRasterizer.dotX(first, x), y0 = y(prices[first])
            for column in columns(overlapping: x0, x0, width: canvas.widthDots) {
                light(column, y0, y0, &canvas)
            }
            return
        }
        for i in first..<last {
            let x0 = LineRasterizer.dotX(i, x), x1 = LineRasterizer.dotX(i + 1, x)
            let y0 = y(prices[i]), y1 = y(prices[i + 1])
            let xa = min(x0, x1), xb = max(x0, x1)
            for column in columns(overlapping: xa, xb, width: canvas.widthDots) {
                let left = Double(column), right = left + 1
                var low = Double.infinity, high = -Double.infinity
                func take(_ v: Double) {
                    low = min(low, v)
                    high = max(high, v)
                }
                if left <= x0 && x0 <= right { take(y0) }
                if left <= x1 && x1 <= right { take(y1) }
                if xa < left && left < xb { take(LineRasterizer.interpolatedY(x0: x0, y0: y0, x1: x1, y1: y1, at: left)) }
                if xa < right && right < xb { take(LineRasterizer.interpolatedY(x0: x0, y0: y0, x1: x1, y1: y1, at: right)) }
                light(column, low, high, &canvas)
            }
        }
    }

    /// The canvas columns whose closed interval [c, c + 1] meets [xa, xb].
    static func columns(overlapping xa: Double, _ xb: Double, width: Int) -> Range<Int> {
        let lo = max(0, xa.rounded(.up) - 1), hi = min(Double(width - 1), xb.rounded(.down))
        guard lo <= hi else { return 0..<0 }
        return Int(lo)..<(Int(hi) + 1)
    }

    /// Lights rows floor(low)...floor(high) of `column`, dot by dot, clipped.
    static func light(_ column: Int, _ low: Double, _ high: Double, _ canvas: inout DotCanvas) {
        guard low <= high else { return }
        let top = max(low.rounded(.down), -1), bottom = min(high.rounded(.down), Double(canvas.heightDots))
        guard top <= bottom else { return }
        for row in Int(top)...Int(bottom) where row >= 0 && row < canvas.heightDots {
            canvas[column, row] = true
        }
    }
}
