import TradeChartCore
import TradeChartSystem

/// Looks at a followed file or stream and hands what it found to the viewer as a `.follow`
/// event (for one of several files compared, a `.followFile` event with its number).
///
/// It looks when the input says it changed (its `wakeDescriptor`, in the loop's `poll`), at
/// once after a quiet spell and otherwise `interval` seconds after the last look at the
/// least, so that rows streaming in are taken a batch a look; and where the input cannot
/// say, or says nothing for a while, when the follower's `lookDue` comes.
public final class FollowService: HostService {
    private let follower: Follower
    /// The file's number among those shown (0: the first).
    private let file: Int
    /// The least time between two looks (`--refresh`).
    private let interval: Double
    /// The first look is at once: rows may have arrived while the viewer opened.
    public private(set) var nextTick: Double? = 0
    private var lastLook = -Double.infinity
    /// Whether the input's wake-up is listened to: not once a look is set for it, until that look.
    private var listening = true

    public init(follower: Follower, file: Int = 0, interval: Double = FileFollower.defaultLookInterval) {
        self.follower = follower
        self.file = file
        self.interval = interval
    }

    public var wakeDescriptor: Int32? { listening && nextTick != nil ? follower.wakeDescriptor : nil }

    public func woke(at time: Double) {
        guard wakeDescriptor != nil, follower.takeWake(), let due = nextTick else { return }
        listening = false
        nextTick = min(due, max(time, lastLook + interval))
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        let change = follower.poll()
        lastLook = time
        listening = true
        nextTick = follower.lookDue(every: interval).map { time + $0 }
        guard change != .none else { return [] }
        return [file == 0 ? .follow(change) : .followFile(file, change)]
    }
}
