#if canImport(Glibc)
import Glibc
#endif
import TradeChartCore
import TradeChartSystem

/// `make bench` section "terminal": the release program as a person runs it, in a private
/// tmux server (as the end-to-end tests run it), timed from outside; and the tone stream
/// fed as a key held down feeds it. What the tests once timed themselves (they now check
/// only that it happens): how soon the range bar follows a key, how soon an appended row
/// shows in the header and the CPU that following costs, and how soon a newer tone
/// replaces the one sounding. A row whose worst run misses its target says so.
enum TerminalBenchmark {
    static func run(table: BenchTable) {
        table.section("terminal: the program in tmux (120x40), timed from outside; the tone stream stepped like a held key",
                      columns: ["case", "runs", "median", "worst", "target", "verdict"])
        let binary = LoadBenchmark.tradechartBinary
        guard access(binary, X_OK) == 0, output(["/usr/bin/env", "tmux", "-V"]) != nil else {
            table.row(["(no binary at \(binary), or no tmux)", "", "", "", "", ""])
            tones(table: table)
            return
        }
        rangeBar(binary: binary, table: table)
        following(binary: binary, table: table)
        tones(table: table)
    }

    /// A row of seconds against a target (its worst run must meet it, or its median where `judged` says so).
    static func row(_ name: String, _ values: [Double], target: Double, unit: String, scale: Double, digits: Int,
                    judgedBy judged: Judged = .worst, table: BenchTable) {
        guard !values.isEmpty else {
            table.row([name, "0", "-", "-", "\(LoadBenchmark.fixed(target * scale, digits)) \(unit)", "not measured"])
            return
        }
        let sorted = values.sorted()
        let worst = sorted[sorted.count - 1]
        func shown(_ v: Double) -> String { "\(LoadBenchmark.fixed(v * scale, digits)) \(unit)" }
        table.row([name, "\(values.count)", shown(sorted[sorted.count / 2]), shown(worst), "< " + shown(target),
                   (judged == .worst ? worst : sorted[sorted.count / 2]) < target ? "ok" : "MISSES TARGET"])
    }

    /// Which run a row's verdict reads: the worst (a latency every key must meet) or the
    /// median (a figure the issue states as a median, such as the start of the process).
    enum Judged { case worst, median }

    // MARK: - In tmux

    /// The range bar follows a key at once (target: within a second of `send-keys`),
    /// during a 2 s morph: keys 3 (1M) and 5 (1Y) in turn, each once the morph before ended.
    static func rangeBar(binary: String, table: BenchTable) {
        guard let t = Tmux(command: "exec '\(binary)' --no-state --duration 2 '\(LoadBenchmark.packageRoot)/Data/dax.csv'"),
              t.waitFor(timeout: 10, { $0.contains("[1Y]") }) != nil else {
            row("range bar after a key", [], target: 1, unit: "ms", scale: 1000, digits: 0, table: table)
            return
        }
        var seconds: [Double] = []
        for (key, label) in Array(repeating: [("3", "[1M]"), ("5", "[1Y]")], count: 5).joined() {
            // The morph before is over: the screen stays the same for a moment.
            _ = t.waitForStill(timeout: 10)
            let start = LoadBenchmark.now()
            t.send(key)
            guard t.waitFor(timeout: 10, { lastLine($0).contains(label) }) != nil else { break }
            seconds.append(LoadBenchmark.now() - start)
        }
        row("range bar after a key (send-keys to the bar on screen)", seconds, target: 1, unit: "ms", scale: 1000,
            digits: 0, table: table)
    }

