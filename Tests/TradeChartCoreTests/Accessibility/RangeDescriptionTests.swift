import Foundation
import Testing
import TradeChartCore

@Suite("Range description")
struct RangeDescriptionTests {
    typealias S = AccessibilityTestSupport

    @Test func dax1YMatchesAnIndependentReadingOfTheFile() throws {
        let rows = try S.daxRows()
        let series = try S.daxSeries()
        #expect(rows.last?.date == "2019-05-13")
        // 1Y: points strictly after 2018-05-13 up to the newest, 2019-05-13.
        let year = rows.filter { $0.date > "2018-05-13" }
        let first = year.first!, last = year.last!
        let low = year.min { $0.close < $1.close }!, high = year.max { $0.close < $1.close }!

        let description = RangeDescription(series: series, range: .oneYear)
        #expect(description.unavailableReason == nil)
        let lines = description.lines
        #expect(lines.first == "DAX, range 1Y.")
        #expect(lines.contains("From \(S.readable(first.date)) to \(S.readable(last.date)), \(year.count) prices."))
        #expect(lines.contains("First price: \(S.price(first.close)) on \(S.readable(first.date))."))
        #expect(lines.contains("Last price: \(S.price(last.close)) on \(S.readable(last.date))."))
        // The change is measured from the previous close, Friday 11 May 2018 (SPEC section 3).
        let previous = rows.filter { $0.date <= "2018-05-13" }.last!
        #expect(previous.date == "2018-05-11")
        #expect(lines.contains("Previous close: \(S.price(previous.close)) on \(S.readable(previous.date))."))
        let change = last.close - previous.close
        let percent = String(format: "%+.2f%%", change / previous.close * 100)
        #expect(lines.contains("Change from the previous close: \(change < 0 ? "down" : "up") \(S.price(abs(change))) (\(percent))."))
        #expect(lines.contains("Change from the previous close: down 1,124.59 (-8.65%)."))
        #expect(lines.contains("Lowest: \(S.price(low.close)) on \(S.readable(low.date))."))
        #expect(lines.contains("Highest: \(S.price(high.close)) on \(S.readable(high.date))."))
        #expect(description.text == lines.joined(separator: "\n"))
        // Down 1,101 from its first price, of a 2,788 spread, and a falling fit: a falling year.
        #expect(lines.contains("Trend: falling."))

        // Largest rise and fall by brute force over every pair.
        var rise = (0, 0, 0.0), fall = (0, 0, 0.0)
        for i in year.indices {
            for j in year.indices where j > i {
                let d = year[j].close - year[i].close
                if d > rise.2 { rise = (i, j, d) }
                if -d > fall.2 { fall = (i, j, -d) }
            }
        }
        for (word, move) in [("rise", rise), ("fall", fall)] {
            let start = year[move.0], end = year[move.1]
            let pct = String(format: "%+.2f%%", (end.close - start.close) / start.close * 100)
            let at = lines.firstIndex { $0.hasPrefix("Largest \(word):") }
            let index = try #require(at)
            #expect(lines[index] == "Largest \(word): \(word == "rise" ? "up" : "down") \(S.price(move.2)) (\(pct)),")
            #expect(lines[index + 1] == "from \(S.price(start.close)) on \(S.readable(start.date))")
            #expect(lines[index + 2] == "to \(S.price(end.close)) on \(S.readable(end.date)).")
        }
    }

    @Test func plainShortLinesWithoutColourOrGlyphs() throws {
        let dax = try S.daxSeries()
        let lines = ChartRange.allCases.flatMap { RangeDescription(series: dax, range: $0).lines }
        for line in lines {
            #expect(line.count <= 60, "long line: \(line)")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "control character in \(line)")
            #expect(!line.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value) })
        }
        let short = S.daily([1, 2, 3])
        #expect(RangeDescription(series: short, range: .fiveYears).lines.first == "Test, range 5Y: all data (less than 5Y).")
    }

