import Testing

/// The settings table's flags on the real command line: the program takes them out
/// before the argument parser sees the rest.
@Suite("Settings on the command line")
struct SettingOptionTests {
    @Test func theLogFlagReachesTheFrame() throws {
        let plain = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "80x16", "--range", "MAX", "Data/dax.csv"])
        let log = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "80x16", "--log", "--range", "MAX",
                                                "Data/dax.csv"])
        #expect(plain.status == 0 && log.status == 0)
        #expect(log.output != plain.output, "a log axis draws another chart")
    }

    @Test func aFlagOfTheTableGivenAValueIsOneLineAndStatusTwo() throws {
        let result = try ProcessRunner.tradechart(["--print", "--percent=on", "Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "tradechart: The option '--percent' takes no value; '--percent=on' gives one (see --help)\n")
    }
}
