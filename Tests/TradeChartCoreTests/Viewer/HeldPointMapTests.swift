import Testing
@testable import TradeChartCore

/// A followed file shown over a long range (a year of hourly points: about 45 points a dot
/// column) keeps its point map while rows arrive: its history holds still, and only the
/// cells at the two ends change (the newest points arrive on the right, the oldest leave on
/// the left), until an end would leave its dot column and the map is fitted afresh.
@Suite("Held point map while following")
struct HeldPointMapTests {
    static let hour: Int64 = 3_600
    static let start: Int64 = CivilDate(year: 2024, month: 1, day: 1).dayNumber * 86_400

    /// `count` hourly prices (two years by default), a random walk from 100.
    static func hourly(count: Int = 2 * 8_760) -> PriceSeries {
        var rng = SplitMix64(seed: 11)
        var price = 100.0
        var prices: [Double] = []
        for _ in 0..<count {
            price *= 1 + (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) * 0.01
            prices.append((price * 100).rounded() / 100)
        }
        return PriceSeries(name: "HOURLY", times: (0..<count).map { start + Int64($0) * hour }, prices: prices, hasTimeOfDay: true)
    }

    /// `count` rows after the newest point of `series`, each at `price` (by default the newest: no new high or low).
    static func rows(after series: PriceSeries, count: Int, price: Double? = nil) -> NewRows {
        let newest = series.times[series.count - 1], price = price ?? series.prices[series.count - 1]
        return NewRows(times: (1...count).map { newest + Int64($0) * hour }, prices: Array(repeating: price, count: count),
                       columnChanged: false, report: LoadReport(), reportBefore: LoadReport())
    }

    /// The chart as it stands once a first row has come (the labels' width is then settled).
    static func viewer() -> ViewerState {
        var state = ViewerState(series: hourly(), range: .oneYear, options: ViewerOptions(followed: "hourly.csv"), columns: 100, rows: 30)
        _ = state.handle(.follow(.appended(rows(after: state.series, count: 1))), at: 1)
        return state
    }

    /// The plot's cells (characters only) that differ between two frames, as (column, row) in the plot.
    static func changedPlotCells(_ a: Frame, _ b: Frame, layout: ChartLayout) -> [(x: Int, y: Int)] {
        var changed: [(x: Int, y: Int)] = []
        for y in layout.chartY..<(layout.chartY + layout.chartHeight) {
            for x in layout.chartX..<(layout.chartX + layout.chartWidth) where a[x, y].character != b[x, y].character {
                changed.append((x - layout.chartX, y - layout.chartY))
            }
        }
        return changed
    }

