import TradeChartCore
import TradeChartSystem

/// Looks at a followed file or stream whenever the follower says a look is worth it
/// and hands what it found to the viewer as a `.follow` event.
public final class FollowService: HostService {
    private let follower: Follower
    /// The first look is at once: rows may have arrived while the viewer opened.
    public private(set) var nextTick: Double? = 0

    public init(follower: Follower) { self.follower = follower }

    public func tick(at time: Double) -> [ViewerEvent] {
        let change = follower.poll()
        nextTick = follower.nextLook.map { time + $0 }
        return change == .none ? [] : [.follow(change)]
    }
}
