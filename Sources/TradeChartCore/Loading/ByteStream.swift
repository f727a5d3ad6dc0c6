/// Bytes read one after another as they come (standard input, a pipe, a file read
/// from where it stands): what the loader reads in one pass. The system layer gives
/// one over a file descriptor (`FileStream`, with `read`).
package protocol ByteStream {
    /// The name used in messages.
    var name: String { get }
    /// Reads the next bytes, up to `buffer.count`, into `buffer`; 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int
}
