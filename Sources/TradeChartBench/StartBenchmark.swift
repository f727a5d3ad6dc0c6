#if canImport(Glibc)
import Glibc
#endif

/// `make bench` section "process start": what a person waits for when a small file is
/// printed, `tradechart --print --size 100x30` of the first 1,000 rows of the bundled DAX
/// file, from spawn to exit, and the child's peak resident memory, against the targets
/// of issue 24 (< 8 ms, < 14 MiB). `tradechart --version` beside it is the floor: the
/// cost of starting the program at all.
///
/// Peak memory: a child's peak RSS starts at this process's own peak (Linux carries it
/// across the spawn and across exec, so starting it through `/usr/bin/env` does not help:
/// tried), which is why this section runs first, while the bench is still small.
enum StartBenchmark {
    static let runs = 31

    static func run(table: BenchTable) {
        table.section("process start: tradechart --print --size 100x30 of 1,000 rows from spawn to exit, and the child's "
                      + "peak RSS; --version beside it is the floor (rows judged by their median)",
                      columns: ["case", "runs", "median", "worst", "target", "verdict"])
        let binary = LoadBenchmark.tradechartBinary
        guard access(binary, X_OK) == 0, let file = smallFile() else {
            table.row(["(no binary at \(binary) or no Data/dax.csv; run make bench)", "", "", "", "", ""])
            return
        }
        let printed = [binary, "--print", "--size", "100x30", "--color", "never", file]
        for (what, argv, judged) in [("--version (the floor)", [binary, "--version"], false),
                                     ("--print, 1,000 rows", printed, true)] {
            var seconds: [Double] = [], mebibytes: [Double] = []
            for _ in 0..<runs {
                seconds.append(LoadBenchmark.timed(argv).seconds)
                mebibytes.append(Double(LoadBenchmark.spawnAndWait(["/usr/bin/env"] + argv, quiet: true).maxRSSKiB) / 1024)
            }
            guard judged else {
                let median = { (v: [Double]) in v.sorted()[v.count / 2] }
                table.row(["process start, \(what)", "\(runs)", LoadBenchmark.fixed(median(seconds) * 1000, 1) + " ms",
                           LoadBenchmark.fixed(median(mebibytes), 1) + " MiB", "", ""])
                continue
            }
            TerminalBenchmark.row("process start, \(what): wall time", seconds, target: 0.008, unit: "ms", scale: 1000,
                                  digits: 1, judgedBy: .median, table: table)
            TerminalBenchmark.row("process start, \(what): peak RSS", mebibytes, target: 14, unit: "MiB", scale: 1,
                                  digits: 1, judgedBy: .median, table: table)
        }
    }

    /// The first 1,000 rows (and the header) of Data/dax.csv, written once into bench-data/.
    static func smallFile() -> String? {
        let dir = LoadBenchmark.packageRoot + "/bench-data"
        let path = dir + "/dax_1000.csv"
        if access(path, R_OK) == 0 { return path }
        guard let source = fopen(LoadBenchmark.packageRoot + "/Data/dax.csv", "r") else { return nil }
        defer { fclose(source) }
        mkdir(dir, 0o755)
        guard let target = fopen(path + ".part", "w") else { return nil }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        var lines = 0
        while lines < 1_001, getline(&line, &capacity, source) > 0 {
            fputs(line, target)
            lines += 1
        }
        free(line)
        fclose(target)
        guard lines == 1_001, rename(path + ".part", path) == 0 else { return nil }
        return path
    }
}