    /// A followed copy of the S&P minutes: ten rows appended once a second, each row's
    /// time from the append to the header (target: a second), and the CPU the viewer
    /// used over those ten seconds (target: 0.2 s; /proc/PID/stat).
    static func following(binary: String, table: BenchTable) {
        let source = LoadBenchmark.packageRoot + "/Data/sp500-1min.csv"
        let copy = "/tmp/tradechart-bench-follow-tmux-\(getpid()).csv"
        defer { unlink(copy) }
        guard LoadBenchmark.spawnAndWait(["/bin/cp", source, copy]).exitStatus == 0,
              let t = Tmux(command: "exec '\(binary)' --no-state --follow '\(copy)'"),
              t.waitFor(timeout: 20, { $0.contains("3,092.91") }) != nil,
              let pid = Int32(t.query("#{pane_pid}")), let before = cpuSeconds(pid) else {
            row("appended row to the header", [], target: 1, unit: "ms", scale: 1000, digits: 0, table: table)
            return
        }
        var latencies: [Double] = []
        let began = LoadBenchmark.now()
        for i in 0..<10 {
            let start = LoadBenchmark.now()
            let price = 3401.25 + Double(i)
            let minute = i < 10 ? "0\(i)" : "\(i)"
            guard let out = fopen(copy, "a") else { break }
            fputs("11/8/2019 16:\(minute),3000,\(LoadBenchmark.fixed(price, 2)),3000,3000,0\r\n", out)
            fclose(out)
            let shown = grouped(price)
            guard t.waitFor(timeout: 10, { firstLine($0).contains(shown) }) != nil else { break }
            latencies.append(LoadBenchmark.now() - start)
            let rest = 1 - (LoadBenchmark.now() - start)
            if rest > 0 { usleep(UInt32(rest * 1e6)) }
        }
        let span = LoadBenchmark.now() - began
        let used = cpuSeconds(pid).map { $0 - before }
        row("appended row to the header, once a second", latencies, target: 1, unit: "ms", scale: 1000, digits: 0,
            table: table)
        row("CPU of the viewer, \(Int(span.rounded())) s following, a row a second", used.map { [$0] } ?? [],
            target: 0.2, unit: "s", scale: 1, digits: 3, table: table)
    }

    /// CPU time (user + system) a process has used so far, in seconds, from /proc/PID/stat.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let bytes = contents("/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: bytes, as: UTF8.self)
        // Fields after the command name (which may hold spaces) start at field 3.
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU time of each thread of process `pid` in nanoseconds (`/proc/PID/task/TID/schedstat`,
    /// first field), by thread id: finer than `cpuSeconds`' clock ticks of 10 ms.
    static func threadNanoseconds(_ pid: Int32) -> [Int: UInt64]? {
        guard let tasks = opendir("/proc/\(pid)/task") else { return nil }
        defer { closedir(tasks) }
        var out: [Int: UInt64] = [:]
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let tid = Int(name), let bytes = contents("/proc/\(pid)/task/\(tid)/schedstat"),
                  let first = String(decoding: bytes, as: UTF8.self).split(separator: " ").first,
                  let ns = UInt64(first) else { continue }
            out[tid] = ns
        }
        return out.isEmpty ? nil : out
    }

    /// The CPU a process's threads use while it runs, read from their own clocks
    /// (`threadNanoseconds`) at every `sample`: a thread that ends between two samples
    /// (Dispatch lets idle workers go) keeps what it had used by the last one.
    struct ThreadClocks {
        let pid: Int32
        private var first: [Int: UInt64] = [:]
        private var latest: [Int: UInt64] = [:]

        /// Starts counting now; nil when the process's threads cannot be read.
        init?(pid: Int32) {
            guard let now = TerminalBenchmark.threadNanoseconds(pid) else { return nil }
            self.pid = pid
            first = now
            latest = now
        }

        /// Takes each living thread's clock.
        mutating func sample() {
            guard let now = TerminalBenchmark.threadNanoseconds(pid) else { return }
            latest.merge(now) { _, new in new }
        }

        /// The CPU seconds used since counting started, up to the last sample.
        var seconds: Double {
            Double(latest.reduce(0) { $0 + ($1.value - (first[$1.key] ?? 0)) }) / 1e9
        }
    }

