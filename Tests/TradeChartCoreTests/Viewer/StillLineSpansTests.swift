import Testing
@testable import TradeChartCore

/// The lines' column spans a still chart keeps between frames (`StillLineSpans`): after
/// every kind of event the frame drawn with them is the frame drawn afresh, and spans kept
/// from before an event (a follow, a range switch, a resize, the log axis, an indicator or
/// the averages turned) never show after it.
@Suite("Still line spans")
struct StillLineSpansTests {
    /// A viewer with the price, an average, two overlays and two panes, and events of every kind.
    static func viewer() throws -> ViewerState {
        ViewerState(series: TestSeries.daily(days: 1_500), range: .oneYear, options: ViewerOptions(), columns: 110, rows: 40,
                    view: ViewSettings(averages: [20], indicators: try IndicatorChoice.list("bb,ema:9,rsi,macd")))
    }

    static let events: [(String, ViewerEvent)] = {
        let series = TestSeries.daily(days: 1_503)
        let rows = NewRows(times: Array(series.times[1_500...]), prices: Array(series.prices[1_500...]).map { $0 * 1.3 },
                           columnChanged: false, report: LoadReport(), reportBefore: LoadReport())
        return [("cursor", .key(.left)), ("cursor", .key(.pageUp)), ("follow", .follow(.appended(rows))),
                ("MAX", .key(.character("0"))), ("1M", .key(.character("3"))), ("resize", .resize(columns: 96, rows: 34)),
                ("log", .key(.character("L"))), ("zoom", .key(.character("["))), ("averages", .key(.character("m"))),
                ("chooser", .key(.character("i"))), ("EMA off", .key(.character("1"))), ("RSI off", .key(.character("4"))),
                ("chooser closed", .key(.escape)), ("log off", .key(.character("L")))]
    }()

    /// The frame at `time` drawn with no spans kept.
    static func fresh(_ state: ViewerState, at time: Double) -> String {
        state.forgettingKeptParts.frame(at: time).plainText
    }

    @Test func afterEveryEventTheKeptSpansDrawTheFrameDrawnAfresh() throws {
        var state = try Self.viewer()
        var time = 0.0
        for (name, event) in Self.events {
            time += 10
            _ = state.handle(event, at: time)
            // Every line of the still frame is kept, and drawn as it is drawn afresh.
            #expect(state.stillSpans.count == state.stillLines.count && state.stillSpans.count >= 3, "\(name)")
            #expect(state.frame(at: time + 5).plainText == Self.fresh(state, at: time + 5), "\(name)")
        }
    }

    @Test func spansKeptBeforeAnEventNeverShowAfterIt() throws {
        var state = try Self.viewer()
        var time = 0.0
        for (name, event) in Self.events {
            time += 10
            let before = state.stillSpans
            _ = state.handle(event, at: time)
            var stale = state
            stale.stillSpans = before
            #expect(stale.frame(at: time + 5).plainText == Self.fresh(state, at: time + 5), "\(name)")
        }
    }
}
