/// The status line: the note shown now, the latest notes for `!`, and the rules that
/// decide what a followed input's looks say.
///
/// Invariant: the words shown are free of control characters, and `messages` holds the latest
/// `messageLimit` messages' words, oldest first, each once in a row: `say(_:)` is the one way a note
/// is shown.
struct StatusLine: Sendable {
    /// The message shown, nil for none.
    private(set) var message: StatusMessage?
    /// Its words, free of control characters (every message goes through `TextSanitizer`,
    /// whoever worded it), nil for none.
    private(set) var text: String?
    /// The latest notes, oldest first (at most `messageLimit`): `!` shows them whole.
    private(set) var messages: [String] = []
    static let messageLimit = 20
    /// The status-line rules for the followed input, when one is followed.
    var followStatus: FollowStatus?

    init(followed: String?) {
        followStatus = followed.map(FollowStatus.init(name:))
    }

    /// Shows `message` (nil clears the line); a new one is kept among the messages.
    mutating func say(_ message: StatusMessage?) {
        let clean = message.map { TextSanitizer.clean($0.text) }
        // The progress of a read is kept among the messages once, not at every step.
        let progressing = if case .readingOlderRows = message, case .readingOlderRows = self.message { true } else { false }
        if let clean, clean != text, !progressing { remember(clean) }
        self.message = message
        text = clean
    }

    /// Keeps `message`, dropping the oldest beyond `messageLimit`.
    private mutating func remember(_ message: String) {
        messages.append(message)
        if messages.count > Self.messageLimit { messages.removeFirst(messages.count - Self.messageLimit) }
    }
}

/// What an event does to the status line: leaves it, clears it, or shows a message.
enum StatusChange: Sendable, Equatable {
    case keep
    case clear
    case show(StatusMessage)
    /// A key's message: the line is cleared and shows it anew, so it is kept among the
    /// messages again even when it was already shown.
    case renew(StatusMessage)

    /// Shows `message`, or leaves the line as it is without one.
    static func showing(_ message: StatusMessage?) -> StatusChange { message.map(StatusChange.show) ?? .keep }
}

extension StatusLine {
    /// Makes `change`.
    mutating func apply(_ change: StatusChange) {
        switch change {
        case .keep: break
        case .clear: say(nil)
        case .show(let message): say(message)
        case .renew(let message):
            say(nil)
            say(message)
        }
    }
}
