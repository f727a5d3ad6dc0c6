#if canImport(Glibc)
import Glibc
#endif

/// `make bench` section "whole process": `tradechart --print --range max --size 200x50`
/// of generated intraday files, timed from spawn to exit with the child's peak
/// resident memory, on every core and on one thread (`TRADECHART_LOAD_THREADS=1`,
/// the same binary), beside the C reference reader (`CReferenceReader`: mmap, the
/// close column only, one thread) and `cat FILE > /dev/null`. The runs of the
/// four programs alternate, so that a busy machine slows them alike. Then the same with
/// candles (`--style candles`) and with candles and the volume pane, against their budgets.
enum ProcessBenchmark {
    static func run(table: BenchTable) {
        table.section("whole process: tradechart --print --range max --size 200x50 FILE (every row read) on every core (par) and on one thread (1t), "
                      + "the C reference reader (C) and cat; median wall time from spawn to exit, peak RSS of the child",
                      columns: ["file", "runs", "C s", "par s", "1t s", "cat s", "1t/par", "par/C", "target",
                                "par MiB", "1t MiB", "C MiB", "budget MiB", "verdict"])
        let binary = LoadBenchmark.tradechartBinary
        let reader = LoadBenchmark.sibling(of: binary, named: "CReferenceReader")
        guard access(binary, X_OK) == 0, access(reader, X_OK) == 0 else {
            table.row(["(no binary at \(binary) or \(reader); run make bench)", "", "", "", "", "", "", "", "", "", "", ""])
            return
        }
        // The floor: the peak of a child that does nothing but print its version.
        let floor = LoadBenchmark.spawnAndWait([binary, "--version"], quiet: true).maxRSSKiB
        table.row(["tradechart --version", "1", "", "", "", "", "", "", "", LoadBenchmark.fixed(Double(floor) / 1024, 1), "", "", "",
                   ""])
        let print = ["--print", "--range", "max", "--size", "200x50", "--color", "never"]
        for rows in [1_000_000, 10_000_000] {
            guard let path = LoadBenchmark.ensureFile(rows: rows) else { continue }
            let runs = rows >= 10_000_000 ? 5 : 11
            var c = Timing(), par = Timing(), one = Timing(), cat = Timing()
            for _ in 0..<runs {
                c.add(LoadBenchmark.timed([reader, path]))
                par.add(LoadBenchmark.timed([binary] + print + [path]))
                one.add(LoadBenchmark.timed([binary] + print + [path], environment: ["TRADECHART_LOAD_THREADS=1"]))
                cat.add(LoadBenchmark.timed(["/bin/cat", path]))
            }
            let budget = (32.0 * Double(rows) + 30 * 1_048_576) / 1_048_576
            // Issue 24: within 1.3x the C reader at 1e6 rows, 1.2x at 1e7, and the rows' memory within the budget.
            let target = rows >= 10_000_000 ? 1.2 : 1.3
            let ratio = par.median / c.median
            table.row(["i_\(rows).csv", "\(runs)", LoadBenchmark.fixed(c.median, 3), LoadBenchmark.fixed(par.median, 3),
                       LoadBenchmark.fixed(one.median, 3), LoadBenchmark.fixed(cat.median, 3),
                       LoadBenchmark.fixed(one.median / par.median, 2), LoadBenchmark.fixed(ratio, 2),
                       "<= " + LoadBenchmark.fixed(target, 1),
                       LoadBenchmark.fixed(par.peakMiB, 1), LoadBenchmark.fixed(one.peakMiB, 1),
                       LoadBenchmark.fixed(c.peakMiB, 1), LoadBenchmark.fixed(budget, 0),
                       ratio <= target && par.peakMiB <= budget ? "ok" : "MISSES TARGET"])
        }
        // Candles read the open, high, low and volume too (32 B/row more; the volume also without
        // its pane, for the header's V, since issue 28): the budget is 48 B/row + 30 MB with or without the pane.
        for rows in [1_000_000, 10_000_000] {
            guard let path = LoadBenchmark.ensureFile(rows: rows) else { continue }
            let runs = rows >= 10_000_000 ? 5 : 11
            for (what, extra, perRow) in [("candles", ["--style", "candles"], 48.0),
                                          ("candles+volume", ["--style", "candles", "--volume"], 48.0)] {
                var par = Timing(), one = Timing()
                for _ in 0..<runs {
                    par.add(LoadBenchmark.timed([binary] + print + extra + [path]))
                    one.add(LoadBenchmark.timed([binary] + print + extra + [path], environment: ["TRADECHART_LOAD_THREADS=1"]))
                }
                let budget = (perRow * Double(rows) + 30 * 1_048_576) / 1_048_576
                table.row(["i_\(rows).csv \(what)", "\(runs)", "", LoadBenchmark.fixed(par.median, 3),
                           LoadBenchmark.fixed(one.median, 3), "", LoadBenchmark.fixed(one.median / par.median, 2), "", "",
                           LoadBenchmark.fixed(par.peakMiB, 1), LoadBenchmark.fixed(one.peakMiB, 1), "",
                           LoadBenchmark.fixed(budget, 0), par.peakMiB <= budget ? "ok" : "MISSES TARGET"])
            }
        }
    }

    /// Wall times and the largest peak RSS of repeated runs of one program.
    struct Timing {
        var seconds: [Double] = []
        var peakKiB = 0
        mutating func add(_ run: (seconds: Double, maxRSSKiB: Int)) {
            seconds.append(run.seconds)
            peakKiB = max(peakKiB, run.maxRSSKiB)
        }
        var median: Double { seconds.sorted()[seconds.count / 2] }
        var peakMiB: Double { Double(peakKiB) / 1024 }
    }
}
