import Foundation
import Testing

/// Issue 11, point 7: output that cannot be written is said, with status 1; the input
/// is never written over; an unavailable range falls back everywhere as in --print;
/// --print, --describe and --audiograph together each do their part.
@Suite("Output errors")
struct OutputErrorTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "tradechart-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// tradechart through a shell, for redirections the runner cannot make (`>&-`, `> /dev/full`).
    static func shell(_ redirected: String, _ arguments: String) throws -> ProcessRunner.Result {
        try ProcessRunner.run("/bin/sh", ["-c", "\"$0\" \(arguments) \(redirected)", TmuxSession.binary])
    }

    @Test(arguments: ["--print", "--describe"])
    func aFullDiskOrAClosedStandardOutputIsSaid(mode: String) throws {
        let what = mode == "--print" ? "the frame" : "the description"
        let full = try Self.shell("> /dev/full", "\(mode) Data/dax.csv")
        #expect(full.status == 1)
        #expect(full.error == "tradechart: cannot write \(what) to standard output: No space left on device\n", "\(full.error)")
        let closed = try Self.shell(">&-", "\(mode) Data/dax.csv")
        #expect(closed.status == 1)
        #expect(closed.error == "tradechart: cannot write \(what) to standard output: standard output is closed\n",
                "\(closed.error)")
    }

    @Test func anAudiographThatCannotBeWrittenIsSaid() throws {
        let full = try ProcessRunner.tradechart(["--audiograph", "/dev/full", "Data/dax.csv"])
        #expect(full.status == 1)
        #expect(full.error == "tradechart: cannot write '/dev/full': No space left on device\n", "\(full.error)")
        // With standard output closed, the WAV file still goes where it was asked to, not to its place.
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let closed = try Self.shell(">&-", "--print --audiograph \(dir)/a.wav Data/dax.csv")
        #expect(closed.status == 1)
        let wav = try #require(FileManager.default.contents(atPath: dir + "/a.wav"))
        #expect(String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
    }

    @Test func theAudiographNeverWritesOverThePriceFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.csv"
        try FileManager.default.copyItem(atPath: "\(TmuxSession.packageRoot)/Data/dax.csv", toPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: dir + "/hard.csv")
        try FileManager.default.createSymbolicLink(atPath: dir + "/soft.wav", withDestinationPath: input)
        let original = FileManager.default.contents(atPath: input)
        for (output, from) in [(input, input), (dir + "/hard.csv", input), (dir + "/soft.wav", input), (input, "-")] {
            let result = try from == "-" ? Self.shell("< \(input)", "--audiograph \(output) -")
                : ProcessRunner.tradechart(["--audiograph", output, from])
            #expect(result.status == 2, "\(output) from \(from)")
            #expect(result.error.contains("is the price file being read; it is not overwritten"), "\(result.error)")
        }
        // A file compared with the first one is read too.
        let compared = try ProcessRunner.tradechart(["--audiograph", dir + "/hard.csv", "Data/dax.csv", input])
        #expect(compared.status == 2)
        #expect(compared.error.contains("'\(dir)/hard.csv' is the price file being read"), "\(compared.error)")
        #expect(FileManager.default.contents(atPath: input) == original)
    }

    /// An unavailable --range: --describe and --audiograph fall back to the range the
    /// viewer opens on, as --print does, with the reason on standard error.
    @Test func anUnavailableRangeFallsBackEverywhere() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let printed = try ProcessRunner.tradechart(["--print", "--color", "never", "--range", "1D", "Data/dax.csv"])
        #expect(printed.status == 0 && printed.output.contains("[1Y]"))
        let described = try ProcessRunner.tradechart(["--describe", "--range", "1D", "Data/dax.csv"])
        #expect(described.status == 0)
        #expect(described.output.hasPrefix("dax.csv, range 1Y."), "\(described.output)")
        let sound = try ProcessRunner.tradechart(["--audiograph", dir + "/1d.wav", "--range", "1D", "Data/dax.csv"])
        let yearly = try ProcessRunner.tradechart(["--audiograph", dir + "/1y.wav", "--range", "1Y", "Data/dax.csv"])
        #expect(sound.status == 0 && yearly.status == 0)
        #expect(FileManager.default.contents(atPath: dir + "/1d.wav") == FileManager.default.contents(atPath: dir + "/1y.wav"))
        for result in [printed, described, sound] {
            #expect(result.error == "tradechart: 1D needs intraday data\n", "\(result.error)")
        }
    }

    @Test func printDescribeAndAudiographTogetherDoEach() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let all = try ProcessRunner.tradechart(["--print", "--describe", "--audiograph", dir + "/a.wav", "--color", "never",
                                                "--size", "80x20", "Data/dax.csv"])
        #expect(all.status == 0 && all.error.isEmpty)
        let frame = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "80x20", "Data/dax.csv"])
        let words = try ProcessRunner.tradechart(["--describe", "Data/dax.csv"])
        #expect(all.output == frame.output + words.output)
        let wav = try #require(FileManager.default.contents(atPath: dir + "/a.wav"))
        #expect(String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
    }
}
