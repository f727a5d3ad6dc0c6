import TradeChartCore

/// Why the state file could not be read or written as it should, in words for the
/// status line (and standard error after the viewer closed). None of them stops the
/// viewer: remembering the range is a convenience.
public enum StateFileProblem: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Not JSON of the state file's shape (half written by hand, say): ignored, and
    /// replaced by the next save.
    case unreadable(file: String, reason: String)
    /// Some entries had the wrong shape or an unknown version: those were dropped, the others kept.
    case entriesDropped(file: String, count: Int, firstKey: String, reason: String)
    /// Larger than any state file tradechart writes: neither read nor replaced.
    case tooLarge(file: String, bytes: Int, limit: Int)
    /// Written by a tradechart that knows a newer format: neither read nor replaced.
    case unknownVersion(file: String, version: Int)
    /// Something other than a file (a directory, a pipe) is at the state file's path: left alone.
    case notAFile(file: String)
    /// The state file, its folder or its lock cannot be written (permissions, a read-only
    /// disk, a file where the folder should be).
    case cannotWrite(file: String, reason: String)
    /// Another tradechart held the lock for longer than `seconds`: this save was skipped.
    case locked(file: String, seconds: Double)

    /// The state file the problem is about.
    public var file: String {
        switch self {
        case .unreadable(let f, _), .entriesDropped(let f, _, _, _), .tooLarge(let f, _, _),
             .unknownVersion(let f, _), .notAFile(let f), .cannotWrite(let f, _), .locked(let f, _):
            return f
        }
    }

    /// The kind of problem without its details: each kind is told once a session.
    var kind: Int {
        switch self {
        case .unreadable: 0
        case .entriesDropped: 1
        case .tooLarge: 2
        case .unknownVersion: 3
        case .notAFile: 4
        case .cannotWrite: 5
        case .locked: 6
        }
    }

    public var description: String {
        let name = TextSanitizer.clean(file)
        switch self {
        case .unreadable(_, let reason):
            return "State file \(name) is unreadable and was ignored (\(TextSanitizer.clean(reason)))"
        case .entriesDropped(_, let count, let key, let reason):
            let what = count == 1 ? "1 entry" : "\(count) entries"
            return "State file \(name): \(what) dropped, the first for \(TextSanitizer.clean(key)) (\(TextSanitizer.clean(reason)))"
        case .tooLarge(_, let bytes, let limit):
            return "State file \(name) is \(bytes) bytes, more than the \(limit) a state file can be: not read, not replaced"
        case .unknownVersion(_, let version):
            return "State file \(name) has version \(version), newer than this tradechart knows: not read, not replaced"
        case .notAFile:
            return "State file \(name) is not a regular file: left alone, nothing remembered"
        case .cannotWrite(_, let reason):
            return "Cannot save the state file \(name): \(TextSanitizer.clean(reason))"
        case .locked(_, let seconds):
            return "State file \(name) was locked by another tradechart for \(Int(seconds.rounded())) s: not saved"
        }
    }
}
