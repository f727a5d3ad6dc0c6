/// What moves on its own: a morph between two projections and the audiograph playing
/// (the cursor follows the sound).
///
/// Invariant: a still state has no morph: `settle(at:)`, run before every event, drops a
/// finished one; a playback lasts a positive, finite time.
struct Animation: Sendable {
    /// The running morph, nil when the chart stands still.
    var morph: Morph?
    /// The oldest point drawn: during a morph it includes the points sliding in or out.
    var morphFirst = 0
    /// While the audiograph plays: when it started and how long it lasts.
    private(set) var playback: (start: Double, duration: Double)?

    /// Drops a finished morph.
    mutating func settle(at time: Double) {
        if let m = morph, m.isFinished(at: time) { morph = nil }
    }

    /// The audiograph started at `start` for `duration` seconds (nil: it is not playing).
    mutating func play(from start: Double, for duration: Double) {
        playback = duration > 0 && duration.isFinite ? (start, duration) : nil
    }

    mutating func stopPlayback() { playback = nil }
}
