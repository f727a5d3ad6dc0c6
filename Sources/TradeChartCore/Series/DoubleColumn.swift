#if canImport(Glibc)
import Glibc
#endif

/// A column of Doubles written through an unsafe pointer, as a whole-series pass (an
/// indicator's outputs, a min-max index's levels) fills it: no `append` per row, so no
/// uniqueness or capacity check per value. A new column of 2 MiB or more is advised to
/// the kernel as worth transparent huge pages (`madvise(MADV_HUGEPAGE)` on the pages it
/// spans) before its first row is written: where huge pages are given only when asked
/// (`/sys/kernel/mm/transparent_hugepage/enabled` at `madvise`), each 2 MiB-aligned stretch
/// inside it is then one page fault instead of 512: a fresh 80 MB column costs 40 faults
/// instead of 20,000, is written about three times as fast, and is read later with few TLB
/// misses. The advice is a hint: where it is refused the column is the same, only slower to
/// write. Rows appended later (a followed file) grow it in place, amortised O(1) each.
package enum DoubleColumn {
    /// The size from which a new column is advised: a huge page's. A column of 2-4 MiB holds a
    /// whole aligned huge page only where it happens to start (an indicator line's first index
    /// level at 1e7 rows, 2.5 MB: about a fifth of them), but the advice costs one system call.
    static let adviceBytes = 2 << 20

    /// A new column of `count` values with room for `capacity`: `write` gets the address of
    /// row 0 and must write rows `0..<count`.
    package static func make(count: Int, capacity: Int? = nil, _ write: (UnsafeMutablePointer<Double>) -> Void) -> [Double] {
        let room = max(count, capacity ?? count)
        guard room > 0 else { return [] }
        return [Double](unsafeUninitializedCapacity: room) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            write(buffer.baseAddress!)
            initialized = count
        }
    }

    /// Grows `column` to `count` values: `write` gets the rows to write (from the old count
    /// on) and the address of row 0. An empty column is made anew with a sixteenth more room
    /// (room never written takes no memory), so a followed file's first rows fit.
    static func grow(_ column: inout [Double], to count: Int,
                     _ write: (Range<Int>, UnsafeMutablePointer<Double>) -> Void) {
        let from = column.count
        guard count > from else { return }
        if from == 0 {
            column = make(count: count, capacity: count + count / 16) { write(0..<count, $0) }
            return
        }
        // Geometric growth (`append`), the new rows' placeholders overwritten at once.
        column.append(contentsOf: repeatElement(Double.nan, count: count - from))
        column.withUnsafeMutableBufferPointer { write(from..<count, $0.baseAddress!) }
    }

    /// Grows two columns of the same count together (`grow(_:to:_:)`).
    static func grow(_ a: inout [Double], _ b: inout [Double], to count: Int,
                     _ write: (Range<Int>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void) {
        grow(&a, to: count) { rows, pa in
            grow(&b, to: count) { _, pb in write(rows, pa, pb) }
        }
    }

    /// Grows three columns of the same count together (`grow(_:to:_:)`).
    static func grow(_ a: inout [Double], _ b: inout [Double], _ c: inout [Double], to count: Int,
                     _ write: (Range<Int>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                               UnsafeMutablePointer<Double>) -> Void) {
        grow(&a, &b, to: count) { rows, pa, pb in
            grow(&c, to: count) { _, pc in write(rows, pa, pb, pc) }
        }
    }

    /// An empty column with room for `capacity` elements, advised as a new column is: what
    /// a loader reserves for the rows of a whole file before it reads them, and an indicator's
    /// pass for its checkpoints.
    package static func reserved<T>(_ capacity: Int, of type: T.Type = T.self) -> [T] {
        guard capacity > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            initialized = 0
        }
    }

    /// Advises the pages `bytes` spans as worth huge pages, when they are `adviceBytes` or more
    /// (the kernel gives huge pages only to the 2 MiB-aligned stretches inside; the advice on
    /// the pages at either end, shared with what lies beside, changes nothing but that).
    private static func adviseHugePages(_ bytes: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard bytes.count >= adviceBytes, let base = bytes.baseAddress else { return }
        let page = 4096
        let start = Int(bitPattern: base) & ~(page - 1)
        let end = (Int(bitPattern: base) + bytes.count + page - 1) & ~(page - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, Int32(MADV_HUGEPAGE))
        #endif
    }
}
