import Testing
import TradeChartTestSupport

/// The common command lines are read without the argument parser (issue 24): whatever
/// they ask for must come out exactly as when the parser reads them. Adding `--duration
/// 1.2` (the default, an option the quick reading leaves to the parser) sends the same
/// request through the parser; both runs must print the same bytes and exit the same way.
@Suite("Common command lines")
struct CommonArgumentsTests {
    static let lines: [[String]] = [
        ["--print", "--size", "70x14", "--color", "never", "Data/dax.csv"],
        ["--print", "--size=70x14", "--color=always", "--range", "1M", "Data/dax.csv"],
        ["Data/dax.csv", "--print", "--range=5y", "--size", "70x14", "--style", "candles", "--color", "never"],
        ["--describe", "--range", "6M", "Data/dax.csv"],
        ["--print", "--no-state", "--size", "70x14", "--color", "never", "Data/dax.csv", "../shared/data/stooq_dax_d.csv"],
        ["--print", "--overview", "--size", "70x14", "--color", "never", "Data/dax.csv"],
        ["--print", "--size", "70x14", "--range", "2", "--color", "never", "Data/dax.csv"],
        // Refused alike: a size the launch refuses, a range no key names, no file, stdin twice.
        ["--print", "--size", "3x2", "--color", "never", "Data/dax.csv"],
        ["--print", "--range", "7Y", "Data/dax.csv"],
        ["--print", "--size", "70x14"],
        ["--print", "-", "-"],
    ]

    @Test(arguments: lines) func quickReadingEqualsTheParser(_ line: [String]) throws {
        let quick = try ProcessRunner.tradechart(line)
        let parsed = try ProcessRunner.tradechart(line + ["--duration", "1.2"])
        #expect(quick.status == parsed.status, "\(line)")
        #expect(quick.output == parsed.output, "\(line)")
        #expect(quick.error == parsed.error, "\(line)")
    }

    /// An option given twice is left to the parser, whose last value wins: a quick reading
    /// that took the first would draw a 60x10 frame here.
    @Test func aRepeatedOptionTakesItsLastValue() throws {
        let twice = try ProcessRunner.tradechart(["--print", "--size", "60x10", "--size", "70x14", "--color", "never",
                                                  "Data/dax.csv"])
        let once = try ProcessRunner.tradechart(["--print", "--size", "70x14", "--color", "never", "Data/dax.csv"])
        #expect(twice.status == once.status)
        #expect(twice.output == once.output, "the last --size wins, as the parser reads it")
    }
}
