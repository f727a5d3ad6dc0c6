/// Why a price file could not be loaded at all. Every case names the file
/// (the path as given, or `standard input`); `description` is one line.
public enum LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened (missing, no permission, a directory, ...).
    case cannotOpen(file: String, reason: String)
    /// Reading failed part way (an I/O error).
    case readFailed(file: String, reason: String)
    /// The file holds no bytes, or only blank lines.
    case empty(file: String)
    /// The bytes are not UTF-8/ASCII text (NUL bytes, UTF-16).
    case notText(file: String, line: Int, reason: String)
    /// The first line is not a header of column names.
    case noHeader(file: String, line: Int, reason: String)
    /// No column in the header names a time.
    case noTimeColumn(file: String, columns: [String])
    /// No column in the header names a price.
    case noPriceColumn(file: String, columns: [String])
    /// `--column NAME` names no column of the header.
    case columnNotFound(file: String, column: String, columns: [String])
    /// The header was fine but no row gave a time and a price.
    case noValidRows(file: String, line: Int?, reason: String)
    /// The progress callback stopped the load.
    case cancelled(file: String)
    /// A compressed file or archive is cut short or corrupt (`reason` says where and how).
    case damaged(file: String, reason: String)
    /// A zip archive holds several files and none was named (`member` nil), or none by the
    /// name given as `archive.zip:member`; `members` lists the files it holds.
    case archiveMember(file: String, member: String?, members: [String])
    /// `--columns`, `--date-format` or `--separator` is wrong: as written (then `file` names
    /// the option), or for the file's first data row (`reason` names the column).
    case badOverride(file: String, line: Int?, reason: String)

    /// Time column names looked for, as shown in messages.
    package static let timeColumnNames = ["Date", "Datetime", "Timestamp", "Time", "Date/Time", "Datum", "Zeit"]
    /// Price column names looked for, in order of preference, as shown in messages.
    package static let priceColumnNames = ["Close", "Adj Close", "Price", "Last", "Value", "Schlusskurs", "Kurs"]

    /// The file the error is about.
    public var file: String {
        switch self {
        case .cannotOpen(let f, _), .readFailed(let f, _), .empty(let f), .notText(let f, _, _),
             .noHeader(let f, _, _), .noTimeColumn(let f, _), .noPriceColumn(let f, _),
             .columnNotFound(let f, _, _), .noValidRows(let f, _, _), .cancelled(let f),
             .damaged(let f, _), .archiveMember(let f, _, _), .badOverride(let f, _, _):
            return f
        }
    }

    /// The line the error is about, when there is one.
    public var line: Int? {
        switch self {
        case .notText(_, let l, _), .noHeader(_, let l, _): return l
        case .noValidRows(_, let l, _), .badOverride(_, let l, _): return l
        default: return nil
        }
    }

    public var description: String { TextSanitizer.clean("\(file): \(reason)") }

    /// What went wrong, without the file's name (a row of the overview says it beside the name).
    public var reason: String {
        let text: String
        switch self {
        case .cannotOpen(_, let reason): text = "cannot open: \(reason)"
        case .readFailed(_, let reason): text = "read failed: \(reason)"
        case .empty: text = "file is empty (no header, no rows)"
        case .notText(_, let line, let reason): text = "line \(line): not a text file: \(reason)"
        case .noHeader(_, let line, let reason): text = "line \(line): no header: \(reason)"
        case .noTimeColumn(_, let columns):
            text = "no time column (looked for \(Self.timeColumnNames.joined(separator: ", "))\(Self.found(columns)))"
        case .noPriceColumn(_, let columns):
            text = "no price column (looked for \(Self.priceColumnNames.joined(separator: ", "))\(Self.found(columns)))"
        case .columnNotFound(_, let column, let columns):
            text = "no column '\(column)' (columns: \(columns.joined(separator: ", ")))"
        case .noValidRows(_, let line, let reason), .badOverride(_, let line, let reason):
            text = (line.map { "line \($0): " } ?? "") + reason
        case .cancelled: text = "loading cancelled"
        case .damaged(_, let reason): text = "damaged: \(reason)"
        case .archiveMember(let archive, let member, let members):
            let list = members.isEmpty ? "it holds no file" : "files: \(members.joined(separator: ", "))"
            text = member.map { "no file '\($0)' in the archive (\(list))" }
                ?? "it holds \(members.count) files: name one, as in \(archive):\(members.first ?? "MEMBER") (\(list))"
        }
        return TextSanitizer.clean(text)
    }

    static func found(_ columns: [String]) -> String {
        columns.isEmpty ? "" : "; found \(columns.joined(separator: ", "))"
    }
}
