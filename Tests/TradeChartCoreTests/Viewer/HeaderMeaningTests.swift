import Testing
@testable import TradeChartCore

/// A header keeps the words that give its numbers their meaning at every width: a change
/// measured from the mark says so, and a mark outside the range says where it lies.
@Suite("Header meaning")
struct HeaderMeaningTests {
    static let sizes = [(30, 8), (60, 15), (100, 20), (200, 60)]

    /// The bundled DAX on 1Y, marked at its first point (14 May 2018), then shown on 1M.
    static func markedBeforeTheMonth(columns: Int, rows: Int) throws -> ViewerState {
        var state = ViewerState(series: try GoldenFrameTests.load("dax.csv"), range: .oneYear, columns: columns, rows: rows)
        for key in [KeyPress.home, .character(" "), .character("3")] { _ = state.handle(.key(key), at: 0) }
        return state
    }

    @Test func aChangeFromTheMarkSaysSoAtEveryWidth() throws {
        let state = try Self.markedBeforeTheMonth(columns: 100, rows: 20)
        #expect(state.frame(at: 5).line(0).contains("▼ -1,101.06 (-8.48%) from the mark before the range"))
        var scrubbed = state
        _ = scrubbed.handle(.key(.end), at: 5)
        for var shown in [state, scrubbed] {
            for columns in ChartLayout.minimumColumns...200 {
                _ = shown.handle(.resize(columns: columns, rows: 20), at: 10)
                let line = shown.frame(at: 10).line(0)
                #expect(line.contains("%") && (line.contains("from the mark") || line.hasSuffix("% ◆") || line.contains("% ◆ ") || line.contains("from ◆")),
                        "\(columns): \(line)")
                if columns >= 60 { #expect(line.contains("before the range"), "\(columns): \(line)") }
            }
        }
    }

    @Test func aMarkInTheRangeIsJustTheMark() throws {
        var state = ViewerState(series: try GoldenFrameTests.load("dax.csv"), range: .oneMonth, columns: 120, rows: 20)
        for key in [KeyPress.home, .character(" "), .end] { _ = state.handle(.key(key), at: 0) }
        let line = state.frame(at: 5).line(0)
        #expect(line.contains("from the mark on 15 Apr 2019: 17 bars, 28 days") && !line.contains("range"), "\(line)")
    }

    /// The bundled DAX with all its columns, as candles (the volume pane off).
    static func candles(range: ChartRange, columns: Int, rows: Int) throws -> ViewerState {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        return ViewerState(series: loaded.series, range: range, columns: columns, rows: rows,
                           candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices,
                                                style: .candles))
    }

    /// A candle's header keeps its dates and measures its close from the range's reference
    /// price, as the line's header does (-8.65 % on 1Y, whatever the candle's own open).
    @Test func candleHeadersKeepTheirDatesAndTheLinesChange() throws {
        var state = try Self.candles(range: .oneYear, columns: 100, rows: 20)
        _ = state.handle(.key(.end), at: 0)
        for columns in ChartLayout.minimumColumns...200 {
            _ = state.handle(.resize(columns: columns, rows: 15), at: 0)
            let line = state.frame(at: 0).line(0)
            #expect(line.contains("11,876.65"), "\(columns): \(line)")
            if line.contains("%") { #expect(line.contains("▼ -8.65%") || line.contains("(-8.65%)"), "\(columns): \(line)") }
            if columns >= 30 { #expect(line.contains("13 May"), "\(columns): \(line)") }
            if columns >= 40 { #expect(line.contains("%"), "\(columns): \(line)") }
        }
    }

    /// The candle's header says its volume with the pane hidden too.
    @Test func candleHeadersSayTheVolume() throws {
        var state = try Self.candles(range: .oneMonth, columns: 120, rows: 20)
        _ = state.handle(.key(.end), at: 0)
        #expect(!state.drawsVolume)
        #expect(state.frame(at: 0).line(0).contains("C 11,876.65  V 107.3M  ▼ -123.28 (-1.03%)"))
    }

    /// The header cases as whole frames at four sizes (one golden file a size).
    @Test func headerCasesAsGoldenFrames() throws {
        for (columns, rows) in Self.sizes {
            var strip = ""
            var marked = try Self.markedBeforeTheMonth(columns: columns, rows: rows)
            strip += "── 1M, marked on 14 May 2018 (before the range)\n" + marked.frame(at: 5).plainText + "\n"
            _ = marked.handle(.key(.end), at: 5)
            _ = marked.handle(.key(.left), at: 5)
            strip += "── the cursor on 10 May 2019\n" + marked.frame(at: 5).plainText + "\n"
            var candles = try Self.candles(range: .oneYear, columns: columns, rows: rows)
            _ = candles.handle(.key(.end), at: 0)
            strip += "── candles, 1Y, the newest candle\n" + candles.frame(at: 0).plainText + "\n"
            _ = candles.handle(.key(.character("3")), at: 0)
            _ = candles.handle(.key(.left), at: 5)
            strip += "── candles, 1M, the candle before the newest\n" + candles.frame(at: 5).plainText + "\n"
            Golden.check(strip, name: "header-cases-\(columns)x\(rows).txt")
        }
    }
}
