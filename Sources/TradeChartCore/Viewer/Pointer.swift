/// Where the person points on the chart: the scrub cursor, the mark (Space), the
/// arrow key being held, and whether each step of the cursor plays its tone (`s`).
///
/// Invariant: a cursor lies in the points shown; `keep(within:)` hides one that does not,
/// and every change of the points shown goes through it.
struct Pointer: Sendable, Equatable {
    /// The scrub cursor's point index, nil when hidden.
    var cursor: Int?
    /// The marked moment (Space), nil when none: the header measures from it to the cursor.
    var mark: Int64?
    /// The arrow key being held, while its repeats keep arriving.
    var scrubHold: ScrubHold?
    /// Whether each cursor step plays a tone (`s`).
    var tones: Bool

    init(tones: Bool) {
        self.tones = tones
    }

    /// Hides the cursor when it is not on one of `slice`'s points.
    mutating func keep(within slice: RangeSlice) {
        if let c = cursor, !slice.contains(c) { cursor = nil }
    }
}
