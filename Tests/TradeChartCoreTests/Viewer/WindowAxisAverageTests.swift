import Foundation
import Testing
@testable import TradeChartCore

/// SPEC section 10 in the viewer: all the data, a free window (zoom, pan, the wheel),
/// the log and percent axis, moving averages, measuring from a mark, and all of it
/// remembered.
@Suite("Windows, axis, averages, measuring")
struct WindowAxisAverageTests {
    let series = TestSeries.daily(days: 1269)

    func viewer(_ range: ChartRange = .oneYear, columns: Int = 100, rows: Int = 30, color: Bool = true,
                view: ViewSettings = ViewSettings()) -> ViewerState {
        ViewerState(series: series, range: range, options: ViewerOptions(color: color), columns: columns, rows: rows,
                    view: view)
    }

    func key(_ v: inout ViewerState, _ c: Unicode.Scalar, at time: Double = 0) -> [ViewerCommand] {
        v.handle(.key(.character(c)), at: time)
    }

    @Test func zeroAndLongerFromFiveYearsShowAllTheData() {
        var v = viewer()
        _ = key(&v, "0")
        #expect(v.range == .max && v.slice.first == 0 && v.slice.last == series.count - 1)
        #expect(v.frame(at: 5).line(v.layout.bottomRow).contains("[MAX]"))
        var w = viewer(.fiveYears)
        _ = key(&w, "-")
        #expect(w.range == .max)
    }

    @Test func zoomingInKeepsTheNewestPointAtTheRightOrTheCursorInPlace() {
        var v = viewer()
        let before = v.slice
        let commands = key(&v, "[", at: 0)
        #expect(v.window != nil && v.activeRange == nil)
        #expect(v.slice.last == series.count - 1)
        #expect(abs(v.slice.count - (before.count + 1) / 2) <= 1)
        let animating = v.isAnimating(at: 0.5)
        #expect(animating, "a change of window morphs")
        #expect(commands.contains { if case .remember(let m) = $0 { return m.window != nil }; return false })
        // With the cursor shown, it stays in the window at the same place on screen.
        var c = viewer()
        _ = c.handle(.key(.home), at: 0)
        for _ in 0..<60 { _ = c.handle(.key(.right), at: 10) }
        let cursor = c.cursor!
        let share = Double(cursor - c.slice.first) / Double(c.slice.count - 1)
        _ = key(&c, "[", at: 20)
        #expect(c.slice.contains(cursor) && c.cursor == cursor)
        #expect(abs(Double(cursor - c.slice.first) / Double(c.slice.count - 1) - share) < 0.02)
    }

    @Test func zoomingOutAndPanningNeverGoPastTheData() {
        var v = viewer()
        _ = key(&v, "[")
        _ = key(&v, "[")
        let narrow = v.slice
        _ = key(&v, ">")
        #expect(v.slice == narrow, "the window already ends on the newest point")
        #expect(v.status == "This is the newest point")
        _ = key(&v, "<")
        #expect(v.slice.last < narrow.last && v.slice.count == narrow.count)
        for _ in 0..<100 { _ = key(&v, "<") }
        #expect(v.slice.first == 0 && v.slice.count == narrow.count)
        for _ in 0..<12 { _ = key(&v, "]") }
        #expect(v.range == .max && v.window == nil, "zoomed out to everything is MAX")
        #expect(v.status == "All the data is shown")
    }

    @Test func theHeaderShowsTheWindowsDatesAndNoRangeIsActive() {
        var v = viewer()
        _ = key(&v, "[")
        let frame = v.frame(at: 10)
        let first = DateText.dayMonthYear(series.times[v.slice.first]), last = DateText.dayMonthYear(series.times[v.slice.last])
        #expect(frame.line(0).hasSuffix("\(first) – \(last)"))
        let bar = frame.line(v.layout.bottomRow)
        #expect(!bar.prefix(32).contains("["), "no range is highlighted: \(bar)")
        _ = key(&v, "4")
        #expect(v.window == nil && v.range == .sixMonths)
        #expect(v.frame(at: 10).line(v.layout.bottomRow).contains("[6M]"))
    }

