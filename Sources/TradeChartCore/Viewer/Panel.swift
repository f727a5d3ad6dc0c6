/// The panel over the chart (`?`, `d`, `!`) and how far it is scrolled.
///
/// Invariant: no panel is scrolled; a panel's scroll is never negative (`open(_:)` starts at
/// the top and `scroll(to:)` clamps).
struct Panel: Sendable, Equatable {
    private(set) var overlay: Overlay = .none
    /// How far the open panel is scrolled, in lines.
    private(set) var scroll = 0

    /// Opens `overlay` at its top (`.none` closes the panel).
    mutating func open(_ overlay: Overlay) {
        self.overlay = overlay
        scroll = 0
    }

    /// Scrolls the open panel to `line`, within `0...end` (no panel: stays at 0).
    mutating func scroll(to line: Int, end: Int) {
        scroll = overlay == .none ? 0 : min(max(0, line), max(0, end))
    }
}
