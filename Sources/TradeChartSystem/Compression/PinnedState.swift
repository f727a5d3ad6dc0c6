/// A C library's stream structure kept at one address (zlib, liblzma and libbz2 keep
/// pointers back to it), started when made and ended when released.
final class PinnedState<State> {
    let pointer: UnsafeMutablePointer<State>
    private let end: (UnsafeMutablePointer<State>) -> Void

    /// `empty` zeroed as the library wants it; `start` sets it up and says whether it could.
    init(_ empty: State, library: String, start: (UnsafeMutablePointer<State>) -> Bool,
         end: @escaping (UnsafeMutablePointer<State>) -> Void) throws(DecodeFailure) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: empty)
        guard start(pointer) else {
            pointer.deallocate()
            throw DecodeFailure(reason: "\(library) could not start")
        }
        self.end = end
    }

    deinit {
        end(pointer)
        pointer.deallocate()
    }
}
