/// The status-line rules while an input is followed: a reload is said once, newly
/// skipped rows are said, a reason to wait is said once (not again on every look),
/// and a waiting or problem note is cleared when rows arrive again.
package struct FollowStatus: Sendable, Equatable {
    /// What the status line should do after a look.
    package enum Effect: Sendable, Equatable {
        case keep
        case show(String)
        case clear
    }

    /// The followed input's name, for messages.
    package let name: String
    private var lastNote: String?
    private var noteIsProblem = false

    package init(name: String) { self.name = TextSanitizer.clean(name) }

    /// The status line's change after the look that found `change`.
    package mutating func effect(of change: FollowChange) -> Effect {
        switch change {
        case .none:
            return .keep
        case .updated, .appended, .rewritten:
            var reloaded = false
            let summary: String?
            switch change {
            case .updated(let loaded, let wasReloaded):
                reloaded = wasReloaded
                summary = loaded.report.summary
            case .rewritten(let loaded):
                reloaded = true
                summary = loaded.report.summary
            case .appended(let rows): summary = rows.report.summary
            default: summary = nil
            }
            let wasProblem = noteIsProblem
            noteIsProblem = false
            if reloaded {
                let note = "\(name) was truncated or replaced: reloaded"
                lastNote = note
                return .show([note, summary].compactMap { $0 }.joined(separator: "; "))
            }
            if let summary, summary != lastNote {
                // More rows were skipped: say so.
                lastNote = summary
                return .show(summary)
            }
            return wasProblem ? .clear : .keep
        case .waiting(let reason), .problem(let reason):
            let isNew = reason != lastNote
            lastNote = reason
            noteIsProblem = true
            return isNew ? .show(reason) : .keep
        }
    }
}
