#if canImport(Glibc)
import Glibc
#endif
import TradeChartCore

/// `make bench` section "overview": a folder of 500 files of 2,500 daily rows each, opened
/// by the release program in tmux as a person opens it (issue 26): the time from the start
/// of the process to the first Braille cell on the screen (target 1 s) and to every row
/// read (the title no longer counts files loading; target 3 s). Medians of five runs.
enum OverviewBenchmark {
    static let files = 500
    static let rows = 2_500

    static func run(table: BenchTable) {
        table.section("overview: tradechart DIR of \(files) files x \(rows) daily rows, in tmux (120x40), from the start "
                      + "of the process", columns: ["case", "runs", "median", "worst", "target", "verdict"])
        let binary = LoadBenchmark.tradechartBinary
        guard access(binary, X_OK) == 0, TerminalBenchmark.output(["/usr/bin/env", "tmux", "-V"]) != nil else {
            table.row(["(no binary at \(binary), or no tmux)", "", "", "", "", ""])
            return
        }
        let folder = "/tmp/tradechart-bench-overview"
        guard makeFolder(folder) else {
            table.row(["(could not write \(folder))", "", "", "", "", ""])
            return
        }
        var first: [Double] = [], all: [Double] = []
        for _ in 0..<5 {
            let start = LoadBenchmark.now()
            guard let t = TerminalBenchmark.Tmux(command: "exec '\(binary)' --no-state '\(folder)'") else { break }
            guard t.waitFor(timeout: 20, { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }) != nil
            else { break }
            first.append(LoadBenchmark.now() - start)
            guard t.waitFor(timeout: 30, { screen in
                let title = TerminalBenchmark.firstLine(screen)
                return title.contains("\(files) files") && !title.contains("loading")
            }) != nil else { break }
            all.append(LoadBenchmark.now() - start)
            t.send("q")
        }
        TerminalBenchmark.row("first Braille on the screen", first, target: 1, unit: "ms", scale: 1000, digits: 0,
                              judgedBy: .median, table: table)
        TerminalBenchmark.row("every file read (the title counts none loading)", all, target: 3, unit: "ms", scale: 1000,
                              digits: 0, judgedBy: .median, table: table)
    }

    /// Writes the folder once (a seeded random walk a file, Yahoo's daily columns); true when it is there.
    static func makeFolder(_ folder: String) -> Bool {
        let last = folder + "/sym\(files - 1).csv"
        if access(last, R_OK) == 0 { return true }
        mkdir(folder, 0o755)
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func random() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for k in 0..<files {
            var text = "Date,Open,High,Low,Close,Adj Close,Volume\n"
            text.reserveCapacity(rows * 70)
            var price = 20 + Double(k % 200)
            var day = 20_000 - rows * 7 / 5
            var written = 0
            while written < rows {
                day += 1
                let weekday = (day + 4) % 7  // 1970-01-01 was a Thursday: 0 is Sunday
                if weekday == 0 || weekday == 6 { continue }
                let open = price
                price *= 1 + (random() - 0.5) * 0.04
                let high = max(open, price) * 1.005, low = min(open, price) * 0.995
                text += "\(date(day)),\(cents(open)),\(cents(high)),\(cents(low)),\(cents(price)),\(cents(price)),\(1000 + written)\n"
                written += 1
            }
            let name = k == files - 1 ? last : folder + "/sym\(k).csv"
            guard let file = fopen(name, "w") else { return false }
            fputs(text, file)
            fclose(file)
        }
        return true
    }

    static func cents(_ v: Double) -> String { LoadBenchmark.fixed(v, 2) }

    /// `YYYY-MM-DD` of a day number (days since 1970-01-01).
    static func date(_ days: Int) -> String {
        let d = CivilDate(dayNumber: Int64(days))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(d.year)-\(two(d.month))-\(two(d.day))"
    }
}
