/// Gives memory back to the system while a large array is copied elsewhere, so that
/// joining the parts of a file never holds its rows twice (see `CSVStreamParser.move`).
/// The system layer gives `SystemPages`; `KeepPages` gives nothing back.
package protocol PageRelease: Sendable {
    /// The size of a page: only whole pages are released.
    var pageSize: Int { get }
    /// Hands back the pages of `bytes` (page-aligned, whole pages): their contents are never read again.
    func release(_ bytes: UnsafeMutableRawBufferPointer)
}

/// Releases nothing: the memory goes back when its array is freed.
package struct KeepPages: PageRelease {
    package init() {}
    package var pageSize: Int { 4096 }
    package func release(_ bytes: UnsafeMutableRawBufferPointer) {}
}
