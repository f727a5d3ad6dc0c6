import Testing
@testable import TradeChartCore

@Suite("Frame geometry")
struct FrameGeometryTests {
    @Test func aStillFrameShowsTheTargetAndTheRange() {
        var v = ViewerState(series: TestSeries.daily(days: 600), range: .oneYear, columns: 100, rows: 30)
        _ = v.handle(.key(.left), at: 0)
        let geometry = v.geometry(at: 0)
        #expect(geometry.projection == v.target)
        #expect(geometry.drawn == v.slice.first...v.slice.last)
        #expect(geometry.cursor == v.cursor)
        #expect(geometry.candlePeriod == nil, "a line without the candles' columns works out no candle period")
        #expect(geometry.candles.isEmpty && geometry.cursorCandle == nil, "a line has no candles")
    }

    @Test func duringAMorphEveryPartIsOfTheSameMoment() {
        var v = ViewerState(series: TestSeries.daily(days: 600), range: .oneYear, columns: 100, rows: 30)
        _ = v.handle(.key(.character("4")), at: 0)
        let t = v.options.morphDuration / 2
        let geometry = v.geometry(at: t)
        #expect(geometry.projection == v.projection(at: t))
        #expect(geometry.projection != v.target)
        #expect(geometry.drawn == v.drawnPoints(at: t))
        #expect(ViewerView(state: v, time: t).geometry.projection == geometry.projection, "the view reads the same one")
    }
}
