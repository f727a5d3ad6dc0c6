import TradeChartCore
import TradeChartSystem

/// `--follow` in the overview: looks at the files (and the folder) every `interval` seconds
/// (`--refresh`, a second unless it says otherwise), a file
/// that changed read again behind the screen and handed over as `.overviewFile`, a new one
/// listed with `.overviewAdded` (then read like the others).
public final class OverviewFollowService: HostService {
    private let watch: FolderWatch
    /// The first look at once: it finds nothing changed yet and sets the pace.
    public private(set) var nextTick: Double? = 0
    private let interval: Double

    public init(watch: FolderWatch, interval: Double = FileFollower.defaultLookInterval) {
        self.watch = watch
        self.interval = interval
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        let events = watch.look().map { change -> ViewerEvent in
            switch change {
            case .added(let path): .overviewAdded(path: path)
            case .read(let k, let content): .overviewFile(k, content)
            }
        }
        nextTick = time + (watch.isReading ? 0.1 : interval)
        return events
    }
}
