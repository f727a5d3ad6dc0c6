import FoundationEssentials
import TradeChartCore
import TradeChartSystem

/// Writes what the viewer remembers about a file to the state file: at most once a
/// second while it keeps changing, and whatever is pending on the way out (`q`, or a
/// signal). A problem with the state file (a folder that cannot be written, a lock
/// held too long) is said once on the status line; one met on the way out is kept
/// in `problemOnExit` for standard error.
public final class StateFileService: HostService {
    private let store: StateStore
    private let key: String
    private var view: RememberedView
    private var debouncer: WriteDebouncer
    public private(set) var nextTick: Double?
    /// A problem the last save (on the way out) met, to say once the terminal is given back.
    public private(set) var problemOnExit: StateFileProblem?
    /// While a save runs in the background, it is looked at this often for problems.
    static let saveLookInterval = 0.1

    /// - Parameters:
    ///   - stored: what the state file held for `key`, nil when nothing.
    ///   - opening: what the viewer opens with (its range; the theme and charset when
    ///     the command line gave them); written soon when it differs from `stored`.
    public init(store: StateStore, key: String, stored: RememberedView?, opening: RememberedView, interval: Double = 1) {
        self.store = store
        self.key = key
        view = opening
        debouncer = WriteDebouncer(interval: interval)
        var comparable = opening
        comparable.updated = stored?.updated ?? 0
        if comparable != stored {
            debouncer.markChanged()
            nextTick = 0
        }
    }

    public func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
        guard case .remember(var remembered) = command else { return [] }
        remembered.updated = view.updated
        guard remembered != view else { return [] }
        view = remembered
        debouncer.markChanged()
        nextTick = debouncer.delay(at: time).map { time + $0 }
        return []
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        if debouncer.shouldWrite(at: time) { write(wait: false) }
        nextTick = debouncer.delay(at: time).map { time + $0 }
        if store.isSaving { nextTick = min(nextTick ?? .infinity, time + Self.saveLookInterval) }
        return store.takeProblem().map { [.note($0.description)] } ?? []
    }

    public func finish() {
        if debouncer.isDirty { write(wait: true) } else { store.flush() }
        problemOnExit = store.takeProblem()
    }

    private func write(wait: Bool) {
        view.updated = Date().timeIntervalSince1970
        store.remember(view, for: key)
        store.save(wait: wait)
    }
}
