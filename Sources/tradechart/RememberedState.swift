import Foundation
import TradeChartCore
import TradeChartSystem

/// Reads the state file in the background: the person's settings, and what is
/// remembered for one price file, keyed by its absolute path (none for standard input).
final class RememberedState: @unchecked Sendable {
    let store: StateStore?
    /// The price file's key in the state file, nil for standard input.
    let key: String?
    private let done = DispatchSemaphore(value: 0)
    private var note: String?
    /// What `finish` found, kept for a second call.
    private var finished: (view: RememberedView?, settings: UserSettings?, note: String?)??

    private init(store: StateStore?, key: String?) {
        self.store = store
        self.key = key
    }

    /// Starts reading the state file, for `files` (standard input among them: the settings
    /// only). One file is remembered by its absolute path; several compared, by the set of
    /// their paths (the same files in any order are the same comparison).
    static func startLoading(for files: [String]) -> RememberedState? {
        guard let url = StateStore.defaultURL() else { return nil }
        let key: String? = files.contains("-") ? nil : Set(files.map {
            URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path
        }).sorted().joined(separator: "\n")
        let memory = RememberedState(store: StateStore(url: url), key: key)
        DispatchQueue.global().async {
            memory.note = memory.store?.load()
            memory.done.signal()
        }
        return memory
    }

    /// The view remembered for this file, the person's settings, and a note when the
    /// state file was unreadable. Waits at most a few milliseconds: a slow disk means
    /// starting without it. A second call answers as the first did.
    func finish() -> (view: RememberedView?, settings: UserSettings?, note: String?)? {
        if let finished { return finished }
        let found: (view: RememberedView?, settings: UserSettings?, note: String?)?
        if done.wait(timeout: .now() + .milliseconds(20)) == .success {
            found = (key.flatMap { store?.view(for: $0) }, store?.settings, note)
        } else {
            found = nil
        }
        finished = .some(found)
        return found
    }
}
