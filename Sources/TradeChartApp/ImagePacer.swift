/// When the loop may send the plot's next image: at most 30 a second, and after an image
/// that took longer to write than that (the terminal was slow to take it: the write
/// blocks until it does), not before as long again has passed, so the frames between
/// are skipped instead of piling up in the terminal. The text keeps its own pace.
public struct ImagePacer: Sendable {
    /// The shortest time between two images: 30 a second.
    public static let interval = 1.0 / 30
    /// When the next image may go out.
    public private(set) var nextAllowed = -Double.infinity

    public init() {}

    /// Whether an image may go out at `now` (a frame's start a little early counts: the
    /// loop wakes at its own frame interval).
    public func allows(at now: Double) -> Bool { now >= nextAllowed - 0.002 }

    /// An image was written from `start` to `end`.
    public mutating func wrote(start: Double, end: Double) {
        let took = end - start
        nextAllowed = max(start + Self.interval, end + (took > Self.interval ? took : 0))
    }
}
