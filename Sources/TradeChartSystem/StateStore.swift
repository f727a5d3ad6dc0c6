import Dispatch
import FoundationEssentials
import Synchronization
import TradeChartCore

/// The state file: one small JSON file, `$XDG_STATE_HOME/tradechart/state.json`
/// (default `~/.local/state/tradechart/state.json`), holding a `RememberedView`
/// per file keyed by the file's absolute path, and the person's `UserSettings`,
/// shared by every tradechart running.
///
/// A save is a merge, never an overwrite: under a lock (`StateFileLock`) it reads
/// the file as it is now, puts in the views (and settings) this store remembered
/// since its last save (the newer one wins where two viewers remembered the same), and
/// replaces the file atomically (`StateFile`). So two viewers on two files keep
/// each other's entries, also when they quit at the same moment. Saves run on a
/// background queue, so drawing never waits.
///
/// Problems (an unwritable folder, a file too large to read) never stop the viewer;
/// each kind is told once: by `load()`, or later by `takeProblem()`.
public final class StateStore: @unchecked Sendable {
    public let url: URL
    private var path: String { url.path }
    private let queue = DispatchQueue(label: "tradechart.state")
    private let lock = Mutex(())
    /// What is known: the file as last read or written, with this store's views put in.
    private var contents = StateFileContents()
    /// The views remembered since they were last written.
    private var unsaved: [String: RememberedView] = [:]
    /// The settings remembered since they were last written.
    private var unsavedSettings: UserSettings?
    private var problems: [StateFileProblem] = []
    private var toldKinds: Set<Int> = []
    private var savesUnderWay = 0
    /// How many writes reached the disk (for tests and the benchmark).
    public private(set) var writeCount = 0
    /// Entries kept at most; the least recently changed go first.
    public static let maxEntries = 200
    /// A state file larger than this is neither read nor replaced.
    public static var maxFileBytes: Int { StateFile.maxBytes }
    /// How long a save waits for another tradechart's lock before it gives up.
    public static let lockTimeout = 2.0

    public init(url: URL) { self.url = url }

    /// The default location, from `XDG_STATE_HOME` or `HOME`.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("tradechart/state.json")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/tradechart/state.json")
    }

    /// Reads the file. A missing file is a fresh start (nil). Otherwise the returned
    /// note says what was wrong: an unreadable file (ignored, replaced by the next
    /// save), dropped entries (the others are read), or a file too large or of an
    /// unknown version (ignored and never replaced). The problems it names count as told.
    @discardableResult
    public func load() -> String? {
        var found: [StateFileProblem] = []
        do {
            switch try StateFile.read(path) {
            case .missing:
                break
            case .unreadable(let reason):
                found.append(.unreadable(file: path, reason: reason))
            case .contents(let read):
                if let first = read.dropped.first {
                    found.append(.entriesDropped(file: path, count: read.dropped.count, firstKey: first.key, reason: first.reason))
                }
                lock.withLock { _ in
                    contents = read
                    for (key, view) in unsaved { contents.files[key] = view }
                    if let unsavedSettings { contents.settings = unsavedSettings }
                }
            }
        } catch {
            found.append(error)
        }
        let told = lock.withLock { _ in found.filter { toldKinds.insert($0.kind).inserted } }
        return told.isEmpty ? nil : told.map(\.description).joined(separator: "; ")
    }

    public func view(for file: String) -> RememberedView? {
        lock.withLock { _ in contents.files[file] }
    }

    /// The person's settings, nil when none were saved.
    public var settings: UserSettings? {
        lock.withLock { _ in contents.settings }
    }

    /// Records the person's settings (in memory; `save` writes them).
    public func remember(_ settings: UserSettings) {
        lock.withLock { _ in
            contents.settings = settings
            unsavedSettings = settings
        }
    }

    /// True when something was remembered that was not written yet.
    public var hasUnsavedChanges: Bool {
        lock.withLock { _ in !unsaved.isEmpty || unsavedSettings != nil }
    }

    /// Records the view of a file (in memory; `save` writes it).
    public func remember(_ view: RememberedView, for file: String) {
        lock.withLock { _ in
            contents.files[file] = view
            unsaved[file] = view
        }
    }

    /// Merges what was remembered into the file, in the background; `wait` blocks until
    /// done (on exit). A problem is kept for `takeProblem()`.
    public func save(wait: Bool = false) {
        lock.withLock { _ in savesUnderWay += 1 }
        let work: @Sendable () -> Void = { [self] in
            let (changes, settings) = lock.withLock { _ in (unsaved, unsavedSettings) }
            let outcome = Result { () throws(StateFileProblem) in try merge(changes, settings: settings) }
            lock.withLock { _ in
                savesUnderWay -= 1
                switch outcome {
                case .success(let written):
                    writeCount += 1
                    // Views remembered while this save ran stay unsaved for the next one.
                    for (key, view) in changes where unsaved[key] == view { unsaved.removeValue(forKey: key) }
                    if unsavedSettings == settings { unsavedSettings = nil }
                    contents = written
                    for (key, view) in unsaved { contents.files[key] = view }
                    if let unsavedSettings { contents.settings = unsavedSettings }
                case .failure(let problem):
                    if toldKinds.insert(problem.kind).inserted { problems.append(problem) }
                }
            }
        }
        if wait { queue.sync(execute: work) } else { queue.async(execute: work) }
    }

    /// Waits for writes under way.
    public func flush() { queue.sync {} }

    /// True while a save is queued or running: a problem it meets is not known yet.
    public var isSaving: Bool { lock.withLock { _ in savesUnderWay > 0 } }

    /// The oldest problem a save met that was not taken yet, for the status line. Each
    /// kind of problem is given once a session, however often saving meets it again.
    public func takeProblem() -> StateFileProblem? {
        lock.withLock { _ in problems.isEmpty ? nil : problems.removeFirst() }
    }

    /// One read-modify-write of the file under the lock; returns what was written.
    private func merge(_ changes: [String: RememberedView], settings: UserSettings?) throws(StateFileProblem)
        -> StateFileContents {
        try StateFile.makeFolder(of: path)
        let held = try StateFileLock(for: path, timeout: Self.lockTimeout)
        var merged = StateFileContents()
        // A file too large, of a newer version or not a file throws: it is left alone.
        if case .contents(let onDisk) = try StateFile.read(path) {
            merged.files = onDisk.files
            merged.settings = onDisk.settings
        }
        if let settings, settings.updated >= merged.settings?.updated ?? -.infinity { merged.settings = settings }
        for (key, view) in changes {
            if let other = merged.files[key], other.updated > view.updated { continue }
            merged.files[key] = view
        }
        merged.prune(to: Self.maxEntries)
        let data: Data
        do {
            data = try merged.encoded()
        } catch {
            throw .cannotWrite(file: path, reason: "\(error)")
        }
        try StateFile.replace(path, with: data)
        _ = consume held
        return merged
    }
}