    @Test func risingRamp() {
        let series = S.daily([10, 11, 12, 11.5, 13, 14, 15, 16])
        let d = RangeDescription(series: series, slice: S.wholeSlice(series))
        #expect(d.lines.contains("Trend: rising."))
        #expect(d.lines.contains("Change: up 6.00 (+60.00%)."))
        #expect(d.lines.contains("Largest rise: up 6.00 (+60.00%),"))
        #expect(d.lines.contains("from 10.00 on Tue 1 Jan 2019"))
        #expect(d.lines.contains("to 16.00 on Tue 8 Jan 2019."))
        #expect(d.lines.contains("Largest fall: down 0.50 (-4.17%),"))
        #expect(d.lines.contains("from 12.00 on Thu 3 Jan 2019"))
    }

    @Test func fallingSeriesNeverRising() {
        let series = S.daily([20, 18, 17, 15, 12, 10])
        let d = RangeDescription(series: series, slice: S.wholeSlice(series))
        #expect(d.lines.contains("Trend: falling."))
        #expect(d.lines.contains("Change: down 10 (-50.00%)."))
        #expect(d.lines.contains("Largest rise: none, the price never rises."))
        #expect(d.lines.contains("Largest fall: down 10 (-50.00%),"))
    }

    @Test func sidewaysShapes() {
        // A V back to where it started, an oscillation, a climb that crashes below its
        // start, a flat line, and a dip and spike that ends a little higher than it began.
        let shapes: [[Double]] = [
            [10, 8, 6, 4, 6, 8, 10],
            (0..<60).map { 100 + 5 * sin(Double($0) * 0.6) },
            [10, 11, 12, 13, 14, 15, 16, 17, 9.5],
            [5, 5, 5, 5],
            [10, 9, 8, 9, 12, 15, 18, 20, 18, 15, 12, 11],
        ]
        for prices in shapes {
            let series = S.daily(prices)
            let stats = RangeStatistics(series: series, slice: S.wholeSlice(series))
            #expect(stats.trend == .sideways, "\(prices) fitted \(stats.fittedChange)")
        }
        let v = S.daily([10, 8, 6, 4, 6, 8, 10])
        let d = RangeDescription(series: v, slice: S.wholeSlice(v))
        #expect(d.lines.contains("Change: unchanged."))
        #expect(d.lines.contains("Lowest: 4 on Fri 4 Jan 2019."))
        #expect(d.lines.contains("Highest: 10 on Tue 1 Jan 2019."))
        #expect(d.lines.contains("Largest fall: down 6 (-60.00%),"))
        #expect(d.lines.contains("Largest rise: up 6 (+150.00%),"))
    }

    @Test func trendRuleThresholds() {
        #expect(Trend(fittedChange: 0.25, netChange: 0.25) == .rising)
        #expect(Trend(fittedChange: 0.2, netChange: 1) == .sideways)
        #expect(Trend(fittedChange: 0.9, netChange: 0.1) == .sideways)
        #expect(Trend(fittedChange: 0.9, netChange: -1) == .sideways)
        #expect(Trend(fittedChange: -0.5, netChange: -0.3) == .falling)
        #expect(abs(Trend.fittedChange(of: [1, 2, 3, 4, 5], 0...4) - 1) < 1e-12)
        #expect(abs(Trend.fittedChange(of: [9, 5, 4, 3, 2, 1, 9], 1...5) + 1) < 1e-12)
    }

    @Test func intradayPointsCarryTheirTimeOfDay() {
        let day = S.seconds("2019-06-17")
        let times = [day + 9 * 3600, day + 9 * 3600 + 60, day + 17 * 3600 + 30 * 60 + 15]
        let series = PriceSeries(name: "SPX", times: times, prices: [0.00012, 0.00013, 0.000125], hasTimeOfDay: true)
        let d = RangeDescription(series: series, range: .oneDay)
        #expect(d.lines.contains("First price: 0.0001200 on Mon 17 Jun 2019, 09:00."))
        #expect(d.lines.contains("Last price: 0.0001250 on Mon 17 Jun 2019, 17:30:15."))
        #expect(d.lines.contains("Highest: 0.0001300 on Mon 17 Jun 2019, 09:01."))
    }

    @Test func unavailableRangeGivesTheReason() throws {
        let d = RangeDescription(series: try S.daxSeries(), range: .oneDay)
        #expect(d.unavailableReason == "1D needs intraday data")
        #expect(d.lines == ["DAX, range 1D.", "Not available: 1D needs intraday data."])
    }
}
