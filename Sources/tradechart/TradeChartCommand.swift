#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import TradeChartCore
import TradeChartTerminal

/// The `tradechart` command: its options, and the wiring of the core and the terminal.
struct TradeChartCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "tradechart",
        abstract: "An animated stock chart in the terminal, drawn in Braille dots.",
        discussion: """
            Keys: 1-6 ranges (1D 5D 1M 6M 1Y 5Y), Left/Right scrub, Shift+Left/Right \
            or PgUp/PgDn ten steps, Home/End first/last point, Esc hide cursor, \
            ? help, q quit.
            """,
        version: version
    )

    @Argument(help: ArgumentHelp("Price file (CSV); - reads standard input.", valueName: "FILE"))
    var file: String

    @Flag(help: "Print one frame to standard output and exit (no terminal needed).")
    var print = false

    @Option(help: ArgumentHelp("Range to show: 1D, 5D, 1M, 6M, 1Y or 5Y.", valueName: "R"))
    var range: String?

    @Option(help: ArgumentHelp("Frame size for --print, e.g. 100x30 (default: the terminal's, else 100x30).", valueName: "COLSxROWS"))
    var size: String?

    @Option(help: ArgumentHelp("Colour: auto, always or never (NO_COLOR is honoured).", valueName: "WHEN"))
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Glyphs: braille, block, ascii or auto.", valueName: "SET"))
    var charset: CharsetChoice = .auto

    @Option(help: ArgumentHelp("Colour theme: dark or light.", valueName: "THEME"))
    var theme: Theme?

    @Option(help: ArgumentHelp("Instrument name for the header (default: the file name).", valueName: "TEXT"))
    var title: String?

    @Option(help: ArgumentHelp("Price column to chart (default: Close, Adj Close, Price, ...).", valueName: "NAME"))
    var column: String?

    @Option(help: ArgumentHelp("Morph duration in seconds; 0 turns animation off.", valueName: "SECONDS"))
    var duration: Double = 1.2

    mutating func validate() throws {
        if let range, ChartRange(label: range) == nil {
            throw ValidationError("--range must be one of 1D, 5D, 1M, 6M, 1Y, 5Y (got '\(range)')")
        }
        if let size, FrameSize(parsing: size) == nil {
            throw ValidationError("--size must look like 100x30 (got '\(size)')")
        }
        if !(duration >= 0 && duration <= 60) {
            throw ValidationError("--duration must be between 0 and 60 seconds")
        }
    }

    /// Parses and runs; returns the exit status. Errors are one line on stderr with status 2.
    static func runFromCommandLine(_ arguments: [String]) -> Int32 {
        do {
            var command = try parse(arguments)
            return try command.execute()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Swift.print(fullMessage(for: error))
                return 0
            }
            var message = TradeChartCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "error"
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            StandardError.writeLine("tradechart: \(message) (see --help)")
            return 2
        }
    }

    func execute() throws -> Int32 {
        guard let readable = fopen(file == "-" ? "/dev/stdin" : file, "r") else {
            StandardError.writeLine("tradechart: cannot open '\(file)': \(String(cString: strerror(errno)))")
            return 2
        }
        fclose(readable)
        if !print {
            if let reason = TerminalCheck.whyNotInteractive() {
                StandardError.writeLine("tradechart: \(reason); use --print to write one frame to standard output (e.g. tradechart --print \(file))")
                return 2
            }
        }
        return 0
    }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

enum CharsetChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, braille, block, ascii
}

extension Theme: ExpressibleByArgument {}

/// A size given as `COLSxROWS`.
struct FrameSize: Equatable {
    var columns: Int
    var rows: Int

    init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c > 0, r > 0, c <= 2000, r <= 1000
        else { return nil }
        columns = c
        rows = r
    }
}
