/// Bytes that can be read at any offset, from several threads at once: what the
/// loader reads a file in parts from. The system layer gives a regular file
/// (`FileBytes`, with `pread`); `MemoryBytes` gives bytes already in memory.
package protocol ByteSource: Sendable {
    /// The name used in messages.
    var name: String { get }
    /// The size when reading started.
    var size: Int { get }
    /// Whether reading may find bytes past `size` (a file that grows while it is read).
    var mayGrow: Bool { get }
    /// Reads up to `buffer.count` bytes at `offset` into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(LoadError) -> Int
}

/// Bytes already in memory as a `ByteSource`, for tests and fuzzing: the caller keeps
/// them alive and unchanged while they are read.
package struct MemoryBytes: ByteSource, @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    package let name: String

    package init(_ bytes: UnsafeRawBufferPointer, name: String) {
        self.bytes = bytes
        self.name = name
    }

    package var size: Int { bytes.count }
    package var mayGrow: Bool { false }

    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        let n = max(0, min(buffer.count, bytes.count - offset))
        if n > 0, let to = buffer.baseAddress, let from = bytes.baseAddress { to.copyMemory(from: from + offset, byteCount: n) }
        return n
    }
}
