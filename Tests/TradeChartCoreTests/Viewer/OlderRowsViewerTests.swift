import Testing
@testable import TradeChartCore

/// Issue 24: a file shown from its newest rows while the older ones are read. Keys act at
/// once; a key that reaches the oldest rows read says the chart fills in; once the older
/// rows are read the viewer shows exactly what a viewer of the whole file shows.
@Suite("The newest rows first, the older filling in")
struct OlderRowsViewerTests {
    /// Eight years of weekdays; the newest rows a tail-first load would read for the opening 1Y.
    static let whole = TestSeries.daily(days: 2100)
    static let newest: PriceSeries = {
        let first = whole.start(of: .oneYear).first - 1
        return PriceSeries(name: whole.name, times: Array(whole.times[first...]), prices: Array(whole.prices[first...]),
                           hasTimeOfDay: false)
    }()

    static func viewer(_ series: PriceSeries) -> ViewerState {
        ViewerState(series: series, columns: 100, rows: 24)
    }

    /// The first frame shows the whole file's opening range, its reference and header; only
    /// the price column may be narrower (it is as wide as the prices read so far need).
    @Test func theNewestRowsHoldTheOpeningRange() {
        #expect(FirstFrameNeed().isMet(by: Self.newest))
        let shown = Self.viewer(Self.newest), all = Self.viewer(Self.whole)
        #expect(shown.range == all.range && shown.slice.count == all.slice.count && shown.baselinePrice == all.baselinePrice)
        let lines = shown.frame(at: 0).plainText.split(separator: "\n"), allLines = all.frame(at: 0).plainText.split(separator: "\n")
        #expect(lines.first == allLines.first)
        #expect(lines.last == allLines.last)
    }

    @Test func theReadIsSaidAndAKeyReachingTheOldestRowsReadSaysItFillsIn() {
        var state = Self.viewer(Self.newest)
        _ = state.handle(.olderRows(.reading(fraction: 0.042)), at: 0)
        #expect(state.status == "reading older rows: 4 %")
        _ = state.handle(.olderRows(.reading(fraction: 0.5)), at: 0.1)
        #expect(state.status == "reading older rows: 50 %")
        // 6M lies within the rows read: said as any key.
        _ = state.handle(.key(.character("4")), at: 0.2)
        #expect(state.range == .sixMonths)
        #expect(state.status == nil)
        // 5Y reaches the oldest row read: shown at once, and said.
        _ = state.handle(.key(.character("6")), at: 0.3)
        #expect(state.range == .fiveYears)
        #expect(state.slice.first == 0)
        #expect(state.status == "older rows are still being read (50 %): the chart fills in when they are")
        // Progress goes on on the line that says it, and is kept once among the messages.
        _ = state.handle(.olderRows(.reading(fraction: 0.9)), at: 0.4)
        #expect(state.status == "older rows are still being read (90 %): the chart fills in when they are")
        _ = state.handle(.key(.character("5")), at: 0.5)
        _ = state.handle(.olderRows(.reading(fraction: 0.95)), at: 0.6)
        #expect(state.status == nil)
        _ = state.handle(.key(.character("0")), at: 0.7)
        _ = state.handle(.olderRows(.reading(fraction: 0.97)), at: 0.8)
        #expect(state.status == "older rows are still being read (97 %): the chart fills in when they are")
        #expect(state.messages.filter { $0.hasPrefix("reading older rows") }.count == 1)
    }

    @Test(arguments: ["5", "6", "0"])
    func onceReadTheViewerShowsWhatAViewerOfTheWholeFileShows(_ key: String) {
        var state = Self.viewer(Self.newest)
        var reference = Self.viewer(Self.whole)
        _ = state.handle(.olderRows(.reading(fraction: 0.1)), at: 0)
        for (n, event) in [ViewerEvent.key(.character(Unicode.Scalar(key)!)), .key(.left), .key(.left)].enumerated() {
            _ = state.handle(event, at: Double(n) * 0.1)
            _ = reference.handle(event, at: Double(n) * 0.1)
        }
        var report = LoadReport()
        report.recordBad(line: 1234, reason: "price 'abc' is not a number")
        _ = state.handle(.olderRows(.read(LoadedSeries(series: Self.whole, report: report))), at: 1)
        #expect(state.series == Self.whole)
        #expect(state.status == "1 bad row skipped (line 1234: price 'abc' is not a number)")
        _ = state.handle(.key(.escape), at: 2)
        _ = reference.handle(.key(.escape), at: 2)
        #expect(state.cursor == reference.cursor)
        #expect(state.frame(at: 10).plainText == reference.frame(at: 10).plainText)
    }

