import Glibc
import TradeChartCore
import TradeChartSystem

/// libFuzzer entry: the input is a whole price file, loaded in one piece, fed in
/// uneven chunks, and loaded in parts on several threads with the parts split at
/// places taken from the input itself; all must agree (or fail alike), and the
/// rows handed out as they complete must add up to the same series. Never a crash.
/// The input is also loaded as a compressed file (`FuzzCompressed`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoadPriceFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let whole = Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv") }
    // Split points from the input's own bytes: small parts, often at quotes and line ends.
    var splits: [Int] = []
    var seed = UInt64(truncatingIfNeeded: size) &* 0x9E37_79B9_7F4A_7C15
    for (i, b) in bytes.enumerated() where b == 0x22 || b == 0x0A || b == 0x0D {
        seed = (seed ^ UInt64(i)) &* 0xBF58_476D_1CE4_E5B9
        if seed >> 61 == 0 || splits.count < 2 { splits.append(i + Int(seed >> 62)) }
        if splits.count == 6 { break }
    }
    // Threads for one input in eight: the splitting and joining are the same either way, and
    // handing tiny parts to threads would make the run several times slower.
    let parts = Result { () throws(LoadError) in
        try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv", splits: splits,
                              map: size % 8 == 0 ? ConcurrentMap() : SerialMap())
    }
    if parts != whole { fatalError("load in parts at \(splits) differs from the single pass") }
    if size % 2 == 0 { checkBars(bytes, splits: splits, equals: whole) }
    if size % 3 == 0 { checkOverrides(bytes, splits: splits) }
    var parser = CSVStreamParser(file: "fuzz.csv")
    var offset = 0
    var step = 1
    while offset < bytes.count {
        let n = min(step, bytes.count - offset)
        parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n]))
        offset += n
        step = step * 3 % 17 + 1
    }
    let chunked = Result { () throws(LoadError) in try parser.finish() }
    switch (whole, chunked) {
    case (.success(let a), .success(let b)):
        if a != b { fatalError("chunked load differs from whole load") }
        // Following re-sorts the whole series on every row out of order: kept to one input in
        // four of at most a few hundred lines, so the run stays fast.
        if bytes.count <= 8192 && size % 4 == 1 { checkFollowing(bytes, equals: a) }
        let t = a.series.times
        for i in t.indices.dropFirst() where t[i] <= t[i - 1] { fatalError("times not strictly ascending") }
        if a.series.prices.contains(where: { !$0.isFinite }) { fatalError("non-finite price") }
    case (.failure(let a), .failure(let b)):
        if a != b { fatalError("chunked error differs: \(a) vs \(b)") }
        if a.description.contains("\n") { fatalError("multi-line error") }
    default:
        fatalError("whole and chunked loads disagree")
    }
    FuzzCompressed.check(bytes)
    return 0
}

/// With `--columns`, `--date-format` and `--separator` (chosen by the input's size), a load
/// in one piece, in chunks and in parts agree, and an error stays one line.
func checkOverrides(_ bytes: UnsafeRawBufferPointer, splits: [Int]) {
    let choices = [ReadingOverrides(columns: "time,open,high,low,close,volume,-"),
                   ReadingOverrides(columns: "date,time,close", separator: ";"),
                   ReadingOverrides(dateFormat: "%d.%m.%Y %H:%M:%S.%f"),
                   ReadingOverrides(columns: "-,time,price", dateFormat: "%Y%m%d %H%M%S", separator: "tab")]
    let options = LoadOptions(bars: .all, reading: choices[bytes.count / 3 % choices.count])
    let whole = Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv", options: options) }
    let parts = Result { () throws(LoadError) in
        try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv", options: options, splits: splits)
    }
    var parser = CSVStreamParser(file: "fuzz.csv", options: options)
    var offset = 0
    while offset < bytes.count {
        let n = min(5, bytes.count - offset)
        parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n]))
        offset += n
    }
    let chunked = Result { () throws(LoadError) in try parser.finish() }
    if !chunked.isSame(as: whole) { fatalError("with \(options.reading) a chunked load differs from the whole load") }
    if !parts.isSame(as: whole) { fatalError("with \(options.reading) a load in parts at \(splits) differs from the single pass") }
    if let message = whole.failureMessage, message.contains("\n") { fatalError("multi-line error") }
}

