import Testing
@testable import TradeChartCore

@Suite("Axis labels")
struct AxisLabelTests {
    @Test func ticksAreRoundAndInside() {
        let t = PriceTicks(low: 10_381.5, high: 12_436.9, maxCount: 6)
        #expect(t.step == 500)
        #expect(t.values == [10_500, 11_000, 11_500, 12_000])
        #expect(t.decimals == 0)
        let small = PriceTicks(low: 0.000101, high: 0.000139, maxCount: 4)
        #expect(small.step == 0.00001)
        #expect(small.decimals == 5)
        #expect(PriceTicks(low: 3070.2, high: 3082.9, maxCount: 6).step == 2.5)
        #expect(PriceTicks(low: 3070.2, high: 3082.9, maxCount: 6).decimals == 1)
        #expect(PriceTicks(low: 5, high: 5, maxCount: 5).values == [5])
    }

    func daily(from start: CivilDate, days: Int) -> PriceSeries {
        var times: [Int64] = []
        var d = start.dayNumber
        while times.count < days {
            if CivilDate(dayNumber: d).weekday < 5 { times.append(d * 86_400) }
            d += 1
        }
        return PriceSeries(name: "d", times: times, prices: times.map { _ in 1 }, hasTimeOfDay: false)
    }

    @Test func yearLabelsAreMonthsThinnedToFit() {
        let s = daily(from: CivilDate(year: 2018, month: 5, day: 14), days: 260)
        let labels = TimeLabels(series: s, first: 0, last: s.count - 1, range: .oneYear)
        #expect(labels.levels.first?.first?.text == "Jun 2018")
        let wide = labels.place(width: 200) { Double($0) / Double(s.count) * 200 }
        #expect(wide.count >= 10)
        let narrow = labels.place(width: 40) { Double($0) / Double(s.count) * 40 }
        #expect(narrow.count >= 2 && narrow.count <= 4)
        for (a, b) in zip(narrow, narrow.dropFirst()) { #expect(b.column >= a.column + a.text.count + 2) }
    }

    @Test func dayLabelsAreTimes() {
        let day = CivilDate(year: 2019, month: 11, day: 8).dayNumber * 86_400
        let times = (0..<390).map { day + 9 * 3600 + 30 * 60 + Int64($0) * 60 }
        let s = PriceSeries(name: "i", times: times, prices: times.map { _ in 1 }, hasTimeOfDay: true)
        let labels = TimeLabels(series: s, first: 0, last: 389, range: .oneDay)
        // Where the data begins, its first point opens the hour: labelled when there is room.
        #expect(labels.levels[0].map(\.text) == ["09:30", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
        let placed = labels.place(width: 200) { Double($0) / 389 * 199 }
        #expect(placed.first?.text == "09:30" && placed.first?.column == 0)
        let tight = labels.place(width: 40) { Double($0) / 389 * 39 }
        #expect(tight.first?.text != "09:30" && tight.count >= 3, "at the edge it gives way rather than cost the level")
        #expect(DateText.weekdayTime(times[0]) == "Fri 09:30")
        #expect(DateText.moment(times[389], withTime: true) == "Fri 8 Nov 2019 15:59")
    }

    @Test func theFirstOfTheFiveDaysIsLabelledWhenThereIsRoom() {
        let s = daily(from: CivilDate(year: 2019, month: 4, day: 1), days: 30)
        let fiveDays = s.slice(.fiveDays).slice!
        let labels = TimeLabels(series: s, first: fiveDays.first, last: fiveDays.last, range: .fiveDays)
        let placed = labels.place(width: 100) { Double($0 - fiveDays.first) / 4 * 99 }
        #expect(placed.map(\.text) == ["Mon 6 May", "Tue 7 May", "Wed 8 May", "Thu 9 May", "Fri 10 May"])
    }

    @Test func sixMonthLabelsCarryTheYearWhereANewYearBegins() {
        let s = daily(from: CivilDate(year: 2018, month: 5, day: 14), days: 260)
        let six = s.slice(.sixMonths).slice!
        let labels = TimeLabels(series: s, first: six.first, last: six.last, range: .sixMonths)
        let months = labels.levels.first { $0.contains { $0.text.hasPrefix("1 Feb") } }!
        #expect(months.map(\.text).contains("Jan 2019"), "\(months.map(\.text))")
        #expect(!months.map(\.text).contains("1 Jan"))
        let weeks = labels.levels[0].map(\.text)
        #expect(weeks.filter { $0.hasSuffix("2019") }.count == 1, "only the first week of the year: \(weeks)")
    }
}