    @Test func aRowArrivingChangesOnlyTheCellsAtTheEnds() {
        var state = Self.viewer()
        let before = state.frame(at: 10)
        let x = state.target.x
        // Halfway between the year's lowest and highest price: far from the newest, no new extreme.
        let prices = state.series.prices[state.slice.first...state.slice.last]
        let middle = (prices.min()! + prices.max()!) / 2
        _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: 1, price: middle))), at: 20)
        #expect(state.target.x == x, "the point map was fitted afresh for one row")
        let after = state.frame(at: 30)
        let width = state.layout.chartWidth
        let changed = Self.changedPlotCells(before, after, layout: state.layout)
        #expect(!changed.isEmpty, "the new point was not drawn")
        let inside = changed.filter { $0.x > 0 && $0.x < width - 1 }
        #expect(inside.isEmpty, "cells between the ends changed: \(inside)")
    }

    @Test func theMapIsFittedAfreshOnceAnEndWouldLeaveItsDotColumn() {
        var state = Self.viewer()
        var held = 0, fitted = 0
        for k in 0..<150 {
            let x = state.target.x
            _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: 1))), at: Double(10 * k + 10))
            let fresh = state.projection(for: state.slice).x
            if state.target.x == x { held += 1 } else { fitted += 1 }
            #expect(state.target.x == x || state.target.x == fresh, "after row \(k): neither the map before nor a fresh fit")
            // Under the map shown, the first and the newest point stay in the end dot columns.
            let w = Double(state.canvasDots.width)
            let left = state.target.x(Double(state.slice.first)), right = state.target.x(Double(state.slice.last))
            #expect(left >= 0 && left < 1 && right >= w - 1 && right < w, "after row \(k): ends at \(left) and \(right) of \(w)")
        }
        #expect(held > 100 && fitted >= 2, "held \(held) times, fitted afresh \(fitted) times")
    }

    /// Under a held map the still frame keeps the columns' spans and dots between the ends
    /// (`ColumnSpans.copied`, `KeptPlot`): it is the frame drawn afresh, whatever the rows bring
    /// (a price near the newest, far from it, a new high or low that moves the y map).
    @Test func theFrameKeptUnderAHeldMapIsTheFrameDrawnAfresh() {
        var state = Self.viewer()
        var rng = SplitMix64(seed: 5)
        var copied = 0
        for k in 0..<80 {
            let prices = state.series.prices[state.slice.first...state.slice.last]
            let low = prices.min()!, high = prices.max()!, newest = state.series.prices[state.series.count - 1]
            let price = switch rng.next() % 10 {
            case 0: high * 1.01
            case 1: low * 0.99
            case 2, 3: low + (high - low) * Double(rng.next() % 100) / 100
            default: newest * (1 + (Double(rng.next() % 200) / 100 - 1) / 1_000)
            }
            let count = 1 + Int(rng.next() % 3)
            _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: count, price: price))), at: Double(10 * k + 10))
            copied += state.stillSpans.kept.first?.copiedColumns ?? 0
            let time = Double(10 * k + 15)
            #expect(state.frame(at: time).plainText == state.forgettingKeptParts.frame(at: time).plainText, "after row \(k)")
        }
        #expect(copied > 40 * state.canvasDots.width, "columns copied: \(copied)")
    }

    /// With indicators in panes, the panes keep their lines' dots and their cells too
    /// (`KeptPaneLines`): the still frame, colours and all, is the one drawn afresh after every
    /// look, and its panes are taken from what was kept; scrubbed, the cursor line crosses them
    /// as it crosses panes drawn afresh.
    @Test func thePanesKeptUnderAHeldMapAreThePanesDrawnAfresh() throws {
        var state = ViewerState(series: Self.hourly(), range: .oneYear, options: ViewerOptions(followed: "hourly.csv"),
                                columns: 100, rows: 40, view: ViewSettings(indicators: try IndicatorChoice.list("ema:9,bb,rsi,macd")))
        _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: 1))), at: 1)
        var rng = SplitMix64(seed: 9)
        var keptLines = 0, keptPanes = 0
        for k in 0..<60 {
            let newest = state.series.prices[state.series.count - 1]
            let price = newest * (1 + (Double(rng.next() % 200) / 100 - 1) / (k % 7 == 0 ? 50 : 1_000))
            _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: 1 + Int(rng.next() % 3), price: price))),
                             at: Double(10 * k + 10))
            let time = Double(10 * k + 15)
            let same = state.frame(at: time) == state.forgettingKeptParts.frame(at: time)
            #expect(same, "after row \(k)")
            keptLines += state.keptPaneLines.lineCount
            keptPanes += state.keptPaneLines.paneCount
        }
        #expect(state.drawnIndicatorTitles.count == 4 && state.layout.shownPanes == 2)
        #expect(keptLines == 60 * 3, "pane lines kept: \(keptLines)")
        #expect(keptPanes == 60 * 2, "panes' cells kept: \(keptPanes)")
        // Scrubbed, the cursor line crosses the kept cells where no line or bar is.
        for k in 0..<12 {
            _ = state.handle(.key(.left), at: Double(700 + k))
            let time = Double(700 + k) + 0.5
            let same = state.frame(at: time) == state.forgettingKeptParts.frame(at: time)
            #expect(same, "cursor step \(k)")
            #expect(state.keptPaneLines.paneCount == 2)
        }
    }

    @Test func aRangeKeyOrAResizeFitsTheMapAfresh() {
        var state = Self.viewer()
        for k in 0..<10 {
            _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: 1))), at: Double(10 * k + 10))
        }
        #expect(state.target.x != state.projection(for: state.slice).x, "the map was not held")
        _ = state.handle(.resize(columns: 101, rows: 30), at: 200)
        #expect(state.target.x == state.projection(for: state.slice).x)
        for k in 0..<10 {
            _ = state.handle(.follow(.appended(Self.rows(after: state.series, count: 1))), at: Double(10 * k + 300))
        }
        _ = state.handle(.key(.character("4")), at: 500)
        #expect(state.target.x == state.projection(for: state.slice).x)
    }
}
