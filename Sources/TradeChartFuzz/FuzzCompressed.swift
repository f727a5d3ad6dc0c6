import Glibc
import TradeChartCore
import TradeChartSystem

/// The compressed paths under the fuzzer: the input as a file, loaded as a path is. An input
/// that starts with a magic number (the compressed fixtures are seeds: their mutations are
/// truncations and corruptions) is decoded as it is; any other gets one of the five magic
/// numbers put before it (random bytes after a valid magic). Any outcome but a crash is
/// fine, a failure said in one line; the load is stopped after 16 decoded chunks (1 MiB each), so that a
/// small input that decodes to gigabytes (zstd's and bzip2's runs) does not count as a hang.
enum FuzzCompressed {
    static let magics: [[UInt8]] = [[0x1F, 0x8B], [0x28, 0xB5, 0x2F, 0xFD], [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
                                    [0x42, 0x5A, 0x68, 0x39], [0x50, 0x4B, 0x03, 0x04]]

    /// One file for every input, unlinked at once: written over each time.
    nonisolated(unsafe) static var file: Int32 = {
        var name = Array("/tmp/tradechart-fuzz-XXXXXX".utf8CString)
        let fd = mkstemp(&name)
        if fd >= 0 { unlink(name) }
        return fd
    }()

    static func check(_ bytes: UnsafeRawBufferPointer) {
        guard file >= 0 else { return }
        let magic = magics.contains { bytes.starts(with: $0) } ? [] : magics[bytes.count % magics.count]
        guard ftruncate(file, 0) == 0, pwrite(file, magic, magic.count, 0) == magic.count,
              pwrite(file, bytes.baseAddress, bytes.count, off_t(magic.count)) == bytes.count,
              lseek(file, 0, SEEK_SET) == 0 else { return }
        final class Chunks: @unchecked Sendable { var count = 0 }
        let chunks = Chunks()
        let stop = LoadProgressReporting(interval: 0, clock: { 0 }) { _ in
            chunks.count += 1
            return chunks.count > 16 ? .cancel : .proceed
        }
        for threads in [1, 2] {
            chunks.count = 0
            let loaded = Result { () throws(LoadError) in
                try SeriesLoader.load(descriptor: file, fileName: "fuzz.gz", options: LoadOptions(threads: threads), progress: stop)
            }
            if case .failure(let error) = loaded, error.description.contains("\n") { fatalError("multi-line error: \(error)") }
            lseek(file, 0, SEEK_SET)
        }
    }
}
