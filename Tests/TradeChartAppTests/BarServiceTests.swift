import Foundation
import Testing
import TradeChartApp
import TradeChartCore

/// `c` on a file shown as a line: the loop draws the frame that says the columns are
/// being read, the service reads the file again with them, and candles follow.
@Suite("Reading candles on demand")
struct BarServiceTests {
    static let dax: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Data/dax.csv").path
    }()

    func run(_ script: [(Double, ViewerEvent)], path: String?) throws -> RecordingDisplay {
        let clock = ManualClock(0)
        let display = RecordingDisplay(columns: 100, rows: 30, clock: clock)
        let loaded = try SeriesLoader.load(path: Self.dax)
        #expect(loaded.bars == nil, "a line reads no extra column")
        let state = ViewerState(series: loaded.series, range: .oneMonth, options: ViewerOptions(morphDuration: 0.5),
                                columns: 10, rows: 10,
                                candles: CandleState(names: loaded.barNames, closes: loaded.series.prices))
        let service = BarService(path: path, options: LoadOptions())
        _ = ViewerLoop(state: state, display: display, events: ScriptedEvents(script, clock: clock), clock: clock,
                       services: [service]).run()
        return display
    }

    @Test func cReadsTheColumnsAfterSayingSoThenDrawsCandles() throws {
        let display = try run([(1, .key(.character("c"))), (5, .key(.character("q")))], path: Self.dax)
        let announced = try #require(display.draws.first { $0.screen.plainText.contains("Reading Open, High, Low, Volume of dax.csv…") })
        #expect(announced.at < 1.1)
        #expect(!announced.screen.plainText.contains("1 candle"), "still the line while they are read")
        let final = display.screen.plainText
        #expect(final.contains("1M · 1 candle = 1 day"))
        #expect(final.contains("Candles, rising hollow, falling filled"))
    }

    @Test func standardInputSaysItCannotBeReadAgain() throws {
        let display = try run([(1, .key(.character("v"))), (5, .key(.character("q")))], path: nil)
        #expect(display.screen.plainText.contains("standard input cannot be read a second time"))
        #expect(!display.screen.plainText.contains("█"), "no volume pane")
    }
}
