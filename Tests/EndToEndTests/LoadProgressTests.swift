import Foundation
import Testing
import TradeChartTestSupport

/// Issue 14 point 4 in a real terminal (tmux): a load that takes a while (here a FIFO
/// fed slowly) shows its progress on one line of standard error, rewritten in place;
/// `q` and Ctrl-C stop it at once, leave nothing on the screen and give the terminal
/// back (echo and line editing on); `--print` shows it only when standard error is a
/// terminal.
@Suite("Progress of a long load", .serialized)
struct LoadProgressTests {
    /// A FIFO and a shell script that writes a price file into it slowly (50 rows every
    /// 50 ms, 100,000 rows in all: a load of minutes), or `stallAfter` rows at once and
    /// then nothing for a minute, the FIFO left open.
    final class SlowInput {
        let folder = NSTemporaryDirectory() + "tc-progress-\(UUID().uuidString)"
        /// The FIFO's name as `printf` writes it (`\\377` for a byte that is not UTF-8).
        let name: String

        init(name: String = "prices.csv", stallAfter: Int? = nil) throws {
            self.name = name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let pace = stallAfter.map { "[ $i -eq \($0) ] && sleep 60" } ?? "[ $((i % 50)) -eq 0 ] && sleep 0.05"
            try """
            {
              echo "time,close"
              i=0
              while [ $i -lt 100000 ]; do
                echo "$((1600000000 + i * 60)),$((100 + i % 7))"
                i=$((i + 1))
                \(pace)
              done
            } > "$1"
            """.write(toFile: folder + "/feed.sh", atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// The command for tmux: makes the FIFO (`$F`), starts the feeder, runs `tradechart
        /// arguments`, then prints its exit status and the terminal's echo and line-editing modes.
        func command(_ arguments: String) throws -> String {
            let script = folder + "/run.sh"
            try """
            trap : INT QUIT
            F="\(folder)/$(printf '\(name)')"
            mkfifo "$F"
            sh "\(folder)/feed.sh" "$F" &
            \(TmuxSession.binary) \(arguments)
            echo exit=$?
            stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '
            echo
            sleep 30
            """.write(toFile: script, atomically: true, encoding: .utf8)
            return "sh \(script)"
        }
    }

    /// Whether the screen shows the progress line of a pipe: bytes, rows, time so far, how to stop.
    static func showsProgress(_ screen: String) -> Bool {
        screen.contains(#/Loading .*prices\.csv: [0-9.]+ [kM]?B, [0-9,]+ rows, [0-9]+ s so far \(q to stop\)/#)
    }

    @Test(arguments: [("q", 0), ("C-c", 130)])
    func aSlowLoadShowsProgressAndStopsAtOnce(key: String, status: Int) throws {
        let input = try SlowInput()
        let t = try TmuxSession(try input.command("--no-state \"$F\""), width: 120, height: 10)
        // The rows read grow while it is shown.
        let first = try t.waitForScreen(timeout: 10, "the progress line", settled: false) { Self.showsProgress($0) }
        let rows = { (screen: String) in screen.firstMatch(of: #/([0-9,]+) rows/#).map { String($0.1) } }
        try t.waitForScreen(timeout: 10, "more rows read", settled: false) { screen in
            Self.showsProgress(screen) && rows(screen) != rows(first)
        }
        try t.send(key)
        let screen = try t.waitFor("exit=\(status)", timeout: 5)
        #expect(screen.contains("icanon echo"), "the terminal is given back: \(screen)")
        #expect(!screen.contains("Loading"), "nothing is left behind: \(screen)")
    }

    /// 7,000 rows (about 105 kB) arrive at once, then nothing: the line counts all of
    /// them while the load waits for more, not the nothing it had counted before.
    @Test func aPipeThatWaitsShowsWhatHasArrived() throws {
        let input = try SlowInput(stallAfter: 7000)
        let t = try TmuxSession(try input.command("--no-state \"$F\""), width: 120, height: 10)
        let screen = try t.waitForScreen(timeout: 10, "the progress line", settled: false) { Self.showsProgress($0) }
        _ = try t.waitForScreen(timeout: 10, "all that arrived counted", settled: false) { screen in
            screen.contains(#/prices\.csv: 1[0-9][0-9]\.[0-9] kB, 7,000 rows/#)
        }
        #expect(!screen.contains("0 B, 0 rows"), "\(screen)")
        try t.send("q")
        _ = try t.waitFor("exit=0", timeout: 5)
    }

    @Test func printShowsProgressOnlyOnATerminal() throws {
        let input = try SlowInput()
        // Standard error into a file: no progress there, however long the load. It starts
        // first, so it has loaded longer than the run on a terminal whenever that one
        // shows progress (here once it has shown 2 s so far: well past the moment).
        let quiet = try SlowInput()
        let log = quiet.folder + "/stderr.txt"
        let u = try TmuxSession(try quiet.command("--print \"$F\" > /dev/null 2> \(log)"), width: 120, height: 10)
        _ = try u.waitForScreen(timeout: 10, "the quiet load running", settled: false) { _ in (try? u.viewerPid()) != nil }
        let t = try TmuxSession(try input.command("--print \"$F\" > /dev/null"), width: 120, height: 10)
        _ = try t.waitForScreen(timeout: 20, "the progress line at 2 s or more", settled: false) { screen in
            Self.showsProgress(screen) && screen.contains(#/, ([2-9]|[1-9][0-9]+) s so far/#)
        }
        try t.send("q")
        _ = try t.waitFor("exit=0", timeout: 5)
        #expect(try u.viewerPid() != nil, "still loading, well past the moment progress would show")
        #expect(!(try u.capture()).contains("Loading"))
        #expect(!((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("Loading"))
    }

    /// A followed file's first look reads the whole file (one pass, so that later looks
    /// parse only what is appended): a long one shows its progress as any load does, the
    /// chart follows when it is read, and `q` stops it before that.
    @Test(arguments: [false, true])
    func theFirstLookOfAFollowedFileShowsProgress(stopEarly: Bool) throws {
        let input = try SlowInput()
        let path = input.folder + "/big.csv"
        // A million rows (60 MB: a few seconds for the first look of a debug build): 1000
        // blocks of the same 1000 rows after their times, each block a minute a row later.
        let rests = (0..<1000).map { i in
            let price = 100 + Double(i % 997) / 10
            return ",\(price),\(price + 1),\(price - 1),\(price),\(1000 + i % 13),a note to make the row longer\n"
        }
        try TestFiles.create(path, contents: Data("Date,Open,High,Low,Close,Volume,Note\n".utf8))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        out.seekToEndOfFile()
        for k in 0..<1000 {
            let base = 1_600_000_000 + k * 60_000
            out.write(Data(rests.indices.map { i in String(base + i * 60) + rests[i] }.joined().utf8))
        }
        try out.close()
        let t = try TmuxSession(try input.command("--no-state --follow \(path)"), width: 200, height: 12)
        _ = try t.waitForScreen(timeout: 20, "the progress line", settled: false) { screen in
            screen.contains(#/Loading .*big\.csv: [0-9.]+ MB of [0-9.]+ MB \([0-9]+%\)/#)
        }
        if !stopEarly {
            // Then the chart: the first look is handed to the viewer, which goes on following.
            _ = try t.waitFor("big.csv  100.20", timeout: 60)
        }
        try t.send("q")
        let screen = try t.waitFor("exit=0", timeout: 10)
        #expect(screen.contains("icanon echo"), "the terminal is given back: \(screen)")
        #expect(!screen.contains("Loading"), "nothing is left behind: \(screen)")
    }
}
