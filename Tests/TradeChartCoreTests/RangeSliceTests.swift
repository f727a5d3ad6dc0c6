import Testing
@testable import TradeChartCore

@Suite("Ranges")
struct RangeSliceTests {
    /// Daily points on the given ISO dates, prices 1, 2, 3, ...
    func daily(_ dates: [String]) -> PriceSeries {
        let times = dates.map { d -> Int64 in
            let p = d.split(separator: "-").map { Int($0)! }
            return CivilDate(year: p[0], month: p[1], day: p[2]).dayNumber * 86_400
        }
        return PriceSeries(name: "t", times: times, prices: times.indices.map { Double($0 + 1) }, hasTimeOfDay: false)
    }

    /// A followed file's look searches each range from the first point it had (`slice(_:from:)`):
    /// whatever the hint (below the answer, at it, past it, out of the series), the slice is
    /// the one searched over the whole series. Minute bars with nights, weekends and gaps of days.
    @Test(arguments: [3, 17, 29])
    func aSliceSearchedFromAHintIsTheSliceSearchedWhole(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var times: [Int64] = []
        var t: Int64 = CivilDate(year: 2023, month: 1, day: 2).dayNumber * 86_400 + 9 * 3_600
        while times.count < 60_000 {
            times.append(t)
            switch rng.next() % 1_000 {
            case 0: t += 3 * 86_400
            case 1..<6: t += 15 * 3_600
            default: t += 60
            }
        }
        let series = PriceSeries(name: "X", times: times, prices: times.map { _ in 1 }, hasTimeOfDay: true)
        for range in ChartRange.allCases {
            let whole = series.slice(range)
            let answer = whole.slice?.first ?? 0
            let hints = [0, 1, answer - 1, answer, answer + 1, answer - 500, answer - 70_000, series.count - 1, series.count,
                         series.count + 5, Int(rng.next() % UInt64(series.count))]
            for hint in hints {
                #expect(series.slice(range, from: hint) == whole, "\(range) from \(hint) (the first point is \(answer))")
            }
        }
    }

    @Test func monthArithmeticClamps() {
        #expect(CivilDate(year: 2019, month: 3, day: 31).addingMonths(-1) == CivilDate(year: 2019, month: 2, day: 28))
        #expect(CivilDate(year: 2020, month: 3, day: 31).addingMonths(-1) == CivilDate(year: 2020, month: 2, day: 29))
        #expect(CivilDate(year: 2019, month: 1, day: 15).addingMonths(-60) == CivilDate(year: 2014, month: 1, day: 15))
        #expect(CivilDate(year: 2019, month: 1, day: 31).addingMonths(-2) == CivilDate(year: 2018, month: 11, day: 30))
    }

    @Test func civilDateRoundTripsAcrossEras() {
        for day in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            #expect(CivilDate(dayNumber: day).dayNumber == day)
        }
        #expect(CivilDate(dayNumber: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(year: 2019, month: 5, day: 13).weekday == 0)
        #expect(LocalTime.date(-1) == CivilDate(year: 1969, month: 12, day: 31))
    }

    @Test func oneMonthStartsAfterTheDayAMonthBefore() {
        let s = daily(["2019-03-29", "2019-03-31", "2019-04-01", "2019-04-15", "2019-04-30"])
        // Newest 2019-04-30; a month before is 2019-03-30; points after that day: 03-31 on.
        let slice = try! #require(s.slice(.oneMonth).slice)
        #expect(slice.first == 1)
        #expect(slice.last == 4)
        #expect(!slice.coversAllData)
    }

    @Test func longerThanTheDataShowsAllOfIt() {
        let s = daily(["2019-01-02", "2019-01-03", "2019-02-01"])
        let slice = try! #require(s.slice(.fiveYears).slice)
        #expect(slice.first == 0)
        #expect(slice.coversAllData)
    }

    @Test func oneDayOnDailyDataIsUnavailableWithAReason() {
        let s = daily(["2019-01-02", "2019-01-03"])
        #expect(s.slice(.oneDay) == .unavailable(.needsIntraday(.oneDay)))
        // Every range from 5D up shows both points: it opens on the shortest of them.
        #expect(s.defaultRange() == .fiveDays)
    }

    @Test func tradingDayRangesCountDistinctDays() {
        var times: [Int64] = []
        for day in [10, 11, 12, 13, 14, 17, 18] {
            let d = CivilDate(year: 2019, month: 6, day: day).dayNumber * 86_400
            times += [d + 9 * 3600, d + 12 * 3600, d + 17 * 3600]
        }
        let s = PriceSeries(name: "i", times: times, prices: times.map { _ in 1 }, hasTimeOfDay: true)
        #expect(s.slice(.oneDay).slice?.first == 18)
        #expect(s.slice(.fiveDays).slice?.first == 6) // 12, 13, 14, 17, 18
        #expect(s.slice(.fiveDays).slice?.count == 15)
    }

    @Test func opensOnOneYearWhenThereIsMoreThanAYear() {
        var dates: [String] = []
        for year in 2017...2019 { for month in 1...12 { dates.append("\(year)-\(month < 10 ? "0" : "")\(month)-15") } }
        #expect(daily(dates).defaultRange() == .oneYear)
        // Three weeks of daily data: 1M and longer look the same, so 1M.
        let weekdays = [2, 3, 4, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18].map { "2019-01-\($0 < 10 ? "0" : "")\($0)" }
        #expect(daily(weekdays).defaultRange() == .oneMonth)
    }
}
