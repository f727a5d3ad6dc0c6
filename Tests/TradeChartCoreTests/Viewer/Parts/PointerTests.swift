import Testing
@testable import TradeChartCore

@Suite("Pointer")
struct PointerTests {
    @Test func aCursorOutsideThePointsShownIsHidden() {
        var pointer = Pointer(tones: true)
        #expect(pointer.tones && pointer.cursor == nil && pointer.mark == nil)
        let slice = RangeSlice(range: .oneMonth, first: 10, last: 30, coversAllData: false)
        pointer.cursor = 30
        pointer.keep(within: slice)
        #expect(pointer.cursor == 30, "the newest point shown is in")
        pointer.cursor = 9
        pointer.mark = 12
        pointer.keep(within: slice)
        #expect(pointer.cursor == nil)
        #expect(pointer.mark == 12, "a mark is a moment: it stays, drawn only where it is shown")
    }

    @Test func aRangeSwitchThatLeavesTheCursorOutHidesIt() {
        var v = ViewerState(series: TestSeries.daily(days: 600), range: .oneYear, columns: 100, rows: 30)
        _ = v.handle(.key(.home), at: 0)
        #expect(v.cursor == v.slice.first)
        _ = v.handle(.key(.character("3")), at: 1)
        #expect(v.cursor == nil)
    }
}
