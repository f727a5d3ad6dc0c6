import Testing
import TradeChartCore

@Suite("Easing and morph")
struct EasingTests {
    @Test func curveSolvesExactlyAgainstSampledParameter() {
        let c = CubicBezier.morph
        // For parameters s, the point (x(s), y(s)) lies on the curve: value(x(s)) == y(s).
        for i in 0...200 {
            let s = Double(i) / 200
            let u = 1 - s
            let x = 3 * u * u * s * 0.64 + 3 * u * s * s * 0 + s * s * s
            let y = 3 * u * u * s * 0 + 3 * u * s * s * 1 + s * s * s
            #expect(abs(c.value(at: x) - y) < 1e-9)
        }
    }

    @Test func slowStartFastMiddleSoftLanding() {
        let c = CubicBezier.morph
        #expect(c.value(at: 0) == 0)
        #expect(c.value(at: 1) == 1)
        #expect(c.value(at: 0.2) < 0.1)          // slow start
        #expect(c.value(at: 0.6) > 0.85)         // most of the way after the fast middle
        var last = 0.0
        for i in 1...100 {
            let v = c.value(at: Double(i) / 100)
            #expect(v >= last)
            last = v
        }
        #expect(abs(CubicBezier(0, 0, 1, 1).value(at: 0.37) - 0.37) < 1e-9)  // linear curve
    }

    @Test func morphEndsExactlyOnTargetAndSwitchesColourAtMidpoint() {
        let a = ChartProjection(first: 0, last: 9, low: 1, high: 2, baseline: 1.5, newest: 1,
                                widthDots: 100, heightDots: 40)
        let b = ChartProjection(first: 5, last: 9, low: 1, high: 3, baseline: 1, newest: 1,
                                widthDots: 100, heightDots: 40)
        let m = Morph(from: a, to: b, start: 10, duration: 1.2)
        #expect(m.projection(at: 10) == a)
        #expect(m.projection(at: 11.2) == b)
        #expect(m.projection(at: 50) == b)
        #expect(m.projection(at: 10.59).rising == a.rising)
        #expect(m.projection(at: 10.61).rising == b.rising)
        // Every point moves on a straight line: x of index 7 lies between its two ends.
        let mid = m.projection(at: 10.6)
        let xs = [a.x(7), b.x(7)].sorted()
        #expect(mid.x(7) >= xs[0] && mid.x(7) <= xs[1])
        #expect(Morph(from: a, to: b, start: 0, duration: 0).projection(at: 0) == b)
    }

    @Test func projectionPutsNewestAtRightEdgeAndInsetsPrices() {
        let p = ChartProjection(first: 10, last: 20, low: 100, high: 200, baseline: 150, newest: 200,
                                widthDots: 80, heightDots: 40)
        #expect(p.x(20) == 79.5)
        #expect(p.x(10) == 0.5)
        #expect(p.y(200) == 1.5)   // one dot row of inset at the top
        #expect(p.y(100) == 38.5)  // and at the bottom
        #expect(p.rising)
        let flat = ChartProjection(first: 0, last: 5, low: 7, high: 7, baseline: 7, newest: 7,
                                   widthDots: 80, heightDots: 40)
        #expect(flat.y(7) == 20)
    }
}