    /// The bytes of a file (nil when it cannot be opened).
    static func contents(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    /// 3401.25 as the header writes it: 3,401.25.
    static func grouped(_ v: Double) -> String {
        let cents = Int((v * 100).rounded())
        var whole = String(cents / 100)
        var i = whole.count - 3
        while i > 0 {
            whole.insert(",", at: whole.index(whole.startIndex, offsetBy: i))
            i -= 3
        }
        let rest = cents % 100
        return "\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }

    static func firstLine(_ screen: String) -> Substring {
        screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    }

    static func lastLine(_ screen: String) -> Substring {
        screen.split(separator: "\n").last ?? ""
    }

    /// A private tmux server running one command in a detached session of 120 x 40.
    final class Tmux {
        let socket = "tc-bench-\(getpid())-\(Int.random(in: 0..<1_000_000))"

        init?(command: String) {
            guard output(["/usr/bin/env", "tmux", "-L", socket, "-f", "/dev/null", "start-server", ";",
                          "set", "-g", "default-terminal", "tmux-256color", ";",
                          "new-session", "-d", "-s", "b", "-x", "120", "-y", "40", command]) != nil else { return nil }
        }

        deinit { _ = output(["/usr/bin/env", "tmux", "-L", socket, "kill-server"]) }

        func capture() -> String { output(["/usr/bin/env", "tmux", "-L", socket, "capture-pane", "-t", "b", "-p"]) ?? "" }

        func send(_ keys: String) { _ = output(["/usr/bin/env", "tmux", "-L", socket, "send-keys", "-t", "b", keys]) }

        func query(_ format: String) -> String {
            (output(["/usr/bin/env", "tmux", "-L", socket, "display-message", "-t", "b", "-p", format]) ?? "")
                .split(separator: "\n").first.map(String.init) ?? ""
        }

        /// Polls the screen every `pause` µs (5 ms) until `condition` holds; nil after `timeout` seconds.
        func waitFor(timeout: Double, pause: UInt32 = 5000, _ condition: (String) -> Bool) -> String? {
            let deadline = LoadBenchmark.now() + timeout
            while LoadBenchmark.now() < deadline {
                let screen = capture()
                if condition(screen) { return screen }
                if pause > 0 { usleep(pause) }
            }
            return nil
        }

        /// Waits until two captures 0.3 s apart read the same.
        func waitForStill(timeout: Double) -> String? {
            var previous = capture()
            return waitFor(timeout: timeout) { screen in
                usleep(300_000)
                defer { previous = screen }
                return screen == previous && capture() == screen
            }
        }
    }

    /// What a program writes to standard output (nil when it cannot run or fails). The
    /// output goes through a file, not a pipe: a tmux server started by the command
    /// inherits its standard output and would hold a pipe open.
    static func output(_ argv: [String]) -> String? {
        let path = "/tmp/tradechart-bench-output-\(getpid())"
        defer { unlink(path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0, let bytes = contents(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Tones

    /// Six tones stepped 30 ms apart (faster than a tone lasts: a key held down) into a
    /// player that records what it receives. The sound should last the stepping, the last
    /// tone (80 ms) and no more than 60 ms besides (the lead and a chunk or two): more means
    /// a newer tone waited behind an older one. Target: under 60 ms more, in every run.
    static func tones(table: BenchTable) {
        let rate = 22_050
        var extras: [Double] = []
        for run in 0..<10 {
            let path = "/tmp/tradechart-bench-tones-\(getpid())-\(run).wav"
            defer { unlink(path) }
            guard let command = StreamPlayerCommand.find(.command("cat > '\(path)'"), sampleRate: rate) else { break }
            let stream = ToneStream(command: command, sampleRate: rate)
            guard (try? stream.start()) != nil else { break }
            let began = LoadBenchmark.now()
            for i in 0..<6 {
                if i > 0 { usleep(30_000) }
                stream.play(Tone(frequency: 300 + 180 * Double(i)))
            }
            let stepping = LoadBenchmark.now() - began
            // Everything is written once the last tone and its silent tail are.
            usleep(400_000)
            stream.stop()
            guard let sounding = soundingSeconds(path: path, sampleRate: rate) else { continue }
            extras.append(max(0, sounding - stepping - 0.08))
        }
        row("tone stream: sound beyond the steps and the last tone", extras, target: 0.06, unit: "ms", scale: 1000,
            digits: 0, table: table)
    }

    /// Seconds from the first sounding sample to the last in a recorded stream (after its 44-byte header).
    static func soundingSeconds(path: String, sampleRate: Int) -> Double? {
        guard let bytes = contents(path), bytes.count > 46 else { return nil }
        var first: Int?, last = 0
        for k in stride(from: 44, to: bytes.count - 1, by: 2) where bytes[k] != 0 || bytes[k + 1] != 0 {
            if first == nil { first = k }
            last = k
        }
        guard let first else { return nil }
        return Double((last - first) / 2 + 1) / Double(sampleRate)
    }
}
