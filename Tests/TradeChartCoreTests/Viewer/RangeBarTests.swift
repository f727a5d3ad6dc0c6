import Testing
@testable import TradeChartCore

/// The range bar: its entries and the cells each takes, read by the view to draw and by
/// the update to hit-test a click.
@Suite("Range bar")
struct RangeBarTests {
    @Test func entriesTakeTheirCellsFromColumnZeroACellApartBesideAnUnavailableOne() {
        let bar = RangeBar(available: { $0 != .oneDay }, active: .oneYear)
        #expect(bar.entries.map(\.text).joined() == "(1D) 5D  1M  6M [1Y] 5Y  MAX ")
        #expect(bar.entries.first?.cells.lowerBound == 0)
        for (a, b) in zip(bar.entries, bar.entries.dropFirst()) {
            #expect(b.cells.lowerBound == a.cells.upperBound + (a.available && b.available ? 0 : 1))
        }
        #expect(bar.entries.filter(\.active).map(\.range) == [.oneYear])
        #expect(bar.entries.filter { !$0.available }.map(\.range) == [.oneDay])
    }

    /// Brackets never meet: `(1D) [5D]`, and switching the range moves no entry.
    @Test func bracketsNeverMeet() {
        let available = { (range: ChartRange) in range != .oneDay && range != .fiveYears }
        let cells = RangeBar(available: available, active: .oneYear).entries.map(\.cells)
        for active in ChartRange.allCases where available(active) {
            let bar = RangeBar(available: available, active: active)
            var line = [Character](repeating: " ", count: bar.entries.last!.cells.upperBound)
            for entry in bar.entries { for (i, c) in entry.text.enumerated() { line[entry.cells.lowerBound + i] = c } }
            let text = String(line)
            #expect(!text.contains(")[") && !text.contains("](") && !text.contains(")("), "\(text)")
            #expect(bar.entries.map(\.cells) == cells)
        }
        #expect(RangeBar(available: available, active: .fiveDays).entries.prefix(2).map(\.text) == ["(1D)", "[5D]"])
    }

    @Test func aFreeWindowHasNoActiveEntry() {
        let bar = RangeBar(available: { _ in true }, active: nil)
        #expect(!bar.entries.contains { $0.active || $0.text.hasPrefix("[") })
    }

    @Test func aColumnNamesTheRangeWhoseCellsHoldIt() {
        let bar = RangeBar(available: { _ in true }, active: .max)
        for entry in bar.entries {
            for column in entry.cells { #expect(bar.range(atColumn: column) == entry.range) }
        }
        #expect(bar.range(atColumn: -1) == nil)
        #expect(bar.range(atColumn: bar.entries.last!.cells.upperBound) == nil)
    }

    @Test func aClickOnAnEntrySelectsItsRange() {
        var v = ViewerState(series: TestSeries.daily(days: 1269), range: .oneYear, columns: 100, rows: 30)
        let entry = v.rangeBar.entries.first { $0.range == .sixMonths }!
        _ = v.handle(.mouse(MouseInput(column: entry.cells.lowerBound + 1, row: v.layout.bottomRow, action: .press)), at: 0)
        #expect(v.range == .sixMonths)
        #expect(v.rangeBar.entries.first { $0.active }?.range == .sixMonths)
    }
}
