import Foundation
import Testing
@testable import TradeChartCore

/// The fast rasterizer must light exactly the dots of the reference on every
/// kind of series and map.
@Suite("Raster property")
struct RasterPropertyTests {
    enum Shape: CaseIterable {
        case randomWalk, flat, spikes, steps, sawtooth, outlier, integerNoise, sine
    }

    static func series(_ shape: Shape, count n: Int, using rng: inout SplitMix64) -> [Double] {
        var prices = [Double]()
        prices.reserveCapacity(n)
        switch shape {
        case .randomWalk:
            var p = Double.random(in: -100...100, using: &rng)
            for _ in 0..<n { p += Double.random(in: -1...1, using: &rng); prices.append(p) }
        case .flat:
            prices = Array(repeating: Double.random(in: 0...10, using: &rng), count: n)
        case .spikes:
            var p = 50.0
            for _ in 0..<n {
                p += Double.random(in: -0.2...0.2, using: &rng)
                prices.append(Int.random(in: 0..<50, using: &rng) == 0 ? p + Double.random(in: -40...40, using: &rng) : p)
            }
        case .steps:
            var p = 10.0
            for _ in 0..<n {
                if Int.random(in: 0..<max(2, n / 8), using: &rng) == 0 { p = Double(Int.random(in: 0...20, using: &rng)) }
                prices.append(p)
            }
        case .sawtooth:
            let period = Int.random(in: 2...50, using: &rng)
            for i in 0..<n { prices.append(Double(i % period)) }
        case .outlier:
            prices = Array(repeating: 3, count: n)
            prices[Int.random(in: 0..<n, using: &rng)] = Double.random(in: -100...100, using: &rng)
        case .integerNoise:
            for _ in 0..<n { prices.append(Double(Int.random(in: -4...4, using: &rng))) }
        case .sine:
            let f = Double.random(in: 0.001...0.5, using: &rng)
            var phase = 0.0
            for _ in 0..<n {
                // A cheap sine without Foundation: a parabola per half period.
                let u = (phase - phase.rounded(.down)) * 2 - 1
                prices.append(1 - 4 * u * u * (u < 0 ? 1 : 0.5))
                phase += f
            }
        }
        return prices
    }

    static func pointCount(using rng: inout SplitMix64) -> Int {
        switch Int.random(in: 0..<1000, using: &rng) {
        case 0..<15: Int.random(in: 20_000...100_000, using: &rng)
        case 15..<120: Int.random(in: 2_000...20_000, using: &rng)
        case 120..<200: Int.random(in: 1...3, using: &rng)
        default: Int.random(in: 1...2_000, using: &rng)
        }
    }

