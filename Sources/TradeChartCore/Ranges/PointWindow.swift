/// A window of consecutive points `first...last` of a series of `count` points, and
/// the moves a person makes with it: zoom in and out around a point, pan by a
/// quarter. A window never goes past the data and always holds at least two points.
package struct PointWindow: Sendable, Hashable {
    package var first: Int
    package var last: Int

    package init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// The number of points in the window.
    package var width: Int { last - first + 1 }

    /// The smallest window: two points (a line needs two).
    package static let minimumWidth = 2

    /// The window of `width` points placed so that `anchor` keeps its place (the same
    /// share of the window to its left as in `self`), then moved inside `0..<count`.
    func resized(to width: Int, keeping anchor: Int, count: Int) -> PointWindow {
        let width = min(max(width, Self.minimumWidth), count)
        let share = self.width > 1 ? Double(anchor - first) / Double(self.width - 1) : 1
        let first = anchor - Clamp.int((share * Double(width - 1)).rounded())
        return PointWindow(first: first, last: first + width - 1).clamped(count: count)
    }

    /// The same width moved inside `0..<count` (shortened only when the data is shorter).
    package func clamped(count: Int) -> PointWindow {
        let width = min(max(self.width, Self.minimumWidth), count)
        var first = min(max(self.first, 0), count - width)
        first = max(first, 0)
        return PointWindow(first: first, last: first + width - 1)
    }

    /// Half the width, around `anchor` (the cursor) when given, else keeping the
    /// newest point at the right edge.
    package func zoomedIn(around anchor: Int?, count: Int) -> PointWindow {
        resized(to: (width + 1) / 2, keeping: anchor ?? last, count: count)
    }

    /// Twice the width, around `anchor` when given, else keeping the right edge.
    package func zoomedOut(around anchor: Int?, count: Int) -> PointWindow {
        resized(to: width * 2, keeping: anchor ?? last, count: count)
    }

    /// Moved by `quarters` quarters of its width (negative: towards older points).
    package func panned(byQuarters quarters: Int, count: Int) -> PointWindow {
        let step = max(1, width / 4) * quarters
        return PointWindow(first: first + step, last: last + step).clamped(count: count)
    }

    /// Whether `index` lies in the window.
    package func contains(_ index: Int) -> Bool { index >= first && index <= last }
}
