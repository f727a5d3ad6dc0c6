import Glibc
import TradeChartCore
import TradeChartSystem

// What `--describe` and `--audiograph FILE` do. Each returns the exit status:
// 0 when done, 1 when the range is unavailable or the file cannot be written
// (the reason on standard error).

/// Prints the plain-text description of `range` to standard output (`--describe`),
/// its times as `shown` has them (in the `--tz` zone).
func printDescription(of series: PriceSeries, shown: PriceSeries, range: ChartRange) -> Int32 {
    let description: RangeDescription
    switch series.slice(range) {
    case .available(let slice): description = RangeDescription(series: shown, slice: slice)
    case .unavailable(let reason):
        StandardError.writeLine("tradechart: \(reason)")
        return 1
    }
    for line in description.lines { print(line) }
    return 0
}

/// Writes the audiograph of `range` as a WAV file to `path` (`--audiograph FILE`).
func writeAudiograph(of series: PriceSeries, range: ChartRange, to path: String) -> Int32 {
    let slice: RangeSlice
    switch series.slice(range) {
    case .available(let available):
        slice = available
    case .unavailable(let reason):
        StandardError.writeLine("tradechart: \(reason)")
        return 1
    }
    let bytes = Audiograph().wav(of: series, slice: slice)
    guard let file = fopen(path, "wb") else {
        StandardError.writeLine("tradechart: cannot write '\(path)': \(String(cString: strerror(errno)))")
        return 1
    }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == bytes.count, closed == 0 else {
        StandardError.writeLine("tradechart: cannot write '\(path)': \(String(cString: strerror(errno)))")
        return 1
    }
    return 0
}
