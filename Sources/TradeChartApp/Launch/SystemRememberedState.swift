import Dispatch
import FoundationEssentials
import TradeChartCore
import TradeChartSystem

/// Reads the state file in the background: the person's settings, and what is
/// remembered for the price files shown, keyed by their absolute paths (none for standard input).
public final class SystemRememberedState: RememberedState, @unchecked Sendable {
    let store: StateStore
    /// The files' key in the state file, nil for standard input.
    let key: String?
    private let done = DispatchSemaphore(value: 0)
    private var note: String?
    /// What `finish` found, kept for a second call.
    private var finished: Remembered??

    private init(store: StateStore, key: String?) {
        self.store = store
        self.key = key
    }

    /// Starts reading the state file, for `files` (standard input among them: the settings
    /// only). One file is remembered by its absolute path; several compared, by the set of
    /// their paths (the same files in any order are the same comparison). Nil when there
    /// is no place for a state file.
    public static func startLoading(for files: [String]) -> SystemRememberedState? {
        guard let url = StateStore.defaultURL() else { return nil }
        let key: String? = files.contains("-") ? nil : Set(files.map {
            URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path
        }).sorted().joined(separator: "\n")
        let memory = SystemRememberedState(store: StateStore(url: url), key: key)
        // A thread of its own, not Dispatch's: a worker of Dispatch's pool would have its monitor
        // wake the viewer every second for as long as it runs (see `ConcurrentMap`).
        let read: @Sendable () -> Void = {
            memory.note = memory.store.load()
            memory.done.signal()
        }
        if JoinableThread(name: "tradechart state", read) == nil { read() }
        return memory
    }

    /// Waits at most a few milliseconds: a slow disk means starting without it.
    public func finish() -> Remembered? {
        if let finished { return finished }
        let found: Remembered?
        if done.wait(timeout: DispatchTime.now() + .milliseconds(20)) == .success {
            found = Remembered(view: key.flatMap { store.view(for: $0) }, settings: store.settings, note: note)
        } else {
            found = nil
        }
        finished = .some(found)
        return found
    }

    public func remember(screenReader: Bool) {
        store.remember(UserSettings(screenReader: screenReader, updated: Date().timeIntervalSince1970))
        store.save()
    }

    public func writer(stored: RememberedView?, opening: RememberedView) -> StateFileService? {
        key.map { StateFileService(store: store, key: $0, stored: stored, opening: opening) }
    }

    public func flush() { store.flush() }
}
