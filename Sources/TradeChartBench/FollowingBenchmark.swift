#if canImport(Glibc)
import Glibc
#endif
import TradeChartCore
import TradeChartSystem

/// `make bench` section "follow", whole process: the built `tradechart` follows a copy
/// of a generated intraday file (1e6 and 1e7 rows) in a private tmux server, as a person
/// runs it, while the bench appends rows to the copy, ten a second for twenty seconds
/// (from the first one on: the first rows appended are where a copy of the columns would
/// show). The CPU the process used meanwhile (its threads' own clocks in nanoseconds,
/// `/proc/PID/task/*/schedstat`, read after every row: utime + stime count in 10 ms ticks;
/// counted from once the chart is drawn and the screen is still) divided by the rows appended.
/// Target: under 0.1 ms a row at both sizes; a row whose worst run misses it says so.
/// Beside it, without a target, what the row is made of: the CPU of one look while the rows
/// come (the file's notifications wake the process, which looks at most once a second,
/// `FileFollower.defaultLookInterval`: ten rows a look), the CPU a second of the file left
/// unchanged (five seconds before the first row is appended: asleep, but for a safety look
/// every five seconds), and the floor under a look: what a loop in C that only makes an
/// idle look's calls costs a wake-up (`idleLookFloor`).
/// The copy needs the file's size free beside `/tmp`: without it the row is skipped, saying so.
/// Then issue 25's row: the 1e6-row file followed with all seven indicators on, what a row
/// costs on top of the line's row (`indicatorsOnTop`).
enum FollowingBenchmark {
    static let rowsPerSecond = 10.0
    static let seconds = 20.0
    static let runs = 3
    static let target = 0.000_1

    static func run(table: BenchTable) {
        table.section("following, whole process: tradechart --follow FILE in tmux (120x40), \(Int(rowsPerSecond)) rows appended "
                      + "a second for \(Int(seconds)) s; the CPU of the process's threads (schedstat, ns) per appended row",
                      columns: ["case", "runs", "median", "worst", "target", "verdict"])
        let binary = LoadBenchmark.tradechartBinary
        guard access(binary, X_OK) == 0, TerminalBenchmark.output(["/usr/bin/env", "tmux", "-V"]) != nil else {
            table.row(["(no binary at \(binary), or no tmux)", "", "", "", "", ""])
            return
        }
        // The line's median CPU a row at 1e6 rows: what the row costs without the indicators.
        var lineAtMillion: Double?
        for rows in [1_000_000, 10_000_000] {
            let name = "CPU per appended row while following, \(rows == 1_000_000 ? "1e6" : "1e7") rows"
            guard let source = LoadBenchmark.ensureFile(rows: rows) else {
                table.row([name + " (skipped: the file could not be generated into bench-data/)", "", "", "", "", ""])
                continue
            }
            let copy = "/tmp/tradechart-bench-follow-process-\(getpid()).csv"
            let size = LoadBenchmark.fileSize(source)
            guard freeBytes(beside: copy) > size + size / 10 else {
                table.row([name + " (skipped: /tmp lacks room for a \(size / 1_000_000) MB copy)", "", "", "", "", ""])
                continue
            }
            var followed: [Followed] = []
            for _ in 0..<runs {
                if let run = followedCPU(binary: binary, source: source, copy: copy) { followed.append(run) }
            }
            TerminalBenchmark.row(name, followed.map(\.perRow), target: target, unit: "ms", scale: 1000, digits: 3,
                                  table: table)
            if rows == 1_000_000, !followed.isEmpty { lineAtMillion = followed.map(\.perRow).sorted()[followed.count / 2] }
            var floor: [Double] = []
            if rows == 1_000_000 {
                for _ in 0..<runs { if let wake = idleLookFloor(binary: binary, file: source) { floor.append(wake) } }
            }
            for (what, values) in [("  CPU a look while the rows come (a look a second)", followed.map(\.busyLook)),
                                   ("  CPU a second of the file unchanged", followed.map(\.idleSecond)),
                                   ("  the floor: a loop in C that only looks (poll, stat, pread), CPU a wake-up", floor)]
                where !values.isEmpty {
                let sorted = values.sorted()
                table.row([what, "\(values.count)", LoadBenchmark.fixed(sorted[sorted.count / 2] * 1000, 3) + " ms",
                           LoadBenchmark.fixed(sorted[sorted.count - 1] * 1000, 3) + " ms", "", ""])
            }
        }
        indicatorsOnTop(binary: binary, line: lineAtMillion, table: table)
    }

    /// Issue 25's row, as users run it: the 1e6-row file followed with all seven indicators on
    /// (`--indicator ema,bb,vwap,rsi,macd,stoch,atr`), what a row costs on top of the row
    /// itself (the line's median above). Target: under 0.1 ms.
    static func indicatorsOnTop(binary: String, line: Double?, table: BenchTable) {
        let name = "CPU per appended row on top of the row itself, all seven indicators on, 1e6 rows"
        guard let line, let source = LoadBenchmark.ensureFile(rows: 1_000_000) else {
            table.row([name + " (skipped: no row without them to compare with)", "", "", "", "", ""])
            return
        }
        let copy = "/tmp/tradechart-bench-follow-process-\(getpid()).csv"
        var followed: [Followed] = []
        for _ in 0..<runs {
            if let run = followedCPU(binary: binary, source: source, copy: copy,
                                     arguments: ["--indicator", "ema,bb,vwap,rsi,macd,stoch,atr"]) { followed.append(run) }
        }
        TerminalBenchmark.row(name, followed.map { $0.perRow - line }, target: target, unit: "ms", scale: 1000, digits: 3,
                              table: table)
    }

