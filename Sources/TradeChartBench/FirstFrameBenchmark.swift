#if canImport(Glibc)
import Glibc
#endif

/// `make bench` section "first frame": the release program on a 1e7-row and a 1e8-row
/// intraday file (8.4 GB, made once by `../shared/bench/gen.py` when the disk has room),
/// read newest rows first. In tmux, from the start of the process (a shell waiting in
/// the pane is told to `exec` it) to the first Braille cell on the screen; and
/// `--print --range 1Y`, wall time from spawn to exit and the child's peak RSS. Medians.
/// `TRADECHART_BENCH_FIRST_ROWS=10000000` runs only the file of that size.
enum FirstFrameBenchmark {
    static let runs = 7
    static let targets: [(rows: Int, seconds: Double)] = {
        let all = [(10_000_000, 0.05), (100_000_000, 0.1)]
        guard let text = getenv("TRADECHART_BENCH_FIRST_ROWS") else { return all }
        let chosen = Set(String(cString: text).split(separator: ",").compactMap { Int($0) })
        return all.filter { chosen.contains($0.0) }
    }()

    static func run(table: BenchTable) {
        table.section("first frame: the newest rows first; in tmux (120x40) from the process start to the first Braille "
                      + "cell, and --print --range 1Y wall time and peak RSS of the child",
                      columns: ["case", "runs", "median", "worst", "target", "verdict"])
        let binary = LoadBenchmark.tradechartBinary
        guard access(binary, X_OK) == 0 else {
            table.row(["(no binary at \(binary); run make bench)", "", "", "", "", ""])
            return
        }
        for (rows, target) in targets {
            let name = "i_\(rows).csv"
            guard let path = ensureFile(rows: rows) else {
                let need = Double(rows) * 85 / 1e9
                table.row(["\(name): skipped, the disk has less than \(LoadBenchmark.fixed(need + 1, 1)) GB free for it, "
                           + "or the generator failed", "", "", "", "", ""])
                continue
            }
            let frames = (0..<runs).compactMap { _ in firstFrame(binary: binary, path: path) }
            TerminalBenchmark.row("first frame in tmux, \(name)", frames, target: target, unit: "ms", scale: 1000, digits: 1,
                                  judgedBy: .median, table: table)
            var seconds: [Double] = [], megabytes: [Double] = []
            for _ in 0..<runs {
                // The child's peak RSS starts at this process's: this section runs before any that loads in-process (see StartBenchmark).
                let run = LoadBenchmark.timed(["/usr/bin/env", binary, "--print", "--range", "1Y", "--size", "200x50", "--color", "never", path])
                guard run.maxRSSKiB >= 0 else { continue }
                seconds.append(run.seconds)
                megabytes.append(Double(run.maxRSSKiB) * 1024 / 1e6)
            }
            TerminalBenchmark.row("--print --range 1Y, \(name): wall time", seconds, target: 0.1, unit: "s", scale: 1, digits: 3,
                                  judgedBy: .median, table: table)
            TerminalBenchmark.row("--print --range 1Y, \(name): peak RSS", megabytes, target: 100, unit: "MB", scale: 1,
                                  digits: 1, judgedBy: .median, table: table)
        }
    }

    /// Seconds from telling the pane's shell to start the viewer to the first Braille cell
    /// on its screen (polled as fast as tmux answers); nil when it never shows.
    static func firstFrame(binary: String, path: String) -> Double? {
        guard let t = TerminalBenchmark.Tmux(command: "read go; exec '\(binary)' --no-state '\(path)'") else { return nil }
        usleep(200_000)
        let start = LoadBenchmark.now()
        t.send("Enter")
        guard t.waitFor(timeout: 30, pause: 0, { $0.unicodeScalars.contains { $0.value > 0x2800 && $0.value <= 0x28FF } }) != nil
        else { return nil }
        return LoadBenchmark.now() - start
    }

    /// `bench-data/i_N.csv`, generated when missing and the disk has room for it (N bytes x 85 and 1 GB).
    static func ensureFile(rows: Int) -> String? {
        let path = "\(LoadBenchmark.packageRoot)/bench-data/i_\(rows).csv"
        if access(path, R_OK) == 0 { return path }
        var disk = statvfs()
        mkdir(LoadBenchmark.packageRoot + "/bench-data", 0o755)
        guard statvfs(LoadBenchmark.packageRoot + "/bench-data", &disk) == 0,
              Double(disk.f_bavail) * Double(disk.f_frsize) > Double(rows) * 85 + 1e9 else { return nil }
        return LoadBenchmark.ensureFile(rows: rows)
    }
}
