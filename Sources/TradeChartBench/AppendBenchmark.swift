#if canImport(Glibc)
import Glibc
#endif
import TradeChartCore
import TradeChartSystem

/// `make bench` section "follow", core level (the whole program: `FollowingBenchmark`): the CPU cost of one row appended to a followed
/// file of 1e7 rows, through the stream parser (`feed`, `takeNewRows`), the series
/// and the min-max index (`MinMaxIndex.append(times:prices:to:)`), as a follower
/// does it; and through the real path: a `FileFollower` on a copy of the file that
/// grows (its look: `stat`, `pread`, parse, `FollowChange.appended`) and the viewer
/// taking the change (`ViewerState.handle(.follow)`: series, index, range, labels,
/// morph, and the column spans of the still frame's lines, which the frame drawn after
/// it reuses instead of working them out). Target: under 1 ms a row. Measured with the thread's CPU clock.
enum AppendBenchmark {
    static func run(table: BenchTable) {
        table.section("following, core level (no terminal, no process around it): one appended row at 1e7 rows (feed + takeNewRows + series and index append), CPU time of the thread",
                      columns: ["case", "rows", "appends", "median µs", "worst µs", "target µs"])
        guard let path = LoadBenchmark.ensureFile(rows: 10_000_000), let file = fopen(path, "r") else { return }
        var parser = CSVStreamParser(file: path, expectedBytes: LoadBenchmark.fileSize(path))
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        while true {
            let n = fread(chunk, 1, 1 << 20, file)
            if n <= 0 { break }
            parser.feed(UnsafeRawBufferPointer(start: chunk, count: n))
        }
        chunk.deallocate()
        fclose(file)
        guard let all = try? parser.takeNewRows(), var last = all.times.last else { return }
        var series = PriceSeries(name: "follow", times: [], prices: [], hasTimeOfDay: true)
        var index = MinMaxIndex([])
        _ = index.append(times: all.times, prices: all.prices, to: &series)
        var micros: [Double] = []
        var price = all.prices.last ?? 100
        for i in 0..<1001 {
            last += 60
            price += i % 2 == 0 ? 0.25 : -0.125
            let line = Array((stamp(last) + ",\(price),\(price),\(price),\(price),\(price),1000\n").utf8)
            let start = cpuNow()
            parser.feed(line)
            guard let rows = try? parser.takeNewRows() else { return }
            _ = index.append(times: rows.times, prices: rows.prices, to: &series)
            micros.append((cpuNow() - start) * 1e6)
        }
        micros.sort()
        table.row(["appended row at 1e7", "\(series.count)", "\(micros.count)", LoadBenchmark.fixed(micros[micros.count / 2], 1),
                   LoadBenchmark.fixed(micros[micros.count - 1], 1), "1000"])
        followerPath(source: path, table: table)
    }

    /// The real follower and the viewer on a copy of the 1e7-row file that grows a row at a time.
    static func followerPath(source: String, table: BenchTable) {
        let copy = "/tmp/tradechart-bench-follow-\(getpid()).csv"
        defer { unlink(copy) }
        guard LoadBenchmark.spawnAndWait(["/bin/cp", source, copy]).exitStatus == 0,
              let out = fopen(copy, "a") else { return }
        defer { fclose(out) }
        // A followed file keeps its open, high, low and volume from the start, as the program reads it.
        let follower = FileFollower(path: copy, options: LoadOptions(bars: .all))
        guard case .updated(let loaded, _) = follower.poll() else { return }
        var state = ViewerState(series: loaded.series, range: .fiveYears, options: ViewerOptions(followed: copy),
                                columns: 200, rows: 50,
                                candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices))
        var last = loaded.series.times.last ?? 0
        var price = loaded.series.prices.last ?? 100
        var clock = 0.0
        /// Appends 1001 rows one at a time; the CPU time of each look and its handling but the first.
        func appendRows() -> (micros: [Double], allAppended: Bool) {
            var micros: [Double] = []
            var allAppended = true
            for i in 0..<1001 {
                last += 60
                price += i % 2 == 0 ? 0.25 : -0.125
                fputs(stamp(last) + ",\(price),\(price),\(price),\(price),\(price),1000\n", out)
                fflush(out)
                clock += 1
                let start = cpuNow()
                let change = follower.poll()
                _ = state.handle(.follow(change), at: clock)
                let spent = (cpuNow() - start) * 1e6
                if case .appended = change {} else { allAppended = false }
                // The first row after the whole series was given is not counted: the parser
                // then stops sharing its columns with the series given (one copy, once).
                if i > 0 { micros.append(spent) }
            }
            return (micros.sorted(), allAppended)
        }
        for shown in ["", ", MA 20 50 200", ", candles + volume pane"] {
            if shown == ", MA 20 50 200" {
                // m twice: the averages of 20, 50 and 200 bars.
                _ = state.handle(.key(.character("m")), at: clock)
                _ = state.handle(.key(.character("m")), at: clock)
            }
            if shown == ", candles + volume pane" {
                _ = state.handle(.key(.character("m")), at: clock)
                _ = state.handle(.key(.character("c")), at: clock)
                _ = state.handle(.key(.character("v")), at: clock)
            }
            let (micros, allAppended) = appendRows()
            let name = "FileFollower + viewer at 1e7" + shown
                + (allAppended && state.seriesRebuilds == 0 ? "" : " (rebuilt!)")
            table.row([name, "\(state.series.count)", "\(micros.count)", LoadBenchmark.fixed(micros[micros.count / 2], 1),
                       LoadBenchmark.fixed(micros[micros.count - 1], 1), "1000"])
        }
        comparedPath(table: table)
    }

    /// A file compared with the primary one (1e6 minute rows each) grows a row at a time,
    /// as a followed compared file's looks hand them to the viewer: its series grows in place
    /// and only the primary points the row can change are sampled again.
    static func comparedPath(table: BenchTable) {
        let base = ViewerBenchmark.intraday(count: 1_000_000)
        var state = ViewerState(series: base, range: .fiveYears, options: ViewerOptions(), columns: 200, rows: 50,
                                others: [base])
        var last = base.times[base.count - 1], price = base.prices[base.count - 1]
        // The rows as a follower's parser hands them out.
        var parser = CSVStreamParser(file: "compared.csv", options: LoadOptions())
        parser.feed(Array("Date,Open,High,Low,Close,Adj Close,Volume\n".utf8))
        var micros: [Double] = []
        for i in 0..<1001 {
            last += 60
            price += i % 2 == 0 ? 0.25 : -0.125
            parser.feed(Array((stamp(last) + ",\(price),\(price),\(price),\(price),\(price),1000\n").utf8))
            guard let rows = try? parser.takeNewRows(), rows.times.count == 1 else { return }
            let start = cpuNow()
            _ = state.handle(.followFile(1, .appended(rows)), at: Double(i))
            micros.append((cpuNow() - start) * 1e6)
        }
        micros.sort()
        table.row(["a compared file's appended row, 2 x 1e6", "\(state.others[0].series.count)", "\(micros.count)",
                   LoadBenchmark.fixed(micros[micros.count / 2], 1), LoadBenchmark.fixed(micros[micros.count - 1], 1), "1000"])
    }

    /// `2026-11-20 17:29:00+01:00`, as the generated files write times.
    static func stamp(_ seconds: Int64) -> String {
        let date = CivilDate(dayNumber: seconds / 86_400)
        let s = Int(seconds % 86_400)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(date.year)-\(two(date.month))-\(two(date.day)) \(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))+01:00"
    }

    static func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