    /// Worked out from the newest rows alone, an EMA or RSI would not be the file's (each value
    /// carries every row before): they wait for the older rows, the status line says so, and
    /// once read they are those of a viewer of the whole file.
    @Test func indicatorsWaitForTheOlderRowsAndAreThenTheWholeFiles() throws {
        let chosen = try IndicatorChoice.list("ema:9,rsi")
        func viewer(_ series: PriceSeries) -> ViewerState {
            ViewerState(series: series, range: nil, options: ViewerOptions(), columns: 100, rows: 30,
                        view: ViewSettings(indicators: chosen))
        }
        var state = viewer(Self.newest)
        var reference = viewer(Self.whole)
        _ = state.handle(.olderRows(.reading(fraction: 0.3)), at: 0)
        #expect(state.drawnIndicatorTitles.isEmpty)
        #expect(state.status == "reading older rows: 30 %; EMA 9 and RSI 14 are drawn once they are read")
        // Neither a legend nor a pane: only the status line names them.
        let waiting = state.frame(at: 1).plainText.split(separator: "\n")
        #expect(waiting.filter { $0.contains("EMA 9") || $0.contains("RSI 14") }.count == 1)
        // A key (here one that keeps within the rows read) says it again.
        _ = state.handle(.key(.character("4")), at: 2)
        _ = reference.handle(.key(.character("4")), at: 2)
        #expect(state.status == "reading older rows: 30 %; EMA 9 and RSI 14 are drawn once they are read")
        _ = state.handle(.olderRows(.read(LoadedSeries(series: Self.whole, report: LoadReport()))), at: 3)
        #expect(state.drawnIndicatorTitles == ["EMA 9", "RSI 14"])
        #expect(state.status == nil)
        #expect(state.frame(at: 10).plainText == reference.frame(at: 10).plainText)
    }

    /// The indicators giving way while a range's morph runs (the first older rows arrive just
    /// after a key) leave the chart's pane, and the morph goes on towards the chart without it,
    /// from what is on screen: no jump now, none at its end.
    @Test func theIndicatorsGivingWayMidMorphTurnTheMorphTowardsTheNewLayout() throws {
        var state = ViewerState(series: Self.newest, range: nil, options: ViewerOptions(), columns: 100, rows: 30,
                                view: ViewSettings(indicators: try IndicatorChoice.list("rsi")))
        _ = state.handle(.key(.character("3")), at: 0)
        let running = try #require(state.morph)
        let time = running.start + running.duration / 3
        let before = state.projection(at: time)
        _ = state.handle(.olderRows(.reading(fraction: 0.1)), at: time)
        #expect(state.layout.panes == 0)
        let morph = try #require(state.morph)
        #expect(morph.to == state.target, "the morph aims at the chart without the pane")
        #expect(state.projection(at: time) == before, "no jump")
        #expect(state.projection(at: running.start + running.duration) == state.target)
    }

    /// When the older rows cannot be read, the newest rows are the series: the indicators are worked out from them.
    @Test func indicatorsAreDrawnFromTheNewestRowsWhenTheOlderCannotBeRead() throws {
        var state = ViewerState(series: Self.newest, range: nil, options: ViewerOptions(), columns: 100, rows: 30,
                                view: ViewSettings(indicators: try IndicatorChoice.list("rsi")))
        _ = state.handle(.olderRows(.reading(fraction: 0.1)), at: 0)
        #expect(state.drawnIndicatorTitles.isEmpty)
        _ = state.handle(.olderRows(.failed("older rows not read: x.csv: Input/output error")), at: 1)
        #expect(state.drawnIndicatorTitles == ["RSI 14"])
        #expect(state.frame(at: 2).plainText.contains("RSI 14"))
    }

    @Test func aFailedReadKeepsTheNewestRowsAndSaysWhy() {
        var state = Self.viewer(Self.newest)
        _ = state.handle(.olderRows(.reading(fraction: 0.1)), at: 0)
        _ = state.handle(.olderRows(.failed("older rows not read: x.csv: Input/output error")), at: 1)
        #expect(state.series == Self.newest)
        #expect(state.status == "older rows not read: x.csv: Input/output error")
        _ = state.handle(.key(.character("6")), at: 2)
        #expect(state.status == nil)
    }
}
