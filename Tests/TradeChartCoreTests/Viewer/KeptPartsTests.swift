import Testing
@testable import TradeChartCore

/// What a still frame keeps in the state between frames (the lines' column spans, the
/// price labels, the bottom row, the plot): after random sequences of looks at a followed file, keys and resizes, the
/// frame drawn with what is kept is, cell for cell and style for style, the frame of the
/// same state with nothing kept; and what was kept before an event never shows after it.
@Suite("Kept parts of the still frame")
struct KeptPartsTests {
    /// Minute bars over `days` weekdays from 09:00 to 17:29, a random walk around 100.
    static func minutes(days: Int, rng: inout SplitMix64) -> PriceSeries {
        var times: [Int64] = [], prices: [Double] = []
        var p = 100.0
        for day in 0..<days {
            let start = Int64(19_000 + day / 5 * 7 + day % 5) * 86_400 + 9 * 3_600
            for minute in 0..<510 {
                times.append(start + Int64(minute) * 60)
                p *= 1 + (Double(rng.next() % 1_000) / 1_000 - 0.5) * 0.004
                prices.append((p * 10_000).rounded() / 10_000)
            }
        }
        return PriceSeries(name: "MIN", times: times, prices: prices, hasTimeOfDay: true)
    }

    /// One to three rows after `newest`, a minute apart: near the last price, or a jump
    /// past the chart's high or low, or the same price again.
    static func rows(after newest: Int64, last: Double, rng: inout SplitMix64) -> NewRows {
        let count = 1 + Int(rng.next() % 3)
        let times = (1...count).map { newest + Int64($0) * 60 }
        let prices = (0..<count).map { _ -> Double in
            switch rng.next() % 6 {
            case 0: last * 1.2
            case 1: last * 0.8
            case 2: last
            default: last * (1 + (Double(rng.next() % 100) / 100 - 0.5) * 0.01)
            }
        }
        return NewRows(times: times, prices: prices, columnChanged: false, report: LoadReport(), reportBefore: LoadReport())
    }

    static let keys: [ViewerEvent] = [
        .key(.character("1")), .key(.character("2")), .key(.character("3")), .key(.character("5")),
        .key(.character("0")), .key(.character("L")), .key(.character("%")), .key(.character("[")),
        .key(.character("]")), .key(.left), .key(.right), .key(.home), .key(.escape), .key(.character("m")), .key(.character(" ")),
    ]

    /// A random event: mostly looks that find rows, then keys and resizes.
    static func event(_ state: ViewerState, rng: inout SplitMix64) -> ViewerEvent {
        switch rng.next() % 10 {
        case 0...4:
            let series = state.series
            return .follow(.appended(rows(after: series.times[series.count - 1], last: series.prices[series.count - 1],
                                          rng: &rng)))
        case 5...8: return keys[Int(rng.next() % UInt64(keys.count))]
        default: return .resize(columns: 60 + Int(rng.next() % 80), rows: 14 + Int(rng.next() % 30))
        }
    }

    /// A followed viewer on 30 days of minute bars, at the size of the bench's terminal.
    static func viewer(rng: inout SplitMix64, charset: Charset = .braille, color: Bool = true) -> ViewerState {
        ViewerState(series: minutes(days: 30, rng: &rng), range: .fiveDays,
                    options: ViewerOptions(charset: charset, color: color, followed: "MIN"), columns: 120, rows: 40)
    }