extension Result where Success == LoadedSeries, Failure == LoadError {
    /// The error's message, nil on success.
    var failureMessage: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }

    /// The same series, report, layout and bars (to the bit: a NaN gap equals a NaN gap), or the same error.
    func isSame(as other: Self) -> Bool {
        switch (self, other) {
        case (.success(let a), .success(let b)):
            func bits(_ c: BarColumns?) -> [[UInt64]?] { [c?.open, c?.high, c?.low, c?.volume].map { $0?.map(\.bitPattern) } }
            return a.series == b.series && a.report == b.report && a.layout == b.layout && a.barNames == b.barNames
                && bits(a.bars) == bits(b.bars)
        case (.failure(let a), .failure(let b)):
            return a == b
        default:
            return false
        }
    }
}

/// Reading the open, high, low and volume too keeps the same rows, one value of each a
/// row, the same in parts as in one pass to the bit (NaN gaps included).
func checkBars(_ bytes: UnsafeRawBufferPointer, splits: [Int], equals line: Result<LoadedSeries, LoadError>) {
    let options = LoadOptions(bars: .all)
    let whole = Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv", options: options) }
    let parts = Result { () throws(LoadError) in
        try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv", options: options, splits: splits)
    }
    func bits(_ b: BarColumns?) -> [[UInt64]?] { [b?.open, b?.high, b?.low, b?.volume].map { $0?.map(\.bitPattern) } }
    switch (line, whole, parts) {
    case (.success(let l), .success(let w), .success(let p)):
        if l.series != w.series || l.report != w.report || l.barNames != w.barNames {
            fatalError("reading the bars changed the rows kept")
        }
        if let b = w.bars, b.count != w.series.count { fatalError("bars for \(b.count) of \(w.series.count) rows") }
        if p.series != w.series || bits(p.bars) != bits(w.bars) { fatalError("bars in parts at \(splits) differ") }
    case (.failure(let a), .failure(let b), .failure(let c)):
        if a != b || b != c { fatalError("bars load fails otherwise: \(a) \(b) \(c)") }
    default:
        fatalError("reading the bars changed whether the file loads")
    }
}

/// Following the same bytes line by line (rows handed out, appended in place) ends
/// with the series a load gives, once the last line is complete.
func checkFollowing(_ bytes: UnsafeRawBufferPointer, equals loaded: LoadedSeries) {
    var parser = CSVStreamParser(file: "fuzz.csv")
    var series = PriceSeries(name: loaded.series.name, times: [], prices: [], hasTimeOfDay: false)
    var index = MinMaxIndex([])
    var start = 0
    let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A } + (bytes.last == 0x0A ? [] : [bytes.count])
    for end in lineEnds {
        if end == bytes.count {
            parser.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            parser.feed([0x0A])
        } else {
            parser.feed(UnsafeRawBufferPointer(rebasing: bytes[start...end]))
        }
        start = end + 1
        guard parser.layout != nil, let rows = try? parser.takeNewRows() else { continue }
        if rows.columnChanged {
            guard let snapshot = try? parser.snapshot() else { continue }
            series = snapshot.series
            index = MinMaxIndex(series.prices)
        } else {
            _ = index.append(times: rows.times, prices: rows.prices, offsets: rows.offsets, to: &series)
        }
    }
    // A last line without its line end: the follower was given one, as a growing file would.
    guard let followed = try? parser.snapshot() else { fatalError("a follower could not read what a load read") }
    if followed.series != loaded.series || series.times != loaded.series.times || series.prices != loaded.series.prices
        || series.hasTimeOfDay != loaded.series.hasTimeOfDay {
        fatalError("following line by line differs from the load: \(followed.series) \(series) vs \(loaded.series)")
    }
    if index.count != series.count || (series.count > 0 && index.minMax(0...(series.count - 1)) != MinMaxIndex(series.prices).minMax(0...(series.count - 1))) {
        fatalError("the appended index differs from a fresh one")
    }
}

#if FUZZING
/// libFuzzer's driver (in the runtime linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// SwiftPM links an executable's entry as `<target>_main` and points `main` at it,
/// so with `-DFUZZING` that entry starts libFuzzer's driver.
@_cdecl("TradeChartFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector) { data, size in fuzzLoadPriceFile(data, size) }
}
#else
/// Without libFuzzer (a normal `swift build`): replays the files given as arguments.
@main
enum FuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let f = fopen(path, "rb") else { continue }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, f)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(f)
            _ = bytes.withUnsafeBufferPointer { fuzzLoadPriceFile($0.baseAddress, $0.count) }
            print("ok \(path)")
        }
    }
}
#endif
