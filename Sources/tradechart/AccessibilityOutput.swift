import Glibc
import TradeChartCore
import TradeChartSystem

// What `--describe` and `--audiograph FILE` do. Each returns the exit status:
// 0 when done, 1 when the output cannot be written (the reason on standard error).

/// Prints the description of what `state` shows to standard output (`--describe`): the
/// range or window in words, its times in the `--tz` zone, and the moving averages asked for.
func printDescription(of state: ViewerState) -> Int32 {
    StandardOutput.writeOrSay(state.descriptionLines.joined(separator: "\n") + "\n", what: "the description")
}

/// A file given on the command line: its bytes for the system (they need not be UTF-8)
/// and its name as shown (repaired to UTF-8, see `RawArguments`).
struct CommandLinePath {
    var bytes: [UInt8]
    var shown: String

    /// Calls `body` with the path as a C string.
    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The device and inode of the file at the path (following links), nil when there is none.
    var identity: (dev_t, ino_t)? {
        var info = stat()
        return withCString { stat($0, &info) } == 0 ? (info.st_dev, info.st_ino) : nil
    }
}

/// Writes the audiograph of `slice` as a WAV file to `path` (`--audiograph FILE`).
func writeAudiograph(of series: PriceSeries, slice: RangeSlice, to path: CommandLinePath) -> Int32 {
    let bytes = Audiograph().wav(of: series, slice: slice)
    let say = { StandardError.writeLine("tradechart: cannot write '\(path.shown)': \(String(cString: strerror(errno)))") }
    guard let file = path.withCString({ fopen($0, "wb") }) else {
        say()
        return 1
    }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let flushed = fflush(file)
    let flushErrno = errno
    let closed = fclose(file)
    guard written == bytes.count, flushed == 0, closed == 0 else {
        if flushed != 0 { errno = flushErrno }
        say()
        return 1
    }
    return 0
}
