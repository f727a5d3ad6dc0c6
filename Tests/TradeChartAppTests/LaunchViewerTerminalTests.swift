import Dispatch
import Testing
import TradeChartApp
import TradeChartCore

/// The viewer's terminal is asked its questions while a file's newest rows are read, not
/// after them: the first frame of a large file does not wait for the terminal's answers
/// (issue 24). What the terminal refuses is still said once the rows are read.
@Suite("Launch: the terminal while the newest rows are read")
struct LaunchViewerTerminalTests {
    @Test func theTerminalIsAskedForItsBackgroundWhileTheNewestRowsAreRead() throws {
        let world = LaunchWorld()
        var askedDuringRead = false
        world.files.whileReadingNewestRows = {
            // Waits for the question, which comes from another thread; without it, gives up after 10 s.
            askedDuringRead = world.terminal.backgroundAsked.wait(timeout: .now() + 10) == .success
        }
        #expect(world.run(["a.csv"]) { $0.noState = true } == 0)
        #expect(askedDuringRead, "the terminal is asked while the rows are read")
        #expect(try #require(world.terminal.shown).series.name == "a.csv")
    }

    @Test func aTerminalThatCannotShowTheChartIsSaidOnceTheRowsAreRead() {
        let world = LaunchWorld()
        world.terminal.chartProblem = "standard output is not a terminal"
        var read = false
        world.files.whileReadingNewestRows = { read = true }
        // The screen-reader mode might be remembered, so the launch reads the file before it refuses.
        #expect(world.run(["a.csv"]) == 2)
        #expect(read)
        #expect(world.output.errorLines == ["tradechart: standard output is not a terminal; use --print to write one "
                                            + "frame to standard output (e.g. tradechart --print a.csv)"])
        #expect(world.terminal.shown == nil)
    }

    /// One frame printed with indicators reads the whole file: an EMA, RSI, MACD or ATR
    /// carries every row before the range, so the newest rows alone would print other
    /// values. The viewer reads the newest rows first all the same (they wait for the rest).
    @Test func printedIndicatorsReadTheWholeFile() throws {
        for (indicators, printed, newestFirst) in [(nil, true, true), ("rsi", true, false), ("ema:9", false, true)] {
            let world = LaunchWorld()
            var read = false
            world.files.whileReadingNewestRows = { read = true }
            _ = world.run(["a.csv"]) { request in
                request.noState = true
                request.print = printed
                request.indicators = try? indicators.map { try IndicatorChoice.list($0) }
            }
            #expect(read == newestFirst, "\(indicators ?? "no indicator"), \(printed ? "printed" : "the viewer")")
        }
    }

    /// `--describe` says why a file is read front to back when what it shows needs the rows
    /// before the range (it said nothing before for averages, indicators, candles and volume).
    @Test func theDescriptionSaysWhyTheRowsBeforeTheRangeAreRead() throws {
        for configure in [{ (r: inout LaunchRequest) in r.indicators = try? IndicatorChoice.list("rsi") },
                          { (r: inout LaunchRequest) in r.averages = [20] },
                          { (r: inout LaunchRequest) in r.style = .candles },
                          { (r: inout LaunchRequest) in r.style = .line; r.switches.insert(.volume) }] {
            let world = LaunchWorld()
            #expect(world.run(["a.csv"]) { request in
                request.describe = true
                configure(&request)
            } == 0)
            #expect(world.output.standardOutput.contains("Read: front to back, as what the chart shows needs the rows before its range"),
                    "\(world.output.standardOutput)")
        }
    }
}
