import Foundation
import Testing

/// A file whose name is not UTF-8 is loaded and followed like any other (issue 11
/// point 6, issue 14 point 4): read in chunks (so a long load shows its progress, and
/// the file is not held whole in memory), and followed by the bytes of its name.
@Suite("A file name that is not UTF-8", .serialized)
struct NonUTF8NameTests {
    @Test func aSlowInputWithSuchANameShowsItsProgress() throws {
        let input = try LoadProgressTests.SlowInput(name: "pr\\377ices.csv")
        let t = try TmuxSession(try input.command("--print \"$F\" > /dev/null"), width: 120, height: 10)
        // Read whole before charting, the input would show no rows read until its end, minutes away.
        try t.waitForScreen(timeout: 10, "the progress line with rows read", settled: false) {
            $0.contains(#/Loading .*pr\u{FFFD}ices\.csv: [0-9.]+ [kM]?B, [1-9][0-9,]* rows/#)
        }
        try t.send("q")
        try t.waitFor("exit=0", timeout: 5)
    }

    @Test func suchAFileIsFollowedByItsName() throws {
        let dir = NSTemporaryDirectory() + "tc-name-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "\"\(dir)/$(printf 'd\\377x.csv')\""
        let copied = try ProcessRunner.run("/bin/sh", ["-c", "cp Data/dax.csv \(name)"])
        #expect(copied.status == 0)
        let t = try TmuxSession("\(TmuxSession.binary) --no-state --follow \(name)", width: 100, height: 24)
        try t.waitFor("[1Y]")
        let appended = try ProcessRunner.run("/bin/sh", ["-c", "printf '2019-05-14,12000,12400,11990,12345.67,12345.67,1000\\n' >> \(name)"])
        #expect(appended.status == 0)
        try t.waitForScreen(timeout: 5, "the appended price in the header") { $0.hasPrefix("d\u{FFFD}x.csv  12,345.67") }
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
