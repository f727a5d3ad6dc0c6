import Testing
@testable import TradeChartCore

/// The words of each message: what users see on the status line and in `!`.
@Suite("Status message")
struct StatusMessageTests {
    @Test func messagesAreWordedAsTheStatusLineShowsThem() {
        let cases: [(StatusMessage, String)] = [
            (.note("as given"), "as given"),
            (.all([.markCleared, .note("why")]), "Mark cleared; why"),
            (.keyRefused(key: "c", .candlesWhileComparing), "c: candles and volume show one file; not while files are compared in percent"),
            (.noPanelToScroll(key: "Up"), "Up scrolls a panel; there is none open (press ? for keys)"),
            (.unboundKey(key: "x"), "x does nothing here; press ? for keys"),
            (.marked(moment: "3 Jan 2019"), "Marked 3 Jan 2019: the header measures from here; Esc clears"),
            (.setting(.percent, on: true), "Labels in percent from the previous close"),
            (.setting(.percent, on: false), "Labels in prices"),
            (.averages([]), "No moving averages"),
            (.averages([20, 50, 200]), "Moving averages of 20, 50, 200 bars"),
            (.setting(.tones, on: false), "Tones off"),
            (.setting(.log, on: true), "Log scale: equal steps are equal percent changes"),
            (.setting(.log, on: false), "Linear scale"),
            (.zoomLimit(zoomingIn: true), "Zoomed in as far as it goes: two points"),
            (.zoomLimit(zoomingIn: false), "All the data is shown"),
            (.panLimit(older: true), "This is the start of the data"),
            (.panLimit(older: false), "This is the newest point"),
            (.style(.line, grouping: ""), "Line; c: candles"),
            (.style(.candles, grouping: "1 candle = 1 day"), "Candles, rising hollow, falling filled: 1 candle = 1 day; c: OHLC bars"),
            (.style(.ohlc, grouping: "1 bar = 1 day"), "OHLC bars, open tick left, close tick right: 1 bar = 1 day; c: line"),
            (.setting(.volume, on: false), "Volume pane hidden"),
            (.setting(.volume, on: true), "Volume pane"),
            (.volumePane(column: "Volume", file: "a.csv", empty: false), "Volume pane: Volume, one bar a candle"),
            (.volumePane(column: "Volume", file: "a.csv", empty: true), "Volume pane: Volume is 0 or empty in every row of a.csv"),
            (.reading(columns: ["Open", "High"], file: "a.csv"), "Reading Open, High of a.csv…"),
            (.columnsGone(file: "a.csv"), "a.csv no longer has the columns asked for; it stays a line"),
            (.nothingToCompare, "Tab compares files: give more than one (tradechart a.csv b.csv)"),
            (.primary(file: "b.csv"), "b.csv is the primary file now: its calendar is the x axis"),
        ]
        for (message, words) in cases { #expect(message.text == words) }
    }

    /// Why something cannot be done, each a case with what its words need.
    @Test func refusalsAreWordedAsTheStatusLineShowsThem() {
        let cases: [(StatusMessage, String)] = [
            (.rangeUnavailable(.needsIntraday(.oneDay)), "1D needs intraday data"),
            (.rangeUnavailable(.tooFewPrices(.max)), "MAX needs at least two prices"),
            (.rangeUnavailable(.onePrice(.oneMonth, since: 1_704_153_600)), "1M: only one price since 2024-01-02"),
            (.logNeedsPositivePrices(lowest: "-1.50"), "A log scale needs prices above zero; the lowest is -1.50"),
            (.percentNeedsPositiveReference(price: "0.00"), "Percent labels need a reference price above zero (it is 0.00)"),
            (.candlesNeedColumns(file: "a.csv", missing: ["Open"]),
             "candles need the open, high and low of each bar; a.csv has no Open column, so it stays a line"),
            (.candlesNeedColumns(file: "a.csv", missing: ["Open", "High", "Low"]),
             "candles need the open, high and low of each bar; a.csv has no Open, High or Low column, so it stays a line"),
            (.noVolumeColumn(file: "a.csv"), "no volume pane: a.csv has no Volume column"),
            (.candlesWhileComparing, "candles and volume show one file; not while files are compared in percent"),
            (.candlesNotRead, "candles were not read: press c"),
            (.volumeNotRead, "volume was not read: press v"),
            (.keyRefused(key: "v", .noVolumeColumn(file: "a.csv")), "v: no volume pane: a.csv has no Volume column"),
        ]
        for (message, words) in cases { #expect(message.text == words) }
    }

    @Test func aLogAxisOverANegativePriceIsRefusedWithTheLowestAsTheLabelsWriteIt() {
        let series = PriceSeries(name: "T", times: [0, 86_400, 172_800], prices: [2, -1.5, 3], hasTimeOfDay: false)
        var v = ViewerState(series: series, range: .max, columns: 100, rows: 30)
        _ = v.handle(.key(.character("L")), at: 0)
        #expect(v.statusLine.message == .logNeedsPositivePrices(lowest: v.priceFormatter.string(-1.5)))
        #expect(!v.logAxis)
    }

    @Test func theViewerSaysWhatAKeyDidAsAMessage() {
        var v = ViewerState(series: TestSeries.daily(days: 600), range: .oneYear, columns: 100, rows: 30)
        _ = v.handle(.key(.character("L")), at: 0)
        #expect(v.statusLine.message == .setting(.log, on: true))
        #expect(v.status == StatusMessage.setting(.log, on: true).text)
        _ = v.handle(.key(.character("m")), at: 1)
        #expect(v.statusLine.message == .averages([20]))
        #expect(v.messages.suffix(2) == [StatusMessage.setting(.log, on: true).text, StatusMessage.averages([20]).text])
    }

    @Test func openingWithALogAxisSaysOnlyWhatCannotBeShown() {
        let v = ViewerState(series: TestSeries.daily(days: 600), columns: 100, rows: 30, status: "from the launch",
                            view: ViewSettings(switches: [.log]))
        #expect(v.logAxis)
        #expect(v.statusLine.message == .note("from the launch"))
    }
}
