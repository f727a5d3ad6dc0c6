import Testing
@testable import TradeChartCore

/// Column spans worked out from the spans kept before a followed file grew (a column takes
/// its old extremes widened by the points it gained) are the spans worked out afresh, column
/// for column: after random appends (near the last price, past every extreme, the same
/// price again, a run of equal prices), a sliding or widening window, and the index's
/// values lent out and taken back grown, as an indicator's are.
@Suite("Column spans reused after rows were appended")
struct ColumnSpansReuseTests {
    /// Every column the spans hand out under the identity y map: (column, lowest, highest).
    static func columns(_ spans: ColumnSpans) -> [[Double]] {
        var out: [[Double]] = []
        spans.forEach(y: AffineMap(scale: 1, offset: 0)) { column, low, high in out.append([Double(column), low, high]) }
        return out
    }

    static func nextValues(after last: Double, rng: inout SplitMix64) -> [Double] {
        let count = 1 + Int(rng.next() % 4)
        return (0..<count).map { _ in
            switch rng.next() % 8 {
            case 0: last * 1.5
            case 1: last * 0.5
            case 2, 3: last
            default: last + (Double(rng.next() % 200) / 100 - 1)
            }
        }
    }

    @Test("spans reused after appends equal spans worked out afresh", arguments: [1, 2, 3, 4])
    func reusedSpansEqualFreshOnes(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var values: [Double] = []
        var p = 100.0
        for _ in 0..<5_000 {
            p += Double(rng.next() % 200) / 100 - 1
            // Runs of one price: a lost point often equals a column's extreme.
            if rng.next() % 5 != 0 { p = (p * 4).rounded() / 4 }
            values.append(p)
        }
        var index = MinMaxIndex(values)
        let width = 40 + Int(rng.next() % 200)
        var shown = 1_000 + Int(rng.next() % 3_000)
        func map(_ first: Int, _ last: Int) -> AffineMap {
            let scale = Double(width) / Double(max(last - first, 1))
            return AffineMap(scale: scale, offset: -Double(first) * scale)
        }
        var last = index.count - 1
        var first = last - shown
        var kept = ColumnSpans(index, points: first...last, x: map(first, last), width: width)
        for step in 0..<120 {
            let added = Self.nextValues(after: index.values[index.count - 1], rng: &rng)
            if step % 3 == 0 {
                // Lent out and taken back grown, as an indicator's line is.
                var grown = index.values
                let lent = index.lendValues()
                grown.append(contentsOf: added)
                index.adopt(grown, lent: lent)
            } else {
                index.append(contentsOf: added)
            }
            // The window slides with the newest point, or widens now and then.
            if rng.next() % 4 == 0 { shown += Int(rng.next() % 40) }
            last = index.count - 1
            first = max(0, last - shown)
            let x = map(first, last)
            let reused = ColumnSpans(index, points: first...last, x: x, width: width, reusing: kept)
            let fresh = ColumnSpans(index, points: first...last, x: x, width: width)
            #expect(Self.columns(reused) == Self.columns(fresh), "step \(step)")
            kept = reused
        }
    }

    @Test("spans of another index's contents are not reused")
    func spansOfOtherContentsAreNotReused() {
        let a = MinMaxIndex((0..<2_000).map { Double($0 % 37) })
        // The same count, other values: nothing of `a`'s spans may show.
        let b = MinMaxIndex((0..<2_000).map { Double(($0 * 7) % 91) })
        let x = AffineMap(scale: 0.05, offset: 0)
        let kept = ColumnSpans(a, points: 0...1_999, x: x, width: 100)
        let reused = ColumnSpans(b, points: 0...1_999, x: x, width: 100, reusing: kept)
        #expect(Self.columns(reused) == Self.columns(ColumnSpans(b, points: 0...1_999, x: x, width: 100)))
        #expect(Self.columns(reused) != Self.columns(kept))
    }
}
