import TradeChartCore
import TradeChartSystem

/// Looks at a followed file or stream whenever the follower says a look is worth it
/// and hands what it found to the viewer as a `.follow` event (for one of several files
/// compared, a `.followFile` event with its number).
public final class FollowService: HostService {
    private let follower: Follower
    /// The file's number among those shown (0: the first).
    private let file: Int
    /// The first look is at once: rows may have arrived while the viewer opened.
    public private(set) var nextTick: Double? = 0

    public init(follower: Follower, file: Int = 0) {
        self.follower = follower
        self.file = file
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        let change = follower.poll()
        nextTick = follower.nextLook.map { time + $0 }
        guard change != .none else { return [] }
        return [file == 0 ? .follow(change) : .followFile(file, change)]
    }
}
