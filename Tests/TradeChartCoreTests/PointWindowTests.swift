import Testing
import TradeChartCore

@Suite("Point windows")
struct PointWindowTests {
    let count = 1000

    @Test func zoomingInHalvesAroundTheCursorOrKeepsTheNewestAtTheRight() {
        let all = PointWindow(first: 0, last: 999)
        #expect(all.zoomedIn(around: nil, count: count) == PointWindow(first: 500, last: 999))
        let around = all.zoomedIn(around: 400, count: count)
        #expect(around.width == 500 && around.contains(400))
        // The cursor keeps its place on screen: 40 % from the left before and after.
        #expect(abs(Double(400 - around.first) / Double(around.width - 1) - 0.4) < 0.01)
    }

    @Test func zoomingAtTheEdgesStaysInsideTheData() {
        let left = PointWindow(first: 0, last: 99)
        #expect(left.zoomedIn(around: 0, count: count) == PointWindow(first: 0, last: 49))
        #expect(left.zoomedOut(around: 0, count: count) == PointWindow(first: 0, last: 199))
        let right = PointWindow(first: 900, last: 999)
        #expect(right.zoomedOut(around: nil, count: count) == PointWindow(first: 800, last: 999))
        #expect(right.zoomedOut(around: 950, count: count).last == 999)
        #expect(PointWindow(first: 0, last: 999).zoomedOut(around: 500, count: count) == PointWindow(first: 0, last: 999),
                "never wider than the data")
    }

    @Test func zoomingInStopsAtTwoPoints() {
        var w = PointWindow(first: 0, last: 999)
        for _ in 0..<20 { w = w.zoomedIn(around: 123, count: count) }
        #expect(w.width == 2 && w.contains(123))
    }

    @Test func zoomingOutAfterInComesBack() {
        let w = PointWindow(first: 200, last: 599)
        #expect(w.zoomedIn(around: nil, count: count).zoomedOut(around: nil, count: count) == w)
    }

    @Test func panningMovesAQuarterAndStopsAtTheEnds() {
        let w = PointWindow(first: 400, last: 599)
        #expect(w.panned(byQuarters: -1, count: count) == PointWindow(first: 350, last: 549))
        #expect(w.panned(byQuarters: 1, count: count) == PointWindow(first: 450, last: 649))
        #expect(w.panned(byQuarters: -100, count: count) == PointWindow(first: 0, last: 199))
        #expect(w.panned(byQuarters: 100, count: count) == PointWindow(first: 800, last: 999))
    }

    @Test func tinyDataGivesTheWholeSeries() {
        let two = PointWindow(first: 0, last: 1)
        #expect(two.zoomedIn(around: nil, count: 2) == two)
        #expect(two.zoomedOut(around: 1, count: 2) == two)
        #expect(two.panned(byQuarters: 3, count: 2) == two)
        #expect(PointWindow(first: 0, last: 2).zoomedIn(around: 1, count: 3).width == 2)
    }
}
