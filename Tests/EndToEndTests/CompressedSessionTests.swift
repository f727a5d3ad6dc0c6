import Foundation
import Testing

/// Compressed files as a person opens them: `--follow` on one says it cannot follow it
/// and shows it once (q leaves as usual); a damaged one exits 2 naming it, while the
/// viewer shows what a file cut short holds before the cut, saying so; a zip archive's
/// member is named on the command line.
@Suite("Compressed files in the program")
struct CompressedSessionTests {
    static let bin = TmuxSession.binary
    static let fixtures = "Tests/TradeChartSystemTests/Compression/Fixtures"

    @Test func followingACompressedFileShowsItOnceAndSaysSo() throws {
        let path = "\(Self.fixtures)/dax300.csv.gz"
        let t = try TmuxSession("\(Self.bin) --no-state --follow \(path)", width: 160, height: 24)
        let screen = try t.waitFor("cannot be followed")
        #expect(screen.contains("\(path) is compressed (gzip): it cannot be followed, so it is shown as it is now"), "\(screen)")
        #expect(screen.hasPrefix("dax300.csv.gz"))
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// A download cut off (or still coming): the viewer draws the rows before the cut and
    /// says the file is damaged and how many rows it shows; `--print` of it still fails.
    @Test func theViewerShowsTheRowsBeforeACutAndSaysSo() throws {
        let folder = NSTemporaryDirectory() + "tc-compressed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let packed = try ProcessRunner.run("/bin/sh", ["-c", "gzip -9 -c Data/dax.csv > '\(folder)/whole.gz'"])
        #expect(packed.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/whole.gz"))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: folder + "/dax.csv.gz"))
        let t = try TmuxSession("\(Self.bin) --no-state \(folder)/dax.csv.gz", width: 120, height: 24)
        let screen = try t.waitFor("before the cut", timeout: 15)
        #expect(screen.contains("damaged: the gzip data ends early (the file is cut short): only the "), "\(screen)")
        #expect(screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "the rows before the cut are drawn: \(screen)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
        let printed = try ProcessRunner.tradechart(["--print", folder + "/dax.csv.gz"])
        #expect(printed.status == 2)
        #expect(printed.error.contains("damaged: the gzip data ends early (the file is cut short)"))
    }

    @Test func theCommandLineReadsArchivesAndSaysWhatIsDamaged() throws {
        let member = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x24",
                                                   "\(Self.fixtures)/two.zip:sp500-200.csv"])
        #expect(member.status == 0)
        #expect(member.output.hasPrefix("two.zip:sp500-200.csv"))
        let several = try ProcessRunner.tradechart(["--print", "\(Self.fixtures)/two.zip"])
        #expect(several.status == 2)
        #expect(several.error.contains("it holds 2 files: name one") && several.error.contains("dax300.csv, sp500-200.csv"))
        let folder = NSTemporaryDirectory() + "tc-compressed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: TmuxSession.packageRoot + "/\(Self.fixtures)/dax300.csv.xz"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/cut.xz"))
        let cut = try ProcessRunner.tradechart(["--print", folder + "/cut.xz"])
        #expect(cut.status == 2)
        #expect(cut.error == "tradechart: \(folder)/cut.xz: damaged: the xz data ends early (the file is cut short)\n")
    }
}
