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

    /// How the x map follows the points.
    enum MapKept: CaseIterable, Sendable {
        /// Fitted afresh at every step.
        case never
        /// As a followed chart keeps it (`ViewerState.holdPointMap`): while under it the first
        /// and the last point stay in the end columns. The spans then copy the columns between
        /// the ends (`Earlier.sameColumns`).
        case whileTheEndsStay
        /// For ten steps at a time, wherever the ends go: the window's ends move over columns.
        case forTenSteps
    }

    @Test("spans reused after appends equal spans worked out afresh", arguments: [1, 2, 3, 4], MapKept.allCases)
    func reusedSpansEqualFreshOnes(seed: UInt64, kept mapKept: MapKept) {
        let held = mapKept != .never
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
            held ? AffineMap(mapping: Double(first), to: 0.5, and: Double(last), to: Double(width) - 0.5)
                : AffineMap(scale: Double(width) / Double(max(last - first, 1)), offset: -Double(first) * Double(width) / Double(max(last - first, 1)))
        }
        var last = index.count - 1
        var first = last - shown
        var x = map(first, last)
        var kept = ColumnSpans(index, points: first...last, x: x, width: width)
        // The same spans grown in place where they can be (`regrow`), afresh where they cannot.
        var regrown = kept
        var copied = 0, grownInPlace = 0
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
            let left = x(Double(first)), right = x(Double(last))
            switch mapKept {
            case .never: x = map(first, last)
            case .whileTheEndsStay:
                if left < 0 || left >= 1 || right < Double(width - 1) || right >= Double(width) { x = map(first, last) }
            case .forTenSteps: if step % 10 == 0 { x = map(first, last) }
            }
            let reused = ColumnSpans(index, points: first...last, x: x, width: width, reusing: kept)
            let fresh = ColumnSpans(index, points: first...last, x: x, width: width)
            #expect(Self.columns(reused) == Self.columns(fresh), "step \(step)")
            copied += reused.copiedColumns
            kept = reused
            if regrown.x == x, regrown.regrow(index, points: first...last) {
                grownInPlace += 1
            } else {
                regrown = ColumnSpans(index, points: first...last, x: x, width: width, reusing: regrown)
            }
            #expect(Self.columns(regrown) == Self.columns(fresh), "step \(step), grown in place")
        }
        // Held, most columns of most steps are copied; fitted afresh at every step, none is.
        #expect(held ? copied > 120 * width / 4 : copied == 0, "copied \(copied) columns in 120 steps of \(width)")
        // Held while the ends stay, the spans grow in place at most steps.
        if mapKept == .whileTheEndsStay { #expect(grownInPlace > 60, "grown in place at \(grownInPlace) of 120 steps") }
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
