import Glibc

/// `make bench` section "whole process": `tradechart --print` of generated intraday
/// files, timed from spawn to exit, with the child's peak resident memory.
/// Compared with a C program that only parses the close column of 1e6 rows and
/// draws them: 0.043 s (../shared/bench/README.md).
enum ProcessBenchmark {
    static func run(table: BenchTable) {
        table.section("whole process: tradechart --print --size 200x50 FILE (wall time from spawn to exit; peak RSS of the child)",
                      columns: ["file", "rows", "runs", "median s", "target s", "peak MiB", "budget MiB"])
        let binary = String(cString: getenv("TRADECHART_BIN") ?? strdup(LoadBenchmark.packageRoot + "/.build/release/tradechart"))
        guard access(binary, X_OK) == 0 else {
            table.row(["(no binary at \(binary); run make bench)", "", "", "", "", "", ""])
            return
        }
        // The floor: the peak of a child that does nothing but print its version.
        let floor = LoadBenchmark.spawnAndWait([binary, "--version"], quiet: true).maxRSSKiB
        table.row(["tradechart --version", "0", "1", "", "", LoadBenchmark.fixed(Double(floor) / 1024, 1), ""])
        for (rows, target) in [(1_000_000, 0.15), (10_000_000, 1.5)] {
            guard let path = LoadBenchmark.ensureFile(rows: rows) else { continue }
            let runs = rows >= 10_000_000 ? 5 : 11
            var seconds: [Double] = []
            var peak = 0
            for _ in 0..<runs {
                let start = LoadBenchmark.now()
                let result = LoadBenchmark.spawnAndWait([binary, "--print", "--color", "never", "--size", "200x50", path], quiet: true)
                seconds.append(LoadBenchmark.now() - start)
                peak = max(peak, result.maxRSSKiB)
            }
            seconds.sort()
            let budget = (32.0 * Double(rows) + 30 * 1_048_576) / 1_048_576
            table.row(["i_\(rows).csv", "\(rows)", "\(runs)", LoadBenchmark.fixed(seconds[runs / 2], 3),
                       LoadBenchmark.fixed(target, 2), LoadBenchmark.fixed(Double(peak) / 1024, 1),
                       LoadBenchmark.fixed(budget, 0)])
        }
    }
}
