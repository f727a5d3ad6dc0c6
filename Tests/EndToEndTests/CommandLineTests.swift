import Foundation
import Testing

/// The command line as a script or a person meets it: help, version, errors, no terminal.
@Suite("Command line")
struct CommandLineTests {
    @Test func helpAndVersionExitZero() throws {
        let help = try ProcessRunner.tradechart(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: tradechart"))
        #expect(help.output.contains("--print"))
        let version = try ProcessRunner.tradechart(["--version"])
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test func missingFileIsOneLineAndStatusTwo() throws {
        let result = try ProcessRunner.tradechart(["/no/such/file.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.error.contains("/no/such/file.csv"))
    }

    @Test func unknownOptionIsOneLineAndStatusTwo() throws {
        let result = try ProcessRunner.tradechart(["--bogus", "Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("--bogus"))
    }

    @Test func withoutTerminalItPointsToPrint() throws {
        // Standard input is /dev/null and standard output a pipe: no terminal.
        let result = try ProcessRunner.tradechart(["Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "nothing, no escape codes, may reach the pipe")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("--print"))
    }

    @Test func withoutTermVariableItPointsToPrint() throws {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TERM")
        let result = try ProcessRunner.tradechart(["Data/dax.csv"], environment: environment)
        #expect(result.status == 2)
        #expect(result.error.contains("--print"))
    }
}
