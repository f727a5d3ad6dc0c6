/// How the overview's rows are ordered; `o` goes to the next.
public enum OverviewOrder: String, CaseIterable, Sendable {
    /// By name, A to Z (letters' case ignored).
    case name
    /// By the change over the range, the largest rise first.
    case change
    /// By the date of the newest row, the newest first.
    case lastDate = "last date"
    /// As the folder lists the files (or the command line gives them).
    case folder = "as in the folder"

    /// The order after this one.
    var next: OverviewOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
