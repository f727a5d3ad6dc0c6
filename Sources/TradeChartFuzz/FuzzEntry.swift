import Glibc
import TradeChartCore

/// libFuzzer entry: the input is a whole price file, loaded in one piece and
/// again fed in uneven chunks; both must agree (or fail alike) and never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoadPriceFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let whole = Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: "fuzz.csv") }
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
        let t = a.series.times
        for i in t.indices.dropFirst() where t[i] <= t[i - 1] { fatalError("times not strictly ascending") }
        if a.series.prices.contains(where: { !$0.isFinite }) { fatalError("non-finite price") }
    case (.failure(let a), .failure(let b)):
        if a != b { fatalError("chunked error differs: \(a) vs \(b)") }
        if a.description.contains("\n") { fatalError("multi-line error") }
    default:
        fatalError("whole and chunked loads disagree")
    }
    return 0
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
