import Testing
import TradeChartTestSupport
@testable import TradeChartCore

/// SPEC section 3: changes are measured against the reference price, the close of the
/// last point before the range (the previous close), and the baseline is drawn there.
@Suite("Reference price")
struct ReferencePriceTests {
    /// Ten days at 100, then a day that opens with a gap up to 110 and climbs to 115.
    static let gapUp: PriceSeries = SampleSeries.daily([100, 100, 100, 100, 100, 100, 100, 100, 100, 100])

    static func intraday() -> PriceSeries {
        // Yesterday closes at 100 at 16:00; today trades 110 ... 115 (a gap above it).
        let day: Int64 = 86_400
        let yesterday = SampleSeries.firstDay + 9 * 3600
        let today = SampleSeries.firstDay + day + 9 * 3600
        let times = (0..<8).map { yesterday + Int64($0) * 3600 } + (0..<6).map { today + Int64($0) * 3600 }
        let prices = [98, 99, 101, 100, 99, 100, 101, 100] + [110, 111, 113, 112.5, 114, 115.0]
        return PriceSeries(name: "GAP", times: times, prices: prices, hasTimeOfDay: true)
    }

    @Test func theOneDayChangeIsMeasuredFromThePreviousClose() {
        let v = ViewerState(series: Self.intraday(), range: .oneDay, columns: 80, rows: 24)
        #expect(v.slice.first == 8 && v.slice.reference == 7)
        #expect(v.baselinePrice == 100)
        #expect(v.frame(at: 0).line(0).hasPrefix("GAP  115.00  ▲ +15.00 (+15.00%) up"))
        // A scrubbed point is measured from the same reference.
        var scrubbed = v
        _ = scrubbed.handle(.key(.home), at: 0)
        #expect(scrubbed.frame(at: 0).line(0).hasPrefix("GAP  110.00  ▲ +10.00 (+10.00%) up"))
    }

    @Test func theBaselineIsOnTheChartEvenWhenThePriceGappedAwayFromIt() {
        let v = ViewerState(series: Self.intraday(), range: .oneDay, columns: 80, rows: 24)
        let frame = v.frame(at: 0)
        let dotsHigh = 4.0
        let row = v.layout.chartY + Int(v.target.baselineRow / dotsHigh)
        #expect(v.layout.chartContains(column: 0, row: row), "the y axis takes in the reference price")
        // The dashed line (dim Braille) is on its row, and its price at the right.
        #expect(frame[0, row].style == .muted && frame[0, row].character.value > 0x2800)
        #expect(frame.line(row).hasSuffix(" 100.00"))
        #expect(v.target.rising, "the day is above its previous close: green")
    }

    @Test func theDataStartingInsideTheRangeMeasuresFromItsFirstPoint() {
        let series = SampleSeries.daily([10, 11, 12.5, 13])
        let v = ViewerState(series: series, range: .oneYear, columns: 80, rows: 24)
        #expect(v.slice.first == 0 && v.slice.reference == 0)
        #expect(v.frame(at: 0).line(0).hasPrefix("Test  13.00  ▲ +3.00 (+30.00%) up"))
    }

    @Test func theMorphMovesTheBaselineSmoothlyToTheNewReference() {
        let series = TestSeries.daily(days: 1269)
        var v = ViewerState(series: series, range: .oneMonth, columns: 100, rows: 30)
        let from = v.target.baselineRow
        _ = v.handle(.key(.character("5")), at: 0)
        let to = v.target.baselineRow
        var previous = from
        for step in 1...72 {
            let row = v.projection(at: Double(step) / 60).baselineRow
            #expect(abs(row - previous) <= abs(to - from) * 0.1 + 1e-9, "no jump at frame \(step)")
            previous = row
        }
        #expect(previous == to)
        #expect(v.baselinePrice == series.prices[v.slice.first - 1])
    }

    @Test func aPercentFromAZeroOrNegativeReferenceIsNotANumber() {
        for reference in [0.0, -5] {
            let series = SampleSeries.daily([reference, 1, 2, 3])
            let v = ViewerState(series: series, range: .fiveYears, columns: 80, rows: 24)
            let header = v.frame(at: 0).line(0)
            #expect(header.contains("(n/a)"), "\(header)")
            #expect(!header.contains("%"))
            let words = RangeDescription(series: series, slice: v.slice).lines
            #expect(words.contains { $0.hasPrefix("Change: up") && $0.hasSuffix("(percent n/a).") }, "\(words)")
        }
    }
}
