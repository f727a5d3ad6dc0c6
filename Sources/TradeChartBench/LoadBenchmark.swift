import Glibc
import TradeChartCore
import TradeChartSystem

/// `make bench` section "load": SeriesLoader on generated Yahoo-style intraday files, and
/// on the same rows without their header (`h_N.csv`, read by the shape of the first row).
///
/// Time is the median of several in-process loads. Peak memory is measured per
/// file in a child process (this binary re-run with `--load-only FILE`), as the
/// child's `ru_maxrss` minus that of a child that loads nothing (`--load-only -none-`).
/// Each file is loaded as a line chart loads it (time and close) and as candles load
/// it (`LoadOptions.bars`: open, high, low and volume too; `--load-bars FILE` in the child).
/// `TRADECHART_BENCH_LOAD_ROWS=100000,1000000` loads only the files of those sizes.
enum LoadBenchmark {
    static let sizes: [Int] = {
        let all = [100_000, 1_000_000, 10_000_000]
        guard let text = getenv("TRADECHART_BENCH_LOAD_ROWS") else { return all }
        let chosen = String(cString: text).split(separator: ",").compactMap { Int($0) }
        return chosen.isEmpty ? all : chosen
    }()

    /// The package root: three levels above this source file.
    static let packageRoot: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The `tradechart` the whole-process rows run: `TRADECHART_BIN` (`make bench` sets it),
    /// else the release build of this checkout.
    static var tradechartBinary: String {
        getenv("TRADECHART_BIN").map { String(cString: $0) } ?? packageRoot + "/.build/release/tradechart"
    }

    /// Handles the hidden child mode; returns true when it ran (the caller exits).
    static func runChildModeIfAsked(_ arguments: [String]) -> Bool {
        guard arguments.count == 3, arguments[1] == "--load-only" || arguments[1] == "--load-bars" else { return false }
        if arguments[2] != "-none-" {
            do {
                let loaded = try SeriesLoader.load(path: arguments[2], options: LoadOptions(bars: arguments[1] == "--load-bars" ? .all : []))
                print(loaded.series.count)
            } catch {
                print(error.description)
                exit(2)
            }
        }
        return true
    }

    static func run(table: BenchTable) {
        table.section("load: SeriesLoader.load, intraday files with +01:00 offsets, for a line (time, close) and for candles "
                      + "(OHLCV: open, high, low, volume too); median time, peak RSS in a child",
                      columns: ["file", "rows", "MB", "runs", "median s", "MB/s", "ns/row", "peak B/row"])
        let baseline = childPeakKiB(file: "-none-")
        for rows in sizes {
            guard let path = ensureFile(rows: rows) else {
                table.row(["i_\(rows).csv", "\(rows)", "-", "-", "generator failed", "", "", ""])
                continue
            }
            for bars in [false, true] { measure(path, label: "i_\(rows).csv" + (bars ? " OHLCV" : ""), rows: rows, bars: bars,
                                                baseline: baseline, table: table) }
            // The same rows without their header line, read by the shape of the first row.
            if let headerless = ensureHeaderless(from: path, rows: rows) {
                measure(headerless, label: "h_\(rows).csv no header", rows: rows, bars: false, baseline: baseline, table: table)
            }
        }
    }

    /// One row of the table: the median of several loads of `path` and the peak memory of one in a child.
    static func measure(_ path: String, label: String, rows: Int, bars: Bool, baseline: Int, table: BenchTable) {
        let bytes = fileSize(path)
        let runs = rows >= 10_000_000 ? 3 : rows >= 1_000_000 ? 5 : 9
        var seconds: [Double] = []
        var loadedRows = 0
        for _ in 0..<runs {
            let start = now()
            let loaded = try? SeriesLoader.load(path: path, options: LoadOptions(bars: bars ? .all : []))
            seconds.append(now() - start)
            loadedRows = loaded?.bars?.count ?? loaded?.series.count ?? -1
        }
        seconds.sort()
        let median = seconds[seconds.count / 2]
        let peak = childPeakKiB(file: path, bars: bars)
        let perRow = peak >= 0 && baseline >= 0 ? Double(peak - baseline) * 1024 / Double(rows) : -1
        table.row([label + (loadedRows == rows ? "" : " (loaded \(loadedRows)!)"),
                   "\(rows)", fixed(Double(bytes) / 1e6, 1), "\(runs)", fixed(median, 4),
                   fixed(Double(bytes) / 1e6 / median, 0), fixed(median * 1e9 / Double(rows), 1), fixed(perRow, 1)])
    }

