import Glibc

/// An arrow key held down: its repeats arrive quickly, and each moves the cursor a
/// little further than the one before, from one point to one dot column (on ranges
/// with more points than dot columns), so every point can be reached with single
/// presses and a long range is still crossed in a few seconds.
struct ScrubHold: Sendable, Equatable {
    /// A press this soon after the previous one in the same direction is a repeat.
    /// Terminals repeat a held key every 30 to 90 ms; a person tapping is slower.
    static let repeatGap = 0.125
    /// Seconds of holding until a step is a whole dot column.
    static let rampDuration = 1.5

    /// -1 or +1.
    var direction: Int
    /// When the hold began, and when its last repeat arrived.
    var start: Double
    var last: Double

    /// The hold after a press in `direction` at `time`: continued when it is a quick
    /// repeat of the same direction, else a new one.
    func pressed(_ direction: Int, at time: Double) -> ScrubHold {
        let repeats = direction == self.direction && time >= last && time - last <= Self.repeatGap
        return ScrubHold(direction: direction, start: repeats ? start : time, last: time)
    }

    /// Points to move for a press after holding `held` seconds, where one dot column
    /// holds `pointsPerColumn` points: 1 at first, growing by the same factor with
    /// every moment held (smooth across orders of magnitude), `pointsPerColumn` at the end.
    static func points(held: Double, pointsPerColumn: Double) -> Double {
        guard pointsPerColumn > 1, held > 0 else { return 1 }
        let progress = min(held / rampDuration, 1)
        return exp(progress * log(pointsPerColumn))
    }
}
