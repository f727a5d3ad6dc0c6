#if canImport(Glibc)
import Glibc
#endif

/// `make bench` section "compressed": `tradechart --print --range MAX` (every row read) of
/// the same generated rows as the plain file, as `.zst` (zstd's default level) and as `.gz` (gzip -6), timed from
/// spawn to exit in the same run, alternating; the `.zst` load should take at most 1.5
/// times the plain one, the `.gz` load at most 2 times. The compressed files are made
/// once, next to the plain one in `bench-data/`, with the command-line tools. Beside them,
/// `zstd -dc FILE > /dev/null` in the same run: zstd decodes one frame on one core, so the
/// tool's own decoding, with no parsing at all, is the floor of the `.zst` load.
enum CompressedBenchmark {
    static func run(table: BenchTable) {
        // MAX: every row of all three is read. A plain file's --print of a shorter range reads only
        // that range from its end (tail first), which a compressed file cannot: no fair comparison.
        table.section("compressed: tradechart --print --range MAX --size 200x50 FILE, plain, .zst and .gz of the same rows; "
                      + "median wall time from spawn to exit, peak RSS of the child",
                      columns: ["file", "runs", "plain s", "zst s", "gz s", "zst/plain (<=1.5)", "gz/plain (<=2)",
                                "zstd -d alone/plain", "plain MiB", "zst MiB", "gz MiB"])
        let binary = LoadBenchmark.tradechartBinary
        guard access(binary, X_OK) == 0 else {
            table.row(["(no binary at \(binary); run make bench)"] + Array(repeating: "", count: 10))
            return
        }
        let print = ["--print", "--range", "MAX", "--size", "200x50", "--color", "never"]
        for rows in [1_000_000, 10_000_000] {
            guard let plain = LoadBenchmark.ensureFile(rows: rows) else { continue }
            guard let zst = compressed(plain, ending: "zst", tool: ["zstd", "-q", "-c"]),
                  let gz = compressed(plain, ending: "gz", tool: ["gzip", "-c"]) else {
                table.row(["i_\(rows).csv (zstd or gzip could not compress it)"] + Array(repeating: "", count: 10))
                continue
            }
            let runs = rows >= 10_000_000 ? 5 : 11
            var p = ProcessBenchmark.Timing(), z = ProcessBenchmark.Timing(), g = ProcessBenchmark.Timing()
            var tool = ProcessBenchmark.Timing()
            // A load that failed would look fast: it is said instead.
            var failed = false
            func timed(_ file: String, into timing: inout ProcessBenchmark.Timing) {
                let run = LoadBenchmark.timed([binary] + print + [file])
                failed = failed || run.maxRSSKiB < 0
                timing.add(run)
            }
            for _ in 0..<runs {
                timed(plain, into: &p)
                timed(zst, into: &z)
                timed(gz, into: &g)
                tool.add(LoadBenchmark.timed(["/bin/sh", "-c", "zstd -dcq '\(zst)' > /dev/null"]))
            }
            func ratio(_ t: ProcessBenchmark.Timing, _ most: Double) -> String {
                guard !failed else { return "(a load failed)" }
                let r = t.median / p.median
                return LoadBenchmark.fixed(r, 2) + (r <= most ? "" : " over")
            }
            table.row(["i_\(rows).csv", "\(runs)", LoadBenchmark.fixed(p.median, 3), LoadBenchmark.fixed(z.median, 3),
                       LoadBenchmark.fixed(g.median, 3), ratio(z, 1.5), ratio(g, 2), LoadBenchmark.fixed(tool.median / p.median, 2),
                       LoadBenchmark.fixed(p.peakMiB, 1), LoadBenchmark.fixed(z.peakMiB, 1), LoadBenchmark.fixed(g.peakMiB, 1)])
        }
    }

    /// `plain` compressed by `tool` (which writes to standard output) as `plain.ending`, made when missing.
    static func compressed(_ plain: String, ending: String, tool: [String]) -> String? {
        let path = "\(plain).\(ending)"
        if access(path, R_OK) == 0 { return path }
        let partial = path + ".partial"
        let command = (tool + [plain]).map { "'\($0)'" }.joined(separator: " ") + " > '\(partial)'"
        let status = LoadBenchmark.spawnAndWait(["/bin/sh", "-c", command]).exitStatus
        guard status == 0, rename(partial, path) == 0 else {
            unlink(partial)
            return nil
        }
        return path
    }
}