    /// Walks 60 random events from a viewer seeded by `seed`, handing `body` each step's
    /// event, the states before and after it, and its time.
    static func walk(seed: UInt64, charset: Charset = .braille, color: Bool = true,
                     _ body: (Int, ViewerEvent, ViewerState, ViewerState, Double) -> Void) {
        var rng = SplitMix64(seed: seed)
        var state = viewer(rng: &rng, charset: charset, color: color)
        var time = 0.0
        for step in 0..<60 {
            time += 10
            let event = Self.event(state, rng: &rng)
            let before = state
            _ = state.handle(event, at: time)
            body(step, event, before, state, time)
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theFrameWithWhatIsKeptIsTheFrameWithNothingKept(seed: UInt64) {
        Self.walk(seed: seed) { step, event, _, state, time in
            // Mid-morph and still.
            for at in [time + 0.05, time + 5] {
                let same = state.frame(at: at) == state.forgettingKeptParts.frame(at: at)
                #expect(same, "step \(step): \(event) at \(at - time)")
            }
        }
    }

    /// The plot kept after a look at the followed file redraws only the dot columns that
    /// changed: without colour (the averages dotted) and in each charset, every still
    /// frame equals the frame with nothing kept, and after every look whose still frame
    /// has a plot that is kept (no cursor shown), the kept plot is the one it draws.
    @Test(arguments: [(Charset.braille, false), (.block, true), (.ascii, false)])
    func theKeptPlotIsThePlotWithNothingKept(charset: Charset, color: Bool) {
        var looks = 0
        Self.walk(seed: 9, charset: charset, color: color) { step, event, _, state, time in
            let still = state.geometry(at: time + 5)
            if case .follow = event, let inputs = StillPlotInputs(state, geometry: still) {
                looks += 1
                #expect(state.keptPlot.cells(for: inputs) != nil, "step \(step): the plot after a look is kept")
            }
            let same = state.frame(at: time + 5) == state.forgettingKeptParts.frame(at: time + 5)
            #expect(same, "step \(step): \(event)")
        }
        #expect(looks >= 5, "\(looks) looks with a plot that is kept")
    }

    @Test(arguments: [10, 11] as [UInt64])
    func aPlotKeptBeforeAnEventNeverShowsAfterIt(seed: UInt64) {
        Self.keptBeforeNeverShows(seed: seed) { $0.keptPlot = $1.keptPlot }
    }

    /// After each random event, the state with `put` of what it kept before the event draws
    /// the frame of the state with nothing kept.
    static func keptBeforeNeverShows(seed: UInt64, _ put: (inout ViewerState, ViewerState) -> Void) {
        walk(seed: seed) { step, event, before, state, time in
            var stale = state
            put(&stale, before)
            let same = stale.frame(at: time + 5) == state.forgettingKeptParts.frame(at: time + 5)
            #expect(same, "step \(step): \(event)")
        }
    }

    @Test(arguments: [5, 6] as [UInt64])
    func priceLabelsKeptBeforeAnEventNeverShowAfterIt(seed: UInt64) {
        Self.keptBeforeNeverShows(seed: seed) { $0.keptPriceLabels = $1.keptPriceLabels }
    }

    @Test(arguments: [7, 8] as [UInt64])
    func aBottomRowKeptBeforeAnEventNeverShowsAfterIt(seed: UInt64) {
        Self.keptBeforeNeverShows(seed: seed) { $0.keptBottomRow = $1.keptBottomRow }
    }

    /// The header's dates are kept while the range's ends stay on the same days (where they
    /// say no time of day): at every step, on every range, they are the dates of the range's
    /// own first and last moments.
    @Test(arguments: [12, 13, 14] as [UInt64])
    func theHeadersDatesAreThoseOfTheRangesEnds(seed: UInt64) {
        var ranges = Set<ChartRange>()
        Self.walk(seed: seed) { step, event, _, state, _ in
            let s = state.shownSeries
            let exact = SpanDateInputs(first: s.times[state.slice.first], last: s.times[state.slice.last], range: state.range,
                                       window: state.window != nil, coversAllData: state.slice.coversAllData,
                                       hasTimeOfDay: s.hasTimeOfDay, unicode: true)
            #expect(state.shownSpanDates() == ViewerState.spanDates(exact), "step \(step) after \(event)")
            ranges.insert(state.range)
        }
        #expect(ranges.count >= 3, "\(ranges) ranges walked")
    }
}
