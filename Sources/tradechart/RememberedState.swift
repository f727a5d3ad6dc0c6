import Foundation
import TradeChartCore
import TradeChartSystem

/// Reads the state file in the background for one price file, keyed by its absolute path.
final class RememberedState: @unchecked Sendable {
    let store: StateStore?
    let key: String
    private let done = DispatchSemaphore(value: 0)
    private var note: String?

    private init(store: StateStore?, key: String) {
        self.store = store
        self.key = key
    }

    /// Starts reading the state for `file` (nothing for standard input).
    static func startLoading(for file: String) -> RememberedState? {
        guard file != "-", let url = StateStore.defaultURL() else { return nil }
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        let memory = RememberedState(store: StateStore(url: url), key: absolute)
        DispatchQueue.global().async {
            memory.note = memory.store?.load()
            memory.done.signal()
        }
        return memory
    }

    /// The view remembered for this file and a note when the state file was unreadable.
    /// Waits at most a few milliseconds: a slow disk means starting without it.
    func finish() -> (view: RememberedView?, note: String?)? {
        guard done.wait(timeout: .now() + .milliseconds(20)) == .success else { return nil }
        return (store?.view(for: key), note)
    }
}

/// Writes the viewer's range to the state file: debounced while keys are pressed,
/// once more on quit.
final class RememberedStateSaver: @unchecked Sendable {
    let memory: RememberedState
    var debouncer = WriteDebouncer(interval: 1)
    var view: RememberedView

    init(memory: RememberedState, previous: RememberedView?, theme: String?, charset: String?) {
        self.memory = memory
        view = previous ?? RememberedView()
        if let theme { view.theme = theme }
        if let charset { view.charset = charset }
        if previous == nil || theme != nil || charset != nil { debouncer.markChanged() }
    }

    func note(range: ChartRange) {
        guard view.range != range.label else { return }
        view.range = range.label
        debouncer.markChanged()
    }

    /// Writes when due; returns the seconds until the next write is due, nil when none is pending.
    func tick(at now: Double) -> Double? {
        if debouncer.shouldWrite(at: now) { store() }
        return debouncer.delay(at: now)
    }

    /// On quit: write what is pending, and wait for it.
    func finish() {
        if debouncer.isDirty { store(wait: true) } else { memory.store?.flush() }
    }

    private func store(wait: Bool = false) {
        view.updated = Date().timeIntervalSince1970
        memory.store?.remember(view, for: memory.key)
        memory.store?.save(wait: wait)
    }
}
