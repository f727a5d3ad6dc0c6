/// Where a `MinMaxIndex` gets values it does not keep (issue 25): an indicator's line is
/// not stored whole but worked out again, a few rows at a time, from the state its step had
/// at the last checkpoint before them and the input columns (`CheckpointedIndicator`). The
/// index keeps the line's block extremes, so a min-max query replays only its two edges.
package protocol LineReplay: Sendable {
    /// How many rows the line has.
    var count: Int { get }
    /// Writes the line's values of `rows` (inside `0..<count`) to `out`, in order.
    func values(_ rows: Range<Int>, into out: UnsafeMutablePointer<Double>)
    /// Writes the line's values of the rows of `runs` (inside `0..<count`, in increasing order,
    /// none overlapping), run after run, to `out`: worked out in one pass over them (a frame
    /// asks for the rows at every column's edges at once).
    func values(runs: [Range<Int>], into out: UnsafeMutablePointer<Double>)
}
