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

    /// Its word on the command line and in the state file: `name`, `change`, `date`, `folder`.
    public var argument: String {
        switch self {
        case .name: "name"
        case .change: "change"
        case .lastDate: "date"
        case .folder: "folder"
        }
    }

    /// The order `--order` names, nil for another word.
    public init?(argument: String) {
        guard let found = Self.allCases.first(where: { $0.argument == argument.lowercased() }) else { return nil }
        self = found
    }

    /// The order after this one.
    var next: OverviewOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
