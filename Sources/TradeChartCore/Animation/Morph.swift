/// An eased transition between two projections over a duration, started at a
/// time given by the caller (the core never reads a clock).
public struct Morph: Sendable, Equatable {
    public var from: ChartProjection
    public var to: ChartProjection
    /// Start time in seconds on the caller's monotonic clock.
    public var start: Double
    /// Length in seconds; 0 means the target is shown at once.
    public var duration: Double
    package var curve: CubicBezier
    /// The eased progress at which `from` was on screen: 0 for a morph that starts
    /// at `start`, more for one continued towards a new target (see `retargeted`).
    package var easedStart: Double = 0

    public init(from: ChartProjection, to: ChartProjection, start: Double, duration: Double,
                curve: CubicBezier = .morph) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// Linear progress 0...1 at `time`.
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((time - start) / duration, 0), 1)
    }

    public func isFinished(at time: Double) -> Bool { progress(at: time) >= 1 }

    /// What is on screen at `time`. At the end this is exactly the target.
    package func projection(at time: Double) -> ChartProjection {
        let p = progress(at: time)
        if p >= 1 { return to }
        let remaining = 1 - easedStart
        let eased = remaining > 1e-12 ? max(0, (curve.value(at: p) - easedStart) / remaining) : 1
        var current = from.interpolated(to: to, eased)
        // The colour switches at the midpoint of the morph's time.
        current.rising = p < 0.5 ? from.rising : to.rising
        return current
    }

    /// The same motion continued from what is on screen at `time` towards `newTarget`:
    /// no jump (the picture at `time` is unchanged), the same end time and the same
    /// easing for the rest of the way. Rows that arrive during a morph use this.
    package func retargeted(to newTarget: ChartProjection, at time: Double) -> Morph {
        let p = progress(at: time)
        var next = Morph(from: projection(at: time), to: newTarget, start: start, duration: duration, curve: curve)
        next.easedStart = p >= 1 ? 1 : curve.value(at: p)
        return next
    }
}
