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
}
