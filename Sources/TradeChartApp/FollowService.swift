import TradeChartCore
import TradeChartSystem

/// Looks at a followed file or stream and hands what it found to the viewer as a `.follow`
/// event (for one of several files compared, a `.followFile` event with its number).
///
/// It looks when the input says it changed (its `wakeDescriptor`, in the loop's `poll`): at
/// once when the change before came half an interval ago or more (a row a minute, a row a
/// second are each drawn as they come), else, while changes stream in, `interval` seconds
/// after the last look, so that they are taken a batch a look (ten rows a second: ten a
/// look). Where the input cannot say, or says nothing for a while, it looks when the
/// follower's `lookDue` comes.
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
    /// When the input last said it changed (a wake-up, or changes found waiting at a look).
    private var lastChange = -Double.infinity

    public init(follower: Follower, file: Int = 0, interval: Double = FileFollower.defaultLookInterval) {
        self.follower = follower
        self.file = file
        self.interval = interval
    }

    public var wakeDescriptor: Int32? { listening && nextTick != nil ? follower.wakeDescriptor : nil }

    public func woke(at time: Double) {
        guard wakeDescriptor != nil, follower.takeWake(), let due = nextTick else { return }
        listening = false
        // Measured from the change before, not from the last look: rows that come at the
        // interval's own pace would otherwise each wait for the look an interval after the last.
        let streaming = time - lastChange < interval / 2
        lastChange = time
        nextTick = min(due, streaming ? max(time, lastLook + interval) : time)
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        // Changes that came after the wake-up this look was set for: they are streaming in.
        if !listening && follower.takeWake() { lastChange = time }
        let change = follower.poll()
        lastLook = time
        listening = true
        nextTick = follower.lookDue(every: interval).map { time + $0 }
        guard change != .none else { return [] }
        return [file == 0 ? .follow(change) : .followFile(file, change)]
    }
}
