/// The files compared with the primary one (SPEC section 9): the others, sampled at the
/// primary's times, and which file of the command line the primary is.
///
/// Invariant (checked by `init(primaryFile:others:)`): every file number appears once,
/// the primary's among none of the others.
struct Comparison: Sendable {
    /// The other files compared with this one (empty for one file).
    private(set) var others: [ComparedSeries]
    /// Which file of the command line the primary one is (0, the first, until `Tab`).
    private(set) var primaryFile: Int

    init(primaryFile: Int = 0, others: [ComparedSeries] = []) {
        let files = others.map(\.file) + [primaryFile]
        precondition(Set(files).count == files.count, "each file is compared once")
        self.primaryFile = primaryFile
        self.others = others
    }

    /// The other file `k` grown or reloaded; it keeps its file number.
    mutating func replace(_ k: Int, with other: ComparedSeries) {
        precondition(other.file == others[k].file, "a file keeps its number")
        others[k] = other
    }

    /// Rows appended to the other file `k`, grown in place on the primary's calendar.
    mutating func append(_ rows: NewRows, toOther k: Int, primary: PriceSeries) {
        others[k].append(rows, on: primary)
    }

    /// The primary series grew from its point `first` on: every other file sampled at the new points.
    mutating func primaryGrew(to primary: PriceSeries, from first: Int) {
        for k in others.indices { others[k].primaryGrew(to: primary, from: first) }
    }

    /// Every other file seen on a new calendar (`sampled`), each keeping its number.
    mutating func resample(_ sampled: (ComparedSeries) -> ComparedSeries) {
        self = Comparison(primaryFile: primaryFile, others: others.map(sampled))
    }
}