    @Test func theWheelOverTheChartZoomsAroundThePointer() {
        var v = viewer()
        let column = 20
        let dotX = (Double(column) + 0.5) * 2
        let under = v.nearestPoint(toDotColumn: dotX)
        _ = v.handle(.mouse(MouseInput(column: column, row: v.layout.chartY + 5, action: .wheelUp)), at: 0)
        #expect(v.window != nil && v.slice.contains(under))
        #expect(v.slice.count < 200)
        // Over the range bar the wheel still steps the range.
        var w = viewer()
        _ = w.handle(.mouse(MouseInput(column: 2, row: w.layout.bottomRow, action: .wheelDown)), at: 0)
        #expect(w.range == .fiveYears && w.window == nil)
    }

    @Test func aWindowAtTheNewestPointFollowsNewRows() {
        var v = ViewerState(series: series, range: .oneYear, options: ViewerOptions(followed: "f"), columns: 100, rows: 30)
        _ = key(&v, "[")
        let width = v.slice.count
        var grown = series
        grown.times.append(series.times.last! + 86_400)
        grown.prices.append(series.prices.last! + 1)
        _ = v.handle(.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false)), at: 5)
        #expect(v.slice.last == grown.count - 1 && v.slice.count == width)
        // A window in the past keeps its times.
        _ = key(&v, "<", at: 10)
        let past = v.slice
        var more = grown
        more.times.append(grown.times.last! + 86_400)
        more.prices.append(grown.prices.last!)
        _ = v.handle(.follow(.updated(LoadedSeries(series: more, report: LoadReport()), reloaded: false)), at: 15)
        #expect(v.slice == past)
    }

    @Test func aLogAxisIsDrawnInLogPricesWithRoundLabels() {
        var v = viewer(.fiveYears, columns: 100, rows: 30)
        _ = key(&v, "L")
        #expect(v.logAxis && v.memory.switches.contains(.log))
        // The projection maps log prices: the newest point's plotted value is its log.
        #expect(abs(v.plotIndex.values[v.slice.last] - log(series.prices[v.slice.last])) < 1e-12)
        let frame = v.frame(at: 0)
        let labels = (v.layout.chartY..<v.layout.timeLabelRow).compactMap { row -> String? in
            let text = frame.line(row).suffix(v.layout.labelWidth).trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        #expect(labels.count >= 3)
        // The lower half of the chart covers a larger share of the prices' ratio than on a linear axis.
        _ = key(&v, "L")
        #expect(!v.logAxis && !v.memory.switches.contains(.log))
    }

    @Test func aLogAxisRefusesPricesAtOrBelowZero() {
        let spread = PriceSeries(name: "spread", times: (0..<50).map { Int64($0) * 86_400 },
                                 prices: (0..<50).map { Double($0) - 10 }, hasTimeOfDay: false)
        var v = ViewerState(series: spread, range: .fiveYears, columns: 80, rows: 24)
        _ = key(&v, "L")
        #expect(!v.logAxis)
        #expect(v.status?.hasPrefix("A log scale needs prices above zero") == true)
    }

    @Test func percentLabelsMeasureFromThePreviousClose() {
        var v = viewer(.oneYear)
        _ = key(&v, "%")
        let frame = v.frame(at: 0)
        let rows = (v.layout.chartY..<v.layout.timeLabelRow).map { frame.line($0).suffix(v.layout.labelWidth + 1) }
        #expect(rows.contains { $0.hasSuffix(" 0%") }, "the baseline is 0%")
        #expect(rows.filter { $0.hasSuffix("%") }.count >= 3)
        // Each label sits at the row of its price: reference * (1 + p/100).
        for (offset, row) in rows.enumerated() where row.hasSuffix("%") && !row.hasSuffix(" 0%") {
            let text = row.trimmingCharacters(in: .whitespaces).dropLast()
            guard let pct = Double(text.replacingOccurrences(of: ",", with: "")) else { continue }
            let price = v.baselinePrice * (1 + pct / 100)
            let expected = Int((v.target.y(v.plotted(price)) / 4).rounded(.down))
            #expect(expected == offset, "\(row)")
        }
    }

    @Test func averagesCycleAndTheLegendSaysTheirValueAtTheCursor() {
        var v = viewer(.oneYear)
        _ = key(&v, "m")
        #expect(v.averageBars == [20])
        _ = key(&v, "m")
        #expect(v.averageBars == [20, 50, 200] && v.memory.averages == [20, 50, 200])
        _ = v.handle(.key(.end), at: 0)
        _ = v.handle(.key(.left), at: 0)
        let point = v.cursor!
        let frame = v.frame(at: 0)
        let status = frame.line(v.layout.statusRow)
        for bars in [20, 50, 200] {
            let mean = series.prices[(point - bars + 1)...point].reduce(0, +) / Double(bars)
            #expect(status.contains("MA\(bars) \(v.priceFormatter.string(mean))"), "\(status)")
        }
        // Each average is drawn in a colour of its own, under the price line.
        let colours = Set(frame.cells.filter { $0.character.value > 0x2800 && $0.character.value <= 0x28FF }.map(\.style.color))
        #expect(colours.isSuperset(of: [.series1, .series2, .series3]))
        _ = key(&v, "m")
        #expect(v.averageBars.isEmpty && v.memory.averages == nil)
    }

    /// A steady rise over a month leaves the 200-bar average far below every price of the
    /// month: the axis takes it in, so the line the legend names is on screen, drawn in
    /// its colour; turned off, the axis lets go of it again.
    @Test func theAxisHoldsTheAveragesShown() throws {
        var rising = TestSeries.daily(days: 400)
        rising.prices = (0..<400).map { 100 + Double($0) }
        var v = ViewerState(series: rising, range: .oneMonth, options: ViewerOptions(morphDuration: 0), columns: 100, rows: 30)
        let alone = v.target.y
        let average = rising.prices[(399 - 199)...399].reduce(0, +) / 200
        #expect(alone(average) >= Double(v.layout.chartHeight * 4), "off the plot without the average")
        _ = key(&v, "m")
        _ = key(&v, "m")
        #expect(v.averageBars == [20, 50, 200])
        let height = Double(v.layout.chartHeight * 4)
        #expect(v.target.y(average) >= 0 && v.target.y(average) < height)
        let shown = v.frame(at: 0).cells.filter { $0.style.color == .series3 && $0.character.value > 0x2800 }
        #expect(shown.count >= v.layout.chartWidth / 2, "the 200-bar average is drawn across the month")
        _ = key(&v, "m")
        #expect(v.target.y(average) >= height)
    }

    @Test func withoutColourAveragesAreDottedSoTheyReadApartFromThePrice() {
        let coloured = viewer(.oneYear, view: ViewSettings(averages: [50])).frame(at: 0)
        let plain = viewer(.oneYear, color: false, view: ViewSettings(averages: [50])).frame(at: 0)
        let dots = { (f: Frame) in
            f.cells.filter { $0.style.color == .series1 && $0.character.value > 0x2800 && $0.character.value <= 0x28FF }
                .map { $0.character.value - 0x2800 }
        }
        #expect(!dots(coloured).isEmpty)
        #expect(dots(plain).allSatisfy { $0 & 0xB8 == 0 }, "only the left dot column of each cell")
    }

    @Test func theMarkMeasuresChangePercentBarsAndDays() {
        var v = viewer(.oneYear, columns: 140)
        _ = v.handle(.key(.home), at: 0)
        for _ in 0..<10 { _ = v.handle(.key(.right), at: 10) }
        let marked = v.cursor!
        _ = v.handle(.key(.character(" ")), at: 20)
        #expect(v.markedPoint == marked)
        for _ in 0..<20 { _ = v.handle(.key(.right), at: 30) }
        let point = v.cursor!
        let header = v.frame(at: 40).line(0)
        let change = series.prices[point] - series.prices[marked]
        let percent = change / series.prices[marked] * 100
        let days = Int((Double(series.times[point] - series.times[marked]) / 86_400).rounded())
        #expect(header.contains(v.priceFormatter.signed(change)), "\(header)")
        #expect(header.contains(PriceFormatter.percent(percent)))
        #expect(header.contains("\(point - marked) bars, \(days) days"))
        // The mark is drawn on the chart.
        #expect(v.frame(at: 40).cells.contains { $0.character == "◆" })
        // Esc clears the mark, then hides the cursor.
        _ = v.handle(.key(.escape), at: 50)
        #expect(v.mark == nil && v.cursor == point)
        _ = v.handle(.key(.escape), at: 51)
        #expect(v.cursor == nil)
    }

    @Test func theViewIsRememberedAndComesBack() {
        var v = viewer(.oneYear)
        _ = key(&v, "[")
        _ = key(&v, "L")
        _ = key(&v, "%")
        _ = key(&v, "m")
        let memory = v.memory
        #expect(memory.window?.count == 2 && memory.switches == [.log, .percent] && memory.averages == [20])
        let again = ViewerState(series: series, range: memory.range.flatMap(ChartRange.init(label:)), columns: 100, rows: 30,
                                memory: memory, view: ViewSettings(remembered: memory))
        #expect(again.slice == v.slice && again.window == v.window)
        #expect(again.logAxis && again.percentAxis && again.averageBars == [20])
        // The same chart (the status line said what the keys did; the reopened one has no news).
        let a = again.frame(at: 100), b = v.frame(at: 100)
        for row in 0..<a.height where row != v.layout.statusRow { #expect(a.line(row) == b.line(row), "line \(row)") }
    }

    @Test func aWindowWithNoPricesSaysSoAndKeepsTheRange() {
        let v = viewer(.oneYear, view: ViewSettings(window: 0...86_400))
        #expect(v.window == nil && v.range == .oneYear)
        #expect(v.status == "No prices before 13 May 2014, the first day in the file; showing 1Y")
    }

    /// The file's last day alone (`--from` that day), a window after the data (`--from 2025`)
    /// and days between prices each say what is true of them, never "between X and X".
    @Test func aWindowWithFewerThanTwoPricesSaysWhatTheFileHoldsThere() {
        let last = series.times[series.count - 1], day: Int64 = 86_400
        let saturday = CivilDate(year: 2014, month: 5, day: 17).dayNumber * day
        let said = [last...last, (last + 400 * day)...(last + 400 * day), saturday...(saturday + day - 1),
                    saturday...(saturday + 2 * day - 1)]
            .map { viewer(.oneYear, view: ViewSettings(window: $0)).status }
        #expect(said == ["One price on 22 Mar 2019: a chart needs two; showing 1Y",
                         "No prices after 22 Mar 2019, the last day in the file; showing 1Y",
                         "No prices on 17 May 2014; showing 1Y",
                         "No prices between 17 May 2014 and 18 May 2014; showing 1Y"])
    }

    @Test func datesOnTheCommandLineNameSpans() {
        let day: Int64 = 86_400
        let year = DateArgument("2019")!.span
        #expect(year.lowerBound == CivilDate(year: 2019, month: 1, day: 1).dayNumber * day)
        #expect(year.upperBound == CivilDate(year: 2020, month: 1, day: 1).dayNumber * day - 1)
        let month = DateArgument("2019-02")!.span
        #expect(month.upperBound == CivilDate(year: 2019, month: 3, day: 1).dayNumber * day - 1)
        let date = DateArgument("2019-05-13")!.span
        #expect(date.lowerBound == CivilDate(year: 2019, month: 5, day: 13).dayNumber * day && date.count == Int(day))
        #expect(DateArgument("13.05.2019")?.span == date)
        #expect(DateArgument("May 13, 2019")?.span == date)
        #expect(DateArgument("5/13/2019")?.span == date)
        #expect(DateArgument("2019-05-13 09:30")?.span.count == 1)
        #expect(DateArgument("2019-13") == nil && DateArgument("soon") == nil && DateArgument("") == nil)
    }
}
