import Synchronization

/// A count of bytes one thread adds to and another reads (compressed bytes read, for a
/// load's progress).
final class ByteCount: Sendable {
    private let value = Atomic<Int>(0)

    init() {}

    func add(_ n: Int) { value.add(n, ordering: .relaxed) }

    var total: Int { value.load(ordering: .relaxed) }
}