    /// An x map for `first...last` on `width` dot columns: fitted, fitted and shifted,
    /// sparse, dense, integer (exact edges), zero, negative or vanishing scale.
    static func xMap(first: Int, last: Int, width: Int, using rng: inout SplitMix64) -> AffineMap {
        let w = Double(width)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return AffineMap(mapping: Double(first), to: 0, and: Double(last), to: w)
        case 1: return AffineMap(mapping: Double(first), to: 0, and: Double(last), to: w - 1)
        case 2:
            // Zoomed in or out around a random spot, as during a morph.
            let a = Double.random(in: -w...(2 * w), using: &rng), b = a + Double.random(in: 0.5...(3 * w), using: &rng)
            return AffineMap(mapping: Double(first), to: a, and: Double(last), to: b)
        case 3:
            // Sparse: points up to a thousand columns apart.
            let s = exp2(Double.random(in: 0...10, using: &rng))
            return AffineMap(scale: s, offset: Double.random(in: -s * Double(last)...w, using: &rng))
        case 4:
            // Dense: up to 100k points per column.
            let s = exp2(-Double.random(in: 0...17, using: &rng))
            return AffineMap(scale: s, offset: Double.random(in: -s * Double(last)...w, using: &rng))
        case 5:
            // Integer or half-integer scale and offset: many points exactly on edges.
            let s = Double(Int.random(in: 1...4, using: &rng)) / Double(Int.random(in: 1...4, using: &rng))
            return AffineMap(scale: s, offset: Double(Int.random(in: -8...8, using: &rng)) / 2 - s * Double(first))
        case 6:
            return AffineMap(scale: 0, offset: Double(Int.random(in: -2...(2 * width + 2), using: &rng)) / 2)
        case 9:
            // A scale too small for a double to tell the points apart: all of them exactly on one edge.
            return AffineMap(scale: 1e-22, offset: Double(Int.random(in: 1...width, using: &rng)))
        case 7:
            return AffineMap(mapping: Double(first), to: w + Double.random(in: -2...2, using: &rng),
                             and: Double(last), to: Double.random(in: -2...2, using: &rng))
        default:
            let s = Double.random(in: 0.01...3, using: &rng)
            return AffineMap(scale: s, offset: Double.random(in: -w...w, using: &rng) - s * Double(first))
        }
    }

    /// A y map for prices `low...high` on `height` dot rows: fitted either way up,
    /// zero scale, integer (exact row edges), or off the canvas in part.
    static func yMap(low: Double, high: Double, height: Int, using rng: inout SplitMix64) -> AffineMap {
        let h = Double(height)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return AffineMap(mapping: low, to: h - 1, and: high, to: 1)
        case 1: return AffineMap(mapping: low, to: 0, and: high, to: h)
        case 2: return AffineMap(scale: 0, offset: h / 2)
        case 3:
            let s = Double(Int.random(in: -3...3, using: &rng))
            return AffineMap(scale: s, offset: Double(Int.random(in: -height...height, using: &rng)))
        case 4:
            return AffineMap(mapping: low, to: Double.random(in: -h...(2 * h), using: &rng),
                             and: high, to: Double.random(in: -h...(2 * h), using: &rng))
        default:
            return AffineMap(mapping: low, to: h - 0.5, and: high, to: 0.5)
        }
    }

    @Test func fastPathMatchesReferenceOnRandomCases() {
        var rng = SplitMix64(seed: 0x7EAD_C4A7)
        var failures = 0
        for caseNumber in 0..<1200 {
            let n = Self.pointCount(using: &rng)
            let shape = Shape.allCases.randomElement(using: &rng)!
            let prices = Self.series(shape, count: n, using: &rng)
            let charset = Charset.allCases.randomElement(using: &rng)!
            var canvas = DotCanvas(columns: Int.random(in: 1...30, using: &rng), rows: Int.random(in: 1...10, using: &rng),
                                   charset: charset)
            var first = 0, last = n - 1
            if Int.random(in: 0..<4, using: &rng) == 0 {
                first = Int.random(in: -2...(n - 1), using: &rng)
                last = Int.random(in: max(first, 0)...(n + 2), using: &rng)
            }
            let inRange = prices[max(first, 0)...min(last, n - 1)]
            let x = Self.xMap(first: max(first, 0), last: min(last, n - 1), width: canvas.widthDots, using: &rng)
            let y = Self.yMap(low: inRange.min()!, high: inRange.max()!, height: canvas.heightDots, using: &rng)

            var expected = canvas
            ReferenceRasterizer.drawLine(prices, points: first...last, x: x, y: y, into: &expected)
            LineRasterizer.drawLine(MinMaxIndex(prices), points: first...last, x: x, y: y, into: &canvas)
            if canvas != expected {
                failures += 1
                Issue.record("""
                    case \(caseNumber): \(shape) n=\(n) points \(first)...\(last) \(charset) \
                    \(canvas.columns)x\(canvas.rows) x=\(x) y=\(y)
                    fast:
                    \(canvas.text)
                    reference:
                    \(expected.text)
                    """)
                if failures >= 3 { return }
            }
        }
    }

    @Test func extremeMapsMatchReference() {
        var rng = SplitMix64(seed: 99)
        let prices = Self.series(.randomWalk, count: 5_000, using: &rng)
        let xs = [AffineMap(scale: 1e12, offset: -3e12 + 0.5), AffineMap(scale: 1e-12, offset: 7.25),
                  AffineMap(scale: 3e-9, offset: -1e6), AffineMap(scale: -1e-7, offset: 20),
                  AffineMap(scale: 1, offset: -4_990.5), AffineMap(scale: 1e6, offset: -1e9),
                  AffineMap(scale: 0, offset: 0), AffineMap(scale: 0, offset: 40), AffineMap(scale: 0.5, offset: 1e15)]
        let ys = [AffineMap(scale: 1e9, offset: 0), AffineMap(scale: -1e-9, offset: 3.999_999_999),
                  AffineMap(scale: 0, offset: 0), AffineMap(scale: 0.25, offset: 4)]
        for x in xs {
            for y in ys {
                for range in [0...4_999, 2_500...2_500, 4_998...4_999] {
                    var fast = DotCanvas(columns: 20, rows: 3, charset: .braille)
                    var expected = fast
                    LineRasterizer.drawLine(MinMaxIndex(prices), points: range, x: x, y: y, into: &fast)
                    ReferenceRasterizer.drawLine(prices, points: range, x: x, y: y, into: &expected)
                    #expect(fast == expected, "x \(x) y \(y) points \(range)")
                }
            }
        }
    }
}
