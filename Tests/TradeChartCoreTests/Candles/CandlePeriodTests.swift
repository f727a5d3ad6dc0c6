import Foundation
import Testing
@testable import TradeChartCore

/// Candles by time (issue 28): a candle merges the bars of one period a trader uses,
/// starting on its clock or calendar boundary, never across a session; the header says the
/// period; `p` and `--period` choose another.
@Suite("Candles by time")
struct CandlePeriodTests {
    static let sp500 = RealFilesTests.dataDirectory + "/SP500_1min_2019-11-05_to_08_mplfinance.csv"

    /// A viewer on `path` with every column read, candles drawn.
    static func viewer(_ path: String, range: ChartRange, columns: Int, rows: Int, period: CandlePeriod? = nil,
                       style: ChartStyle = .candles, volume: Bool = false) throws -> ViewerState {
        let loaded = try SeriesLoader.load(path: path, options: LoadOptions(bars: .all))
        return ViewerState(series: loaded.series, range: range, columns: columns, rows: rows,
                           candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices,
                                                style: style, volume: volume, period: period))
    }

    static func dax(_ range: ChartRange, columns: Int = 100, rows: Int = 30, period: CandlePeriod? = nil,
                    style: ChartStyle = .candles, volume: Bool = false) throws -> ViewerState {
        try viewer(CandleViewerTests.daxPath, range: range, columns: columns, rows: rows, period: period, style: style,
                   volume: volume)
    }

    static func header(_ state: ViewerState) -> String {
        state.frame(at: 0).plainText.components(separatedBy: "\n")[0]
    }

    /// The candles on screen, each a whole period but where the range cuts the first and the last.
    static func checkWholePeriods(_ v: ViewerState, sourceLocation: SourceLocation = #_sourceLocation) {
        let candles = v.geometry(at: 0).candles
        let times = v.series.times, period = v.candlePeriod
        #expect(candles.first?.first == v.slice.first && candles.last?.last == v.slice.last, sourceLocation: sourceLocation)
        for (k, c) in candles.enumerated() {
            // All its bars in one period...
            #expect(period.start(of: times[c.first]) == period.start(of: times[c.last]), sourceLocation: sourceLocation)
            // ...and every bar of that period in the range.
            if k > 0 { #expect(period.start(of: times[c.first - 1]) != period.start(of: times[c.first]), sourceLocation: sourceLocation) }
            if k < candles.count - 1 {
                #expect(period.start(of: times[c.last + 1]) != period.start(of: times[c.last]), sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aYearOfDaysIsDrawnInWeeksFromMonday() throws {
        let v = try Self.dax(.oneYear, volume: true)
        #expect(Self.header(v).contains("1Y · 1 candle = 1 week · 14 May 2018 – 13 May 2019"))
        Self.checkWholePeriods(v)
        let candles = v.geometry(at: 0).candles
        let times = v.series.times
        // Each whole week starts on its first trading day: a Monday but after a holiday.
        let mondays = candles.dropFirst().filter { LocalTime.date(times[$0.first]).weekday == 0 }
        #expect(mondays.count >= 47, "\(mondays.count) of \(candles.count - 1)")
        // Christmas 2018: the DAX traded on Thursday 27 and Friday 28 only; that week is one
        // candle of two days, with the exact merge of those rows.
        let christmas = try #require(candles.first { DateText.dayMonthYear(times[$0.first]) == "27 Dec 2018" })
        #expect(christmas.bars == 2 && DateText.dayMonthYear(times[christmas.last]) == "28 Dec 2018")
        #expect(christmas.open == 10607.419922 && christmas.close == 10558.959961)
        #expect(christmas.high == 10635.450195 && christmas.low == 10279.200195)
        #expect(christmas.volume.map { Int($0) } == 104_152_600 + 52_604_300)
        // The range starts on Monday 14 May 2018 and ends on Monday 13 May 2019: 53 candles, the last one day.
        #expect(candles.count == 53 && candles.last?.bars == 1)
    }

    @Test func fiveYearsAtTwoHundredColumnsAreDrawnInMonthsFromTheFirst() throws {
        let v = try Self.dax(.fiveYears, columns: 200, rows: 60)
        #expect(Self.header(v).contains("5Y · 1 candle = 1 month · 14 May 2014 – 13 May 2019"))
        Self.checkWholePeriods(v)
        let candles = v.geometry(at: 0).candles
        let times = v.series.times
        // May 2014 (from the 14th) to May 2019 (to the 13th): 61 months, each from its first trading day.
        #expect(candles.count == 61)
        for c in candles.dropFirst() { #expect(LocalTime.date(times[c.first]).day <= 4) }
        // A month merges the days it has, however many: 17 to 23 here.
        let days = Set(candles.dropFirst().dropLast().map(\.bars))
        #expect(days.min()! == 17 && days.max()! == 23, "\(days.sorted())")
    }

    @Test func intradayCandlesNeverCrossTheNight() throws {
        // The case: 5D at 100 columns had a candle from 7 Nov 15:51 to 8 Nov 09:59.
        for columns in [60, 100, 200] {
            let v = try Self.viewer(Self.sp500, range: .fiveDays, columns: columns, rows: 20)
            let times = v.series.times
            let candles = v.geometry(at: 0).candles
            #expect(candles.count > 4)
            for c in candles {
                #expect(LocalTime.dayNumber(times[c.first]) == LocalTime.dayNumber(times[c.last]),
                        "\(columns) columns: \(DateText.moment(times[c.first], withTime: true)) – \(DateText.moment(times[c.last], withTime: true))")
            }
            Self.checkWholePeriods(v)
        }
        let v = try Self.viewer(Self.sp500, range: .fiveDays, columns: 100, rows: 20)
        #expect(Self.header(v).contains("5D · 1 candle = 30 min"))
    }

    @Test func fifteenMinuteCandlesStartOnTheQuarterHourWithMinutesMissing() throws {
        let loaded = try SeriesLoader.load(path: Self.sp500, options: LoadOptions(bars: .all))
        // Every 7th minute and the first 20 minutes of 7 Nov left out: candles still start on the quarter hour.
        let series = loaded.series, bars = try #require(loaded.bars)
        let kept = series.times.indices.filter { i in
            let t = series.times[i], minute = LocalTime.secondOfDay(t) / 60
            return i % 7 != 3 && !(LocalTime.date(t) == CivilDate(year: 2019, month: 11, day: 7) && minute < 9 * 60 + 50)
        }
        func pick(_ column: [Double]?) -> [Double]? { column.map { c in kept.map { c[$0] } } }
        let gappy = PriceSeries(name: series.name, times: kept.map { series.times[$0] }, prices: kept.map { series.prices[$0] },
                                hasTimeOfDay: true)
        let gappyBars = BarColumns(count: kept.count, open: pick(bars.open), high: pick(bars.high), low: pick(bars.low),
                                   volume: pick(bars.volume))
        for range in [ChartRange.oneDay, .fiveDays] {
            let v = ViewerState(series: gappy, range: range, columns: 200, rows: 30,
                                candles: CandleState(names: loaded.barNames, bars: gappyBars, closes: gappy.prices,
                                                     style: .candles, period: .fifteenMinutes))
            #expect(v.candlePeriod == .fifteenMinutes)
            #expect(Self.header(v).contains("1 candle = 15 min"))
            let times = gappy.times
            for c in v.geometry(at: 0).candles {
                let start = CandlePeriod.fifteenMinutes.start(of: times[c.first])
                #expect(LocalTime.secondOfDay(start) % 900 == 0)
                #expect(times[c.last] < start + 900, "\(DateText.moment(times[c.first], withTime: true)) – \(DateText.moment(times[c.last], withTime: true))")
            }
            Self.checkWholePeriods(v)
        }
        // 7 Nov opens at 9:50 here: its first candle is 9:50 to 9:59.
        let v = ViewerState(series: gappy, range: .fiveDays, columns: 200, rows: 30,
                            candles: CandleState(names: loaded.barNames, bars: gappyBars, closes: gappy.prices,
                                                 style: .candles, period: .fifteenMinutes))
        let opening = try #require(v.geometry(at: 0).candles.first { DateText.moment(gappy.times[$0.first], withTime: true).contains("7 Nov") })
        #expect(DateText.time(gappy.times[opening.first]) == "09:50" && DateText.time(gappy.times[opening.last]) == "09:59")
    }

    @Test func aChosenPeriodGivesWayToALongerOneWhereItDoesNotFit() throws {
        // 1 h on a year of days: the days are the shortest the file has, and a year of them does not fit.
        let hours = try Self.dax(.oneYear, period: .oneHour)
        #expect(hours.candlePeriod == .week)
        let months = try Self.dax(.oneYear, period: .month)
        #expect(months.candlePeriod == .month && Self.header(months).contains("1 candle = 1 month"))
        let days = try Self.dax(.oneMonth, period: .day)
        #expect(days.candlePeriod == .day)
        let daysOnFiveYears = try Self.dax(.fiveYears, period: .day)
        #expect(daysOnFiveYears.candlePeriod == .quarter)
    }

    @Test func pCyclesAutoAndTheLongerPeriodsThatGiveTwoCandles() throws {
        var v = try Self.dax(.oneYear)
        var said: [String] = []
        var headers: [String] = []
        for _ in 0..<5 {
            let commands = v.handle(.key(.character("p")), at: 0)
            said.append(v.status ?? "")
            headers.append(Self.header(v))
            #expect(commands.contains { if case .remember(let m) = $0 { m.period == v.candles.period?.rawValue } else { false } })
        }
        #expect(said == [
            "Candle period 1 month, longer where it does not fit: 1 candle = 1 month; p: the next",
            "Candle period 3 months, longer where it does not fit: 1 candle = 3 months; p: the next",
            "Candle period 1 year, longer where it does not fit: 1 candle = 1 year; p: the next",
            "Candle period auto, the smallest that fits: 1 candle = 1 week; p: the next",
            "Candle period 1 month, longer where it does not fit: 1 candle = 1 month; p: the next",
        ])
        #expect(headers.map { $0.contains("1Y · " + CandleGrouping.label(.month)) } == [true, false, false, false, true])
        // 1Y spans 2018 and 2019: two yearly candles.
        _ = v.handle(.key(.character("p")), at: 0)
        _ = v.handle(.key(.character("p")), at: 0)
        #expect(v.geometry(at: 0).candles.count == 2)
    }

    @Test func pIsForCandlesAndTheVolumePane() throws {
        var line = try Self.dax(.oneYear, style: .line)
        _ = line.handle(.key(.character("p")), at: 0)
        #expect(line.status == "p: the candle period is for candles, OHLC bars and the volume pane: press c or v first")
        #expect(line.candles.period == nil)
        var pane = try Self.dax(.oneYear, style: .line, volume: true)
        _ = pane.handle(.key(.character("p")), at: 0)
        #expect(pane.candles.period == .month)
        // Comparing files draws lines in percent: no candles, no period.
        let loaded = try SeriesLoader.load(path: CandleViewerTests.daxPath, options: LoadOptions(bars: .all))
        var compared = ViewerState(series: loaded.series, range: .oneYear, columns: 100, rows: 30, others: [loaded.series],
                                   candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices,
                                                        style: .candles, volume: true))
        _ = compared.handle(.key(.character("p")), at: 0)
        #expect(compared.status == "p: candles and volume show one file; not while files are compared in percent")
        #expect(compared.candles.period == nil)
        var bars = try Self.dax(.oneYear, style: .ohlc)
        _ = bars.handle(.key(.character("p")), at: 0)
        #expect(bars.status == "Candle period 1 month, longer where it does not fit: 1 bar = 1 month; p: the next")
    }

    /// Volume bars follow the candles' groups, and equal candles get equal bars.
    @Test func volumeBarsAreAsWideAsTheirCandles() throws {
        let v = try Self.dax(.oneMonth, volume: true)
        let lines = v.frame(at: 0).plainText.components(separatedBy: "\n")
        let bottom = lines[v.layout.volumeY + v.layout.volumeRows - 1]
        let runs = bottom.split(separator: " ").filter { $0.allSatisfy { "▁▂▃▄▅▆▇█".contains($0) } }.map(\.count)
        #expect(runs.count == v.geometry(at: 0).candles.count && Set(runs).count == 1, "\(runs)")
    }

    /// A volume pane with nothing to show says so in its middle row (the bundled minute
    /// file's volume column is 0 in every row), in the longest form that fits; a pane with
    /// volume does not.
    @Test func anEmptyVolumePaneSaysWhy() throws {
        for (columns, said) in [(100, "no volume above 0 in this range"), (34, "no volume above 0"), (26, "no volume")] {
            let v = try Self.viewer(Self.sp500, range: .fiveDays, columns: columns, rows: 24, volume: true)
            let lines = v.frame(at: 0).plainText.components(separatedBy: "\n")
            let middle = lines[v.layout.volumeY + (v.layout.volumeRows - 1) / 2]
            #expect(middle.trimmingCharacters(in: .whitespaces) == said, "\(columns) columns: \(middle)")
            #expect(lines.filter { $0.contains("no volume") }.count == 1)
        }
        let dax = try Self.dax(.oneYear, volume: true)
        #expect(!dax.frame(at: 0).plainText.contains("no volume"))
    }

    /// The still chart's candle period is kept between frames (`KeptCandlePeriod`): after every
    /// event, with candles or the volume pane alone, the period and the screen are those worked
    /// out with nothing kept (a period chosen with `p`, a range, a zoom, a scrub, a resize).
    @Test(arguments: [(ChartStyle.candles, false), (.candles, true), (.line, true)])
    func theKeptCandlePeriodIsTheOneWorkedOutAfresh(style: ChartStyle, volume: Bool) throws {
        var v = try Self.viewer(Self.sp500, range: .fiveDays, columns: 100, rows: 30, style: style, volume: volume)
        let keys: [ViewerEvent] = "pp12]<<[".unicodeScalars.map { .key(.character($0)) }
        let events: [ViewerEvent] = keys + [.key(.left), .resize(columns: 64, rows: 24), .key(.character("p")),
                                            .key(.character("3")), .resize(columns: 140, rows: 40), .key(.character("p"))]
        var periods: Set<String> = []
        for (k, event) in events.enumerated() {
            _ = v.handle(event, at: Double(k) * 10)
            let afresh = v.forgettingKeptParts
            #expect(v.candlePeriod == afresh.candlePeriod, "after event \(k)")
            #expect(v.frame(at: Double(k) * 10 + 5).plainText == afresh.frame(at: Double(k) * 10 + 5).plainText,
                    "after event \(k)")
            periods.insert(v.candlePeriod.words)
        }
        #expect(periods.count >= 3, "the events change the period: \(periods)")
    }

    @Test(arguments: [(100, 30), (64, 20)])
    func goldenFramesOfWeeksAndOfIntradayCandles(columns: Int, rows: Int) throws {
        let weeks = try Self.dax(.oneYear, columns: columns, rows: rows, volume: true)
        Golden.check(weeks.frame(at: 0).plainText + "\n", name: "dax-1Y-candles-volume-\(columns)x\(rows).txt")
        let minutes = try Self.viewer(Self.sp500, range: .fiveDays, columns: columns, rows: rows)
        Golden.check(minutes.frame(at: 0).plainText + "\n", name: "sp500-5D-candles-\(columns)x\(rows).txt")
    }
}
