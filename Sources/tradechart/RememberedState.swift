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