    /// `bench-data/h_N.csv`: `i_N.csv` without its header line, copied when missing.
    static func ensureHeaderless(from path: String, rows: Int) -> String? {
        let out = sibling(of: path, named: "h_\(rows).csv")
        if access(out, R_OK) == 0 { return out }
        guard let input = fopen(path, "rb") else { return nil }
        defer { fclose(input) }
        guard let output = fopen(out + ".part", "wb") else { return nil }
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var inHeader = true
        var ok = true
        while ok {
            let n = fread(buffer, 1, size, input)
            if n == 0 { break }
            var start = 0
            if inHeader {
                guard let nl = memchr(buffer, 0x0A, n) else { continue }
                start = buffer.distance(to: nl) + 1
                inHeader = false
            }
            ok = fwrite(buffer + start, 1, n - start, output) == n - start
        }
        ok = fclose(output) == 0 && ok
        guard ok, rename(out + ".part", out) == 0 else { unlink(out + ".part"); return nil }
        return out
    }

    /// `bench-data/i_N.csv` at the package root, generated with `../shared/bench/gen.py` when missing.
    static func ensureFile(rows: Int) -> String? {
        let dir = packageRoot + "/bench-data"
        let path = "\(dir)/i_\(rows).csv"
        if access(path, R_OK) == 0 { return path }
        mkdir(dir, 0o755)
        let gen = packageRoot + "/../shared/bench/gen.py"
        let status = spawnAndWait(["/usr/bin/env", "python3", gen, "--kind", "intraday", "--rows", "\(rows)", "--out", path])
        return status.exitStatus == 0 && access(path, R_OK) == 0 ? path : nil
    }

    /// The peak resident set (KiB) of this binary loading `file` in a child process.
    static func childPeakKiB(file: String, bars: Bool = false) -> Int {
        let result = spawnAndWait([CommandLine.arguments[0], bars ? "--load-bars" : "--load-only", file], quiet: true)
        return result.exitStatus == 0 ? result.maxRSSKiB : -1
    }

    /// Runs a program, waits for it with `wait4` and returns its status and peak RSS.
    /// `environment` entries (`NAME=value`) are added to this process's environment.
    static func spawnAndWait(_ argv: [String], quiet: Bool = false, environment: [String] = []) -> (exitStatus: Int32, maxRSSKiB: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var e = environ
        while let entry = e.pointee { inherited.append(entry); e += 1 }
        let added = environment.map { strdup($0) }
        defer { for p in added { free(p) } }
        var cEnv = inherited + added + [nil]
        var pid: pid_t = 0
        guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, &cEnv) == 0 else { return (-1, -1) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        return (exited ? (status >> 8) & 0xFF : -1, Int(usage.ru_maxrss))
    }

    /// A run of a program with its output thrown away: wall seconds and peak RSS (KiB; -1 if it failed).
    static func timed(_ argv: [String], environment: [String] = []) -> (seconds: Double, maxRSSKiB: Int) {
        let start = now()
        let result = spawnAndWait(argv, quiet: true, environment: environment)
        return (now() - start, result.exitStatus == 0 ? result.maxRSSKiB : -1)
    }

    /// The file `name` in the folder of `path`.
    static func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v >= 0 else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let r = (v * scale).rounded() / scale
        let s = "\(r)"
        guard digits > 0 else { return "\(Int(r))" }
        let parts = s.split(separator: ".")
        let frac = parts.count > 1 ? String(parts[1]) : ""
        return "\(parts[0]).\(frac)" + String(repeating: "0", count: max(0, digits - frac.count))
    }
}
