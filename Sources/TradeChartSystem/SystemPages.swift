import Glibc
import TradeChartCore

/// Hands pages back to the system with `madvise(MADV_DONTNEED)`, the page size from `sysconf`.
struct SystemPages: PageRelease {
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    func release(_ bytes: UnsafeMutableRawBufferPointer) {
        madvise(bytes.baseAddress, bytes.count, Int32(MADV_DONTNEED))
    }
}
