import Testing
@testable import TradeChartCore

@Suite("Comparison")
struct ComparisonTests {
    let a = TestSeries.daily(days: 300, seed: 1)
    let b = TestSeries.daily(days: 300, seed: 2)
    let c = TestSeries.daily(days: 300, seed: 3)

    @Test func eachFileKeepsItsNumberThroughAChange() {
        var comparison = Comparison(primaryFile: 0, others: [ComparedSeries(b, on: a, slot: 0, file: 1),
                                                              ComparedSeries(c, on: a, slot: 1, file: 2)])
        #expect(comparison.others.map(\.file) == [1, 2])
        comparison.replace(1, with: ComparedSeries(c, on: b, slot: 1, file: 2))
        comparison.resample { ComparedSeries($0.series, on: b, slot: $0.slot, file: $0.file) }
        #expect(comparison.others.map(\.file) == [1, 2])
        #expect(comparison.primaryFile == 0)
    }

    @Test func tabMakesTheNextFileThePrimaryAndTheOldOneAnOther() {
        var v = ViewerState(series: a, range: .sixMonths, columns: 100, rows: 30, others: [b, c])
        _ = v.handle(.key(.tab), at: 0)
        #expect(v.primaryFile == 1)
        #expect(v.others.map(\.file) == [2, 0])
        #expect(v.status == "TEST is the primary file now: its calendar is the x axis")
    }
}