    /// One run's CPU seconds: per appended row, per look while the rows came, per second before any came.
    struct Followed {
        let perRow: Double
        let busyLook: Double
        let idleSecond: Double
    }

    /// Seconds the file is left unchanged before the first row is appended (`Followed.idleSecond`).
    static let idleSeconds = 5.0

    /// One run, nil when the viewer did not come up; `arguments` go before `--follow`.
    static func followedCPU(binary: String, source: String, copy: String, arguments: [String] = []) -> Followed? {
        defer { unlink(copy) }
        guard LoadBenchmark.spawnAndWait(["/bin/cp", source, copy]).exitStatus == 0,
              var newest = lastTime(of: copy),
              let t = TerminalBenchmark.Tmux(command: "exec '\(binary)' --no-state "
                                                + arguments.map { "'\($0)' " }.joined() + "--follow '\(copy)'"),
              t.waitFor(timeout: 120, { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }) != nil,
              t.waitForStill(timeout: 60) != nil,
              let pid = Int32(t.query("#{pane_pid}")),
              var idle = TerminalBenchmark.ThreadClocks(pid: pid) else { return nil }
        let idleBegan = LoadBenchmark.now()
        usleep(UInt32(idleSeconds * 1e6))
        idle.sample()
        let idleSpan = LoadBenchmark.now() - idleBegan
        guard var clocks = TerminalBenchmark.ThreadClocks(pid: pid), let out = fopen(copy, "a") else { return nil }
        defer { fclose(out) }
        let count = Int(rowsPerSecond * seconds)
        let began = LoadBenchmark.now()
        for i in 0..<count {
            newest += 60
            let price = 80 + Double(i % 7) * 0.25
            let p = LoadBenchmark.fixed(price, 6)
            fputs("\(AppendBenchmark.stamp(newest)),\(p),\(p),\(p),\(p),\(p),1000\n", out)
            fflush(out)
            clocks.sample()
            let rest = began + Double(i + 1) / rowsPerSecond - LoadBenchmark.now()
            if rest > 0 { usleep(UInt32(rest * 1e6)) }
        }
        // The last rows are looked at (an interval after the look before) and drawn.
        usleep(UInt32((FileFollower.defaultLookInterval + 0.2) * 1e6))
        clocks.sample()
        // The first row is looked at as it comes (after the quiet spell), the others a look an interval.
        let looks = 1 + seconds / FileFollower.defaultLookInterval
        return Followed(perRow: clocks.seconds / Double(count), busyLook: clocks.seconds / looks,
                        idleSecond: idle.seconds / idleSpan)
    }

    /// What a look's wake-up costs this machine at the least: `CReferenceReader --idle-look`
    /// (beside the binary) in tmux, waking four times a second (`idleLookPeriod`) to `stat` the file and `pread`
    /// its last 32 bytes, as the viewer's look at an unchanged file does; its CPU over
    /// `idleSeconds` divided by its wake-ups. Nil when the reader is not built.
    static func idleLookFloor(binary: String, file: String) -> Double? {
        let reader = LoadBenchmark.sibling(of: binary, named: "CReferenceReader")
        guard access(reader, X_OK) == 0, let t = TerminalBenchmark.Tmux(command: "exec '\(reader)' --idle-look '\(file)'") else {
            return nil
        }
        usleep(500_000)
        guard let pid = Int32(t.query("#{pane_pid}")), var clocks = TerminalBenchmark.ThreadClocks(pid: pid) else { return nil }
        let began = LoadBenchmark.now()
        usleep(UInt32(idleSeconds * 1e6))
        clocks.sample()
        return clocks.seconds / ((LoadBenchmark.now() - began) / idleLookPeriod)
    }

    /// How often `CReferenceReader --idle-look` wakes, in seconds.
    static let idleLookPeriod = 0.25

    /// The local seconds of the last row of a generated file (`2026-11-20 17:29:00+01:00,...`).
    static func lastTime(of path: String) -> Int64? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        fseek(file, -200, SEEK_END)
        var buffer = [UInt8](repeating: 0, count: 200)
        let n = fread(&buffer, 1, buffer.count, file)
        let lines = buffer[0..<n].split(separator: 0x0A)
        guard let last = lines.last, last.count >= 19 else { return nil }
        let text = String(decoding: last, as: UTF8.self)
        func number(_ from: Int, _ length: Int) -> Int? {
            let start = text.index(text.startIndex, offsetBy: from)
            return Int(text[start..<text.index(start, offsetBy: length)])
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        return CivilDate(year: year, month: month, day: day).dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Bytes free to an ordinary user on the file system of `path`'s folder.
    static func freeBytes(beside path: String) -> Int {
        var info = statvfs()
        let folder = LoadBenchmark.sibling(of: path, named: "")
        guard statvfs(folder, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
